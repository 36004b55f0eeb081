import Crypto
import Foundation
import NIOSSH

/// OpenSSH's key fingerprint, "SHA256:" and the unpadded base64 of the SHA-256 of the key's
/// wire blob, as `ssh-keygen -lf` prints it; and the same digest as a file name.
public struct KeyFingerprint: Hashable, Sendable, CustomStringConvertible {
    public let digest: [UInt8]

    public init(blob: Data) {
        digest = Array(SHA256.hash(data: blob))
    }

    public init?(_ key: NIOSSHPublicKey) {
        guard let blob = Self.blob(of: String(openSSHPublicKey: key)) else { return nil }
        self.init(blob: blob)
    }

    /// An `authorized_keys` or `.pub` line's key: "[options] type BASE64 [comment]".
    public init?(openSSHLine line: String) {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        for (index, word) in words.enumerated() where word.hasPrefix("ssh-") || word.hasPrefix("ecdsa-") {
            guard index + 1 < words.count, let blob = Data(base64Encoded: String(words[index + 1])) else { return nil }
            self.init(blob: blob)
            return
        }
        return nil
    }

    static func blob(of openSSH: String) -> Data? {
        let words = openSSH.split(separator: " ")
        guard words.count >= 2 else { return nil }
        return Data(base64Encoded: String(words[1]))
    }

    private var base64: String {
        Data(digest).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    public var description: String { "SHA256:" + base64 }

    /// URL-safe base64 (no "/", which a path would split on).
    public var fileName: String {
        base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }
}
