import Foundation

/// What this host last exchanged with the database for one key: each file's version and the
/// SHA-256 of its bytes then. A file whose bytes differ has changed here since; a row whose
/// version differs has changed elsewhere. Kept in `<player directory>/fleet_versions` (beside
/// the game's homes, out of its reach), one "VERSION DIGEST NAME" line per file.
struct PlayerFileManifest: Equatable {
    struct Entry: Equatable {
        var version: Int
        var digest: String
    }

    var entries: [String: Entry] = [:]

    static func path(in directory: String) -> String { directory + "/fleet_versions" }

    /// The manifest in `directory`; empty when there is none, and lines that are not well
    /// formed are dropped (their files then count as new here, and a conflict keeps them).
    static func load(from directory: String, limits: PlayerFileLimits) -> PlayerFileManifest {
        var manifest = PlayerFileManifest()
        // Bounded: as many lines as files, each well under 256 bytes.
        guard case .success(let bytes?) = PlayerFileSet.readFile(path(in: directory), limit: (limits.maxFiles + 1) * 256),
              let text = String(bytes: bytes, encoding: .utf8) else { return manifest }
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 3, let version = Int(words[0]), version > 0, words[1].count == 64,
                  PlayerFileSet.isValid(String(words[2])) else { continue }
            manifest.entries[String(words[2])] = Entry(version: version, digest: String(words[1]))
        }
        return manifest
    }

    func save(to directory: String, stateFiles: StateFiles) throws {
        let text = entries.keys.sorted().map { "\(entries[$0]!.version) \(entries[$0]!.digest) \($0)\n" }.joined()
        try stateFiles.writeAtomically(Data(text.utf8), to: Self.path(in: directory))
    }
}
