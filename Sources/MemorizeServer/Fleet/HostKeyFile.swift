import Crypto
import Foundation
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// `--host-key FILE`: the fleet's one host key, an OpenSSH Ed25519 private key as
/// `ssh-keygen -t ed25519 -N ''` writes it, so every host behind one name presents the same key.
/// The format is OpenSSH's PROTOCOL.key: "openssh-key-v1\0", cipher and KDF "none", one key.
public enum HostKeyFile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A host key file is a few hundred bytes; anything far larger is not one.
    static let maximumSize = 16 * 1024

    public static func load(_ path: String) throws -> (key: NIOSSHPrivateKey, fingerprint: KeyFingerprint) {
        let shown = ClientText.neutralisedLines(path)
        var status = stat()
        guard stat(path, &status) == 0 else { throw Failure(description: "cannot read the host key \(shown): \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(description: "the host key \(shown) is not a regular file") }
        guard status.st_mode & 0o077 == 0 else {
            throw Failure(description: "the host key \(shown) can be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard status.st_size <= maximumSize, let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read the host key \(shown) (at most \(maximumSize) bytes)")
        }
        do {
            let signing = try parse(String(decoding: data, as: UTF8.self))
            let key = NIOSSHPrivateKey(ed25519Key: signing)
            guard let fingerprint = KeyFingerprint(key.publicKey) else { throw Failure(description: "no fingerprint") }
            return (key, fingerprint)
        } catch let failure as Failure {
            throw Failure(description: "the host key \(shown) \(failure.description)")
        }
    }

    static func parse(_ text: String) throws -> Curve25519.Signing.PrivateKey {
        let begin = "-----BEGIN OPENSSH PRIVATE KEY-----", end = "-----END OPENSSH PRIVATE KEY-----"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            throw Failure(description: "is not an OpenSSH private key (make one with ssh-keygen -t ed25519 -N '')")
        }
        let body = text[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
        guard let decoded = Data(base64Encoded: String(body)) else { throw Failure(description: "is not valid base64") }
        var reader = Reader(bytes: [UInt8](decoded))
        guard reader.take(15) == Array("openssh-key-v1\0".utf8) else { throw Failure(description: "is not an openssh-key-v1 key") }
        guard try reader.string() == Array("none".utf8), try reader.string() == Array("none".utf8) else {
            throw Failure(description: "is encrypted; the server needs one without a passphrase (ssh-keygen -N '')")
        }
        _ = try reader.string()                        // KDF options: empty for "none"
        guard try reader.uint32() == 1 else { throw Failure(description: "holds more than one key") }
        _ = try reader.string()                        // the public key blob, repeated below
        var secret = Reader(bytes: try reader.string())
        guard try secret.uint32() == secret.uint32() else { throw Failure(description: "is damaged (check words differ)") }
        guard try secret.string() == Array("ssh-ed25519".utf8) else { throw Failure(description: "is not an Ed25519 key") }
        let publicKey = try secret.string(), privateKey = try secret.string()
        guard publicKey.count == 32, privateKey.count == 64, Array(privateKey[32...]) == publicKey,
              let signing = try? Curve25519.Signing.PrivateKey(rawRepresentation: privateKey[0..<32]),
              signing.publicKey.rawRepresentation == Data(publicKey) else {
            throw Failure(description: "is damaged (its Ed25519 halves do not agree)")
        }
        return signing
    }

    /// SSH wire reading (RFC 4251: uint32 big-endian, string = length + bytes), bounded by the data.
    struct Reader {
        var bytes: [UInt8]
        var offset = 0

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func uint32() throws -> UInt32 {
            guard let four = take(4) else { throw Failure(description: "is truncated") }
            return four.reduce(0) { $0 << 8 | UInt32($1) }
        }

        mutating func string() throws -> [UInt8] {
            guard let value = take(Int(try uint32())) else { throw Failure(description: "is truncated") }
            return value
        }
    }
}
