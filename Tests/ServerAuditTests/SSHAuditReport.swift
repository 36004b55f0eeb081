import Foundation

/// What ssh-audit (`ssh-audit -j`) says about a server, reduced to what the audit test judges:
/// each failure and warning against an algorithm, the CVEs, the host keys offered.
struct SSHAuditReport {
    enum Level: String, Sendable { case fail, warn }

    /// One finding, e.g. "fail kex ecdh-sha2-nistp256: using elliptic curves that are suspected...".
    struct Finding: Hashable, CustomStringConvertible, Sendable {
        var level: Level
        var category: String   // kex, key, enc, mac
        var algorithm: String
        var note: String
        var description: String { "\(level.rawValue) \(category) \(algorithm): \(note)" }
    }

    var findings: [Finding]
    /// ssh-audit's "additional info" lines (its connection-rate test, Terrapin advice).
    var additionalNotes: [String]
    var cves: [String]
    var hostKeyAlgorithms: [String]
    /// SHA256 fingerprints of the host keys, without the "SHA256:" prefix.
    var sha256Fingerprints: [String]
    var banner: String

    struct Malformed: Error, CustomStringConvertible { var description: String }

    init(json: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw Malformed(description: "ssh-audit's output is not a JSON object")
        }
        findings = []
        for category in ["kex", "key", "enc", "mac"] {
            for entry in root[category] as? [[String: Any]] ?? [] {
                let algorithm = entry["algorithm"] as? String ?? "?"
                let notes = entry["notes"] as? [String: Any] ?? [:]
                for level in [Level.fail, .warn] {
                    for note in notes[level.rawValue] as? [String] ?? [] {
                        findings.append(Finding(level: level, category: category, algorithm: algorithm, note: note))
                    }
                }
            }
        }
        additionalNotes = root["additional_notes"] as? [String] ?? []
        cves = (root["cves"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "?"): \($0["description"] ?? "")" }
        hostKeyAlgorithms = (root["key"] as? [[String: Any]] ?? []).compactMap { $0["algorithm"] as? String }
        sha256Fingerprints = (root["fingerprints"] as? [[String: Any]] ?? [])
            .filter { $0["hash_alg"] as? String == "SHA256" }.compactMap { $0["hash"] as? String }
        banner = (root["banner"] as? [String: Any])?["raw"] as? String ?? ""
    }
}
