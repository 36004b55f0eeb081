import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How many of a key's files, and how large, a fleet's database keeps (`--max-player-files`,
/// `--max-player-file-size`): the game's own files are three (best scores, themes, settings)
/// plus any it kept aside as corrupt, and it reads none over 1 MiB.
public struct PlayerFileLimits: Sendable, Equatable {
    public var maxFiles = 16
    public var maxFileBytes = 1 << 20
    public init() {}
}

/// The game's files in a player's directory, as the fleet keeps them: every regular file directly
/// in `config/memorize-tui/` and `state/memorize-tui/` (scores.json, themes.json, settings.json
/// and their `.corrupt-*` copies), named by their path there. Hidden files (the game's and our
/// temp files) are not the player's. Names from the database are checked as strictly, so a row
/// can never write outside those two directories.
enum PlayerFileSet {
    static let directories = ["config/memorize-tui", "state/memorize-tui"]
    /// First when the count is bounded: the files the game reads.
    static let known = ["state/memorize-tui/scores.json", "config/memorize-tui/themes.json", "config/memorize-tui/settings.json"]
    static let maximumNameLength = 128

    /// True when `name` is "config/memorize-tui/BASE" or "state/memorize-tui/BASE", BASE plain.
    static func isValid(_ name: String) -> Bool {
        guard let slash = name.lastIndex(of: "/"), directories.contains(String(name[..<slash])) else { return false }
        let base = name[name.index(after: slash)...]
        return !base.isEmpty && base.count <= maximumNameLength && !base.hasPrefix(".")
            && base.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
    }

    /// The game's files now in `directory`, at most `limits.maxFiles` (the known ones first);
    /// `skipped` says which were left out and why.
    static func read(_ directory: String, limits: PlayerFileLimits) -> (files: [String: [UInt8]], skipped: [String]) {
        var names: [String] = []
        for sub in directories {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + sub)) ?? []
            names += entries.map { sub + "/" + $0 }.filter(isValid)
        }
        names.sort { (rank($0), $0) < (rank($1), $1) }
        var files: [String: [UInt8]] = [:]
        var skipped: [String] = []
        for name in names {
            guard files.count < limits.maxFiles else {
                skipped.append("\(name): over \(limits.maxFiles) files")
                continue
            }
            switch readFile(directory + "/" + name, limit: limits.maxFileBytes) {
            case .success(let bytes?): files[name] = bytes
            case .success(nil): break  // not a regular file: not the game's
            case .failure(let problem): skipped.append("\(name): \(problem.description)")
            }
        }
        return (files, skipped)
    }

    private static func rank(_ name: String) -> Int { known.firstIndex(of: name) ?? known.count }

    /// The bytes of a regular file of at most `limit` bytes; nil for anything else (a link, a
    /// directory, a file that went away).
    static func readFile(_ path: String, limit: Int) -> Result<[UInt8]?, StateFiles.Failure> {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .success(nil) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & 0o170000 == 0o100000 else { return .success(nil) }
        guard status.st_size <= limit else {
            return .failure(StateFiles.Failure(description: "\(status.st_size) bytes, over the \(limit)-byte limit"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(StateFiles.Failure(description: "cannot read: \(String(cString: strerror(errno)))")) }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > limit { return .failure(StateFiles.Failure(description: "over the \(limit)-byte limit")) }
        }
        return .success(bytes)
    }

    /// Writes a row's bytes as the game's file (mode 0600): a hidden temp file, fsync, rename, so
    /// the game reads the old file or the new one, never a mix.
    static func write(_ bytes: [UInt8], name: String, in directory: String) throws {
        guard isValid(name) else { throw StateFiles.Failure(description: "not a player file name") }
        var path = directory
        for part in name.split(separator: "/").dropLast() {
            path += "/" + part
            try StateFiles.makeDirectory(path)
        }
        let final = directory + "/" + name
        let base = String(name.split(separator: "/").last!)
        let temporary = path + "/.\(base).fleet-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StateFiles.Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, final) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw StateFiles.Failure(description: "cannot write \(final): \(reason)")
        }
    }

    static func digest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
