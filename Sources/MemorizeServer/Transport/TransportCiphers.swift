import NIOSSH

/// The ciphers and MACs the server offers, and `--ciphers` to narrow them (docs/hosting.md,
/// "Algorithms"). swift-nio-ssh negotiates a cipher and a MAC as one scheme, so every CTR cipher
/// comes once per MAC; the AES-GCM ones are swift-nio-ssh's own and ignore the MAC.
public enum TransportCiphers {
    typealias Scheme = (NIOSSHTransportProtection & _NIOSSHSendableMetatype).Type

    /// Every cipher the server has, in its order of preference (the client's order decides).
    public static let available = ["aes256-gcm@openssh.com", "aes128-gcm@openssh.com", "aes256-ctr", "aes128-ctr"]

    /// The MACs offered with the CTR ciphers, encrypt-then-MAC first.
    public static let macs = ["hmac-sha2-256-etm@openssh.com", "hmac-sha2-256"]

    /// Asked for often and not offered, with the reason `--ciphers` gives.
    static let unavailable: [String: String] = [
        "chacha20-poly1305@openssh.com": "swift-nio-ssh 0.15.1 derives at most one hash of key (32 bytes with curve25519-sha256) where it needs 64, gives no sequence number to decrypt the length with, and has no strict key exchange against Terrapin (docs/hosting.md, \"Algorithms\")",
    ]

    static let schemesInOrder: [Scheme] = NIOSSH.Constants.bundledTransportProtectionSchemes + [
        AES256CTRHMACSHA256ETM.self, AES128CTRHMACSHA256ETM.self, AES256CTRHMACSHA256.self, AES128CTRHMACSHA256.self,
    ]

    /// The schemes for these cipher names, in the server's order; empty names none.
    static func schemes(for ciphers: [String]) -> [Scheme] {
        schemesInOrder.filter { ciphers.contains($0.cipherName) }
    }

    /// `--ciphers aes256-gcm@openssh.com,aes128-ctr`: the names, or why the list is refused.
    public static func parse(_ list: String) -> Result<[String], ListError> {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
        guard list.utf8.count <= 1024, names.count <= 16 else { return .failure(ListError(description: "--ciphers is too long")) }
        var chosen: [String] = []
        for name in names {
            if let reason = unavailable[name] {
                return .failure(ListError(description: "--ciphers: \(name) is not offered: \(reason)"))
            }
            guard available.contains(name) else {
                return .failure(ListError(description: "--ciphers: no cipher \"\(ClientText.neutralised(name, limit: 64))\"; the server has \(available.joined(separator: ", "))"))
            }
            if !chosen.contains(name) { chosen.append(name) }
        }
        return .success(chosen)
    }

    public struct ListError: Error, CustomStringConvertible {
        public var description: String
    }
}

final class AES128CTRHMACSHA256: AESCTRHMACProtection, _NIOSSHSendableMetatype {
    override class var cipherName: String { "aes128-ctr" }
    override class var macName: String? { "hmac-sha2-256" }
    override class var keySizes: ExpectedKeySizes { .init(ivSize: 16, encryptionKeySize: 16, macKeySize: 32) }
    override class var encryptThenMAC: Bool { false }
}

final class AES256CTRHMACSHA256: AESCTRHMACProtection, _NIOSSHSendableMetatype {
    override class var cipherName: String { "aes256-ctr" }
    override class var macName: String? { "hmac-sha2-256" }
    override class var keySizes: ExpectedKeySizes { .init(ivSize: 16, encryptionKeySize: 32, macKeySize: 32) }
    override class var encryptThenMAC: Bool { false }
}

final class AES128CTRHMACSHA256ETM: AESCTRHMACProtection, _NIOSSHSendableMetatype {
    override class var cipherName: String { "aes128-ctr" }
    override class var macName: String? { "hmac-sha2-256-etm@openssh.com" }
    override class var keySizes: ExpectedKeySizes { .init(ivSize: 16, encryptionKeySize: 16, macKeySize: 32) }
    override class var encryptThenMAC: Bool { true }
}

final class AES256CTRHMACSHA256ETM: AESCTRHMACProtection, _NIOSSHSendableMetatype {
    override class var cipherName: String { "aes256-ctr" }
    override class var macName: String? { "hmac-sha2-256-etm@openssh.com" }
    override class var keySizes: ExpectedKeySizes { .init(ivSize: 16, encryptionKeySize: 32, macKeySize: 32) }
    override class var encryptThenMAC: Bool { true }
}
