import Crypto
import NIOCore
import NIOSSH
import Testing
@testable import MemorizeServer

/// The aes*-ctr transports against fixed vectors made with OpenSSL's command line (an
/// implementation of its own: `openssl enc -aes-128-ctr -nopad` over both packets in one stream,
/// `openssl dgst -sha256 -mac HMAC` over `uint32 seq || packet`), and the refusals that matter.
@Suite struct TransportCipherTests {
    static let iv = Array(UInt8(0xF0)...UInt8(0xFF))
    static let macKey = SymmetricKey(data: Array(UInt8(0x20)...UInt8(0x3F)))

    static func keys(_ bits: Int) -> NIOSSHSessionKeys {
        let key = SymmetricKey(data: Array(UInt8(0)..<UInt8(bits / 8)))
        return NIOSSHSessionKeys(initialInboundIV: iv, initialOutboundIV: iv, inboundEncryptionKey: key,
                                 outboundEncryptionKey: key, inboundMACKey: macKey, outboundMACKey: macKey)
    }

    /// `uint32 length || byte padding_length || payload || padding` in the clear.
    static func packet(_ payload: String, padding: Int, fill: UInt8) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(1 + payload.utf8.count + padding))
        buffer.writeInteger(UInt8(padding))
        buffer.writeString(payload)
        buffer.writeBytes(Array(repeating: fill, count: padding))
        return buffer
    }

    static func hex(_ buffer: ByteBuffer) -> String {
        buffer.readableBytesView.map { String(format: "%02x", $0) }.joined()
    }

    static func bytes(_ hex: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            buffer.writeInteger(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return buffer
    }

    static let payloads = ["memorize-tui says hi", "and then it says bye"]

    /// Encrypts both packets (sequence numbers 3 and 4) and reads them back with a second instance.
    static func roundTrip(_ scheme: AESCTRHMACProtection.Type, bits: Int, padding: Int, fill: UInt8) throws -> [String] {
        let sender = try scheme.init(initialKeys: keys(bits))
        let receiver = try scheme.init(initialKeys: keys(bits))
        var wires: [String] = []
        for (offset, payload) in payloads.enumerated() {
            var buffer = packet(payload, padding: padding, fill: fill)
            try sender.encryptPacket(&buffer, sequenceNumber: UInt32(3 + offset))
            wires.append(hex(buffer))
            try receiver.decryptFirstBlock(&buffer)
            let read = try receiver.decryptAndVerifyRemainingPacket(&buffer, sequenceNumber: UInt32(3 + offset))
            #expect(String(buffer: read) == payload)
            #expect(buffer.readableBytes == 0)
        }
        return wires
    }

    @Test("aes128-ctr + hmac-sha2-256 (encrypt-and-MAC): OpenSSL's bytes, the counter carried across packets")
    func encryptAndMACVector() throws {
        let wires = try Self.roundTrip(AES128CTRHMACSHA256.self, bits: 128, padding: 7, fill: 0xAA)
        #expect(wires == [
            "66a7c7f4333f5425f823b77d563bd9d8dba1a461ceed1cc5cd07d911c436b540a57515cdf999a433015713aa5654e1ab1135336e5e974cb967449003c12ca82a",
            "d271924a7b3a85f9dbf5e33c21b23c0550ab07234f9f3a3e32c7a9b2e5ca9d30102e4f972c5f07128f65b838e05a1fd6e6a471eabd080ae70400c75b550bc6d3",
        ])
    }

    @Test("aes256-ctr + hmac-sha2-256-etm@openssh.com: the length in the clear, the MAC over the ciphertext")
    func encryptThenMACVector() throws {
        let wires = try Self.roundTrip(AES256CTRHMACSHA256ETM.self, bits: 256, padding: 11, fill: 0xBB)
        #expect(wires == [
            "00000020996da8e04ce4e9b13f44922129121075b32c5b2898918f7ad51cee9af1cc3d3536b00692b5636205f7ca49e537880445ba1cc04ae8c483c14bc85bd9a863c82f",
            "00000020920d4f3f346c9dfd16a54964b52793f63a48a154b34b5c99a8a0674f47d8e31f9b4e4eed0cab31d565e0f0f2d668a07508c2e80b9196cb88365259a9e8688228",
        ])
    }

    static let firstWires = [
        false: "66a7c7f4333f5425f823b77d563bd9d8dba1a461ceed1cc5cd07d911c436b540a57515cdf999a433015713aa5654e1ab1135336e5e974cb967449003c12ca82a",
        true: "00000020996da8e04ce4e9b13f44922129121075b32c5b2898918f7ad51cee9af1cc3d3536b00692b5636205f7ca49e537880445ba1cc04ae8c483c14bc85bd9a863c82f",
    ]

    @Test("a flipped bit anywhere, a wrong sequence number or a short packet is refused", arguments: [false, true])
    func tampering(encryptThenMAC: Bool) throws {
        let scheme: AESCTRHMACProtection.Type = encryptThenMAC ? AES256CTRHMACSHA256ETM.self : AES128CTRHMACSHA256.self
        let bits = encryptThenMAC ? 256 : 128
        let wire = Self.firstWires[encryptThenMAC]!
        let good = Self.bytes(wire)
        // The length bytes are left alone (a changed length is a different framing, caught by the parser).
        for index in 4..<good.readableBytes {
            var bad = good
            bad.setInteger(good.getInteger(at: index, as: UInt8.self)! ^ 0x01, at: index)
            let receiver = try scheme.init(initialKeys: Self.keys(bits))
            try receiver.decryptFirstBlock(&bad)
            #expect(throws: TransportProtectionError.authentication) {
                _ = try receiver.decryptAndVerifyRemainingPacket(&bad, sequenceNumber: 3)
            }
        }
        var wrongSequence = good
        let receiver = try scheme.init(initialKeys: Self.keys(bits))
        try receiver.decryptFirstBlock(&wrongSequence)
        #expect(throws: TransportProtectionError.authentication) {
            _ = try receiver.decryptAndVerifyRemainingPacket(&wrongSequence, sequenceNumber: 4)
        }
        var short = good.getSlice(at: 0, length: 8 + 32)!
        #expect(throws: TransportProtectionError.packetLength) {
            _ = try scheme.init(initialKeys: Self.keys(bits)).decryptAndVerifyRemainingPacket(&short, sequenceNumber: 3)
        }
    }

    @Test("keys of the wrong size are refused, not truncated")
    func keySizes() throws {
        #expect(throws: TransportProtectionError.keySize) { try AES256CTRHMACSHA256.init(initialKeys: Self.keys(128)) }
        var shortIV = Self.keys(128)
        shortIV.initialInboundIV = Array(shortIV.initialInboundIV.prefix(12))
        #expect(throws: TransportProtectionError.ivSize) { try AES128CTRHMACSHA256.init(initialKeys: shortIV) }
    }

    @Test("the counter is one 128-bit big-endian integer: a carry crosses into the high half")
    func counterCarry() throws {
        var counter = try #require(SSHCounterBlock([0, 0, 0, 0, 0, 0, 0, 0xFF] + Array(repeating: 0xFF, count: 8)))
        counter.advance(blocks: 1)
        #expect(counter.bytes == [0, 0, 0, 0, 0, 0, 1, 0] + Array(repeating: 0, count: 8))
        var top = try #require(SSHCounterBlock(Array(repeating: 0xFF, count: 16)))
        top.advance(blocks: 2)
        #expect(top.bytes == Array(repeating: 0, count: 15) + [1])
    }

    @Test("--ciphers: a subset in the server's order; chacha20-poly1305, unknown names and empty lists refused")
    func cipherList() throws {
        #expect(try TransportCiphers.parse("aes128-ctr,aes256-gcm@openssh.com,aes128-ctr").get() == ["aes128-ctr", "aes256-gcm@openssh.com"])
        let names = TransportCiphers.schemes(for: ["aes128-ctr", "aes256-gcm@openssh.com"]).map { "\($0.cipherName) \($0.macName ?? "-")" }
        #expect(names == ["aes256-gcm@openssh.com -", "aes128-ctr hmac-sha2-256-etm@openssh.com", "aes128-ctr hmac-sha2-256"])
        #expect(TransportCiphers.schemes(for: TransportCiphers.available).count == 6)
        for refused in ["chacha20-poly1305@openssh.com", "aes128-cbc", "", "aes128-ctr,", "3des-cbc,aes128-ctr", "aes\u{1b}[2J"] {
            guard case .failure(let error) = TransportCiphers.parse(refused) else {
                Issue.record("--ciphers \(refused) was accepted")
                continue
            }
            #expect(!error.description.contains("\u{1b}"))
        }
        guard case .failure(let chacha) = TransportCiphers.parse("chacha20-poly1305@openssh.com") else { return }
        #expect(chacha.description.contains("not offered"))
    }
}
