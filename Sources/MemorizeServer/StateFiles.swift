import Crypto
import Foundation
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// The server's state directory: its host key and each player's files.
///
///     <state>/host_ed25519_key          32 raw bytes, mode 0600
///     <state>/players/<key digest>/     config, state and home of one public key
///     <state>/guests/<random>/          one keyless session's files, removed when it ends
public struct StateFiles: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let root: String
    public init(root: String) { self.root = root }

    public var hostKeyPath: String { root + "/host_ed25519_key" }

    /// The directory, made 0700 if missing and refused if others may use it.
    public func prepare() throws {
        try Self.makeDirectory(root)
        try checkPrivate()
    }

    /// The host key: read when present, otherwise made and written atomically (temp file, fsync,
    /// rename). A file that is not a key is kept and reported, never replaced.
    public func hostKey() throws -> (key: NIOSSHPrivateKey, fingerprint: KeyFingerprint) {
        try Self.makeDirectory(root)
        try checkPrivate()
        let signing: Curve25519.Signing.PrivateKey
        if let bytes = FileManager.default.contents(atPath: hostKeyPath) {
            guard bytes.count == 32, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes) else {
                throw Failure(description: "\(hostKeyPath) is not a host key (\(bytes.count) bytes, expected 32); "
                    + "move it away to make a new one")
            }
            signing = key
        } else {
            signing = Curve25519.Signing.PrivateKey()
            try writeAtomically(signing.rawRepresentation, to: hostKeyPath)
        }
        let publicKey = NIOSSHPrivateKey(ed25519Key: signing).publicKey
        guard let fingerprint = KeyFingerprint(publicKey) else {
            throw Failure(description: "cannot compute the host key's fingerprint")
        }
        return (NIOSSHPrivateKey(ed25519Key: signing), fingerprint)
    }

    /// The secrets in the state directory (the host key, the daily secret, the board's SQLite
    /// files) and the directory itself must be the server's alone: made 0600/0700, and refused
    /// when the group or others may use them (a copy or a chmod made them so).
    public func checkPrivate() throws {
        let files = ["", "/host_ed25519_key", "/daily_secret", "/leaderboard.sqlite", "/leaderboard.sqlite-wal", "/leaderboard.sqlite-shm"]
        for file in files {
            var status = stat()
            guard stat(root + file, &status) == 0 else { continue }
            let mode = status.st_mode & 0o777
            if mode & 0o077 != 0 {
                throw Failure(description: "\(root + file) is open to its group or others (mode \(String(mode, radix: 8))); "
                    + "it holds the server's secrets: chmod \(file.isEmpty ? "700" : "600") it")
            }
        }
    }

    /// A key's own directory, made on first use.
    public func playerDirectory(for fingerprint: KeyFingerprint) throws -> String {
        let directory = root + "/players/" + fingerprint.fileName
        try Self.makeDirectory(root + "/players")
        try Self.makeDirectory(directory)
        return directory
    }

    /// A fresh directory for a keyless session; the caller removes it when the session ends.
    public func guestDirectory() throws -> String {
        try Self.makeDirectory(root + "/guests")
        let name = (0..<12).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.joined()
        let directory = root + "/guests/" + name
        try Self.makeDirectory(directory)
        return directory
    }

    /// The XDG homes the game is given inside a player's directory.
    public static func gameEnvironment(playerDirectory: String) throws -> [String: String] {
        let homes = ["XDG_CONFIG_HOME": "config", "XDG_STATE_HOME": "state", "HOME": "home"]
        var environment: [String: String] = [:]
        for (name, sub) in homes {
            let path = playerDirectory + "/" + sub
            try Self.makeDirectory(path)
            environment[name] = path
        }
        return environment
    }

    static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    func writeAtomically(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(reason)")
        }
        let directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
