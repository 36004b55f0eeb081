import Crypto
import _CryptoExtras
import Foundation
import NIOCore
import NIOSSH

/// AES-CTR with HMAC-SHA-256 as a swift-nio-ssh transport protection, both ways RFC 4253 §6.4 and
/// OpenSSH's PROTOCOL §1.7 put them together:
/// - encrypt-and-MAC (`hmac-sha2-256`, RFC 6668): the whole packet, its length too, is encrypted;
///   the MAC is over `uint32 sequence_number || packet` in the clear, so the length is decrypted
///   (the first block) before the MAC can be checked;
/// - encrypt-then-MAC (`hmac-sha2-256-etm@openssh.com`): the length stays in the clear and the MAC
///   is over `uint32 sequence_number || length || ciphertext`, checked before anything is decrypted.
/// The cipher is RFC 4344's SDCTR: one 128-bit big-endian counter per direction, started at the IV
/// from key exchange and carried across packets (every packet is whole blocks, so each packet's
/// counter is the last one's plus its block count). Primitives: AES-CTR from swift-crypto's
/// _CryptoExtras (BoringSSL), HMAC and its constant-time check from Crypto; none is written here.
/// hmac-sha2-512 is not offered: its 64-byte key needs RFC 4253 §7.2's key extension, which
/// swift-nio-ssh 0.15.1 does not do (it truncates one hash, 32 bytes with curve25519-sha256).
class AESCTRHMACProtection {
    class var cipherName: String { fatalError("a subclass names its cipher") }
    class var macName: String? { fatalError("a subclass names its MAC") }
    class var keySizes: ExpectedKeySizes { fatalError("a subclass gives its key sizes") }
    /// Whether the MAC is encrypt-then-MAC (the length in the clear).
    class var encryptThenMAC: Bool { fatalError("a subclass says which MAC construction") }

    private var outboundKey: SymmetricKey
    private var inboundKey: SymmetricKey
    private var outboundMACKey: SymmetricKey
    private var inboundMACKey: SymmetricKey
    private var outboundCounter: SSHCounterBlock
    private var inboundCounter: SSHCounterBlock

    required init(initialKeys: NIOSSHSessionKeys) throws {
        (outboundKey, inboundKey, outboundMACKey, inboundMACKey, outboundCounter, inboundCounter) = try Self.checked(initialKeys)
    }

    private static func checked(_ keys: NIOSSHSessionKeys) throws
        -> (SymmetricKey, SymmetricKey, SymmetricKey, SymmetricKey, SSHCounterBlock, SSHCounterBlock) {
        let sizes = keySizes
        guard keys.outboundEncryptionKey.bitCount == sizes.encryptionKeySize * 8,
              keys.inboundEncryptionKey.bitCount == sizes.encryptionKeySize * 8,
              keys.outboundMACKey.bitCount == sizes.macKeySize * 8,
              keys.inboundMACKey.bitCount == sizes.macKeySize * 8 else {
            throw TransportProtectionError.keySize
        }
        guard let outbound = SSHCounterBlock(keys.initialOutboundIV), let inbound = SSHCounterBlock(keys.initialInboundIV) else {
            throw TransportProtectionError.ivSize
        }
        return (keys.outboundEncryptionKey, keys.inboundEncryptionKey, keys.outboundMACKey, keys.inboundMACKey, outbound, inbound)
    }

    /// CTR over `length` bytes (whole blocks) of `buffer` from `index`, from `counter`, which then
    /// points past them.
    private static func crypt(_ buffer: ByteBuffer, at index: Int, length: Int, key: SymmetricKey,
                              counter: inout SSHCounterBlock) throws -> Data {
        let nonce = try AES._CTR.Nonce(nonceBytes: counter.bytes)
        let out = try buffer.withUnsafeReadableBytes { all in
            let start = index - buffer.readerIndex
            return try AES._CTR.encrypt(UnsafeRawBufferPointer(rebasing: all[start..<start + length]), using: key, nonce: nonce)
        }
        counter.advance(blocks: length / 16)
        return out
    }

    /// HMAC-SHA-256 of `uint32 sequence_number || length bytes of buffer from index`.
    private static func mac(sequenceNumber: UInt32, _ buffer: ByteBuffer, at index: Int, length: Int,
                            key: SymmetricKey) -> HMAC<SHA256>.MAC {
        var hmac = HMAC<SHA256>(key: key)
        withUnsafeBytes(of: sequenceNumber.bigEndian) { hmac.update(data: $0) }
        buffer.withUnsafeReadableBytes { all in
            let start = index - buffer.readerIndex
            hmac.update(data: UnsafeRawBufferPointer(rebasing: all[start..<start + length]))
        }
        return hmac.finalize()
    }

    /// The received tag against the one computed, in constant time (Crypto's `==` for MACs).
    private static func verify(_ computed: HMAC<SHA256>.MAC, tagIn buffer: ByteBuffer, at index: Int) throws {
        let matches = buffer.withUnsafeReadableBytes { all in
            let start = index - buffer.readerIndex
            return computed == UnsafeRawBufferPointer(rebasing: all[start..<start + SHA256.byteCount])
        }
        guard matches else { throw TransportProtectionError.authentication }
    }
}

extension AESCTRHMACProtection: NIOSSHTransportProtection {
    static var cipherBlockSize: Int { 16 }
    var macBytes: Int { SHA256.byteCount }
    var lengthEncrypted: Bool { !Self.encryptThenMAC }

    func updateKeys(_ newKeys: NIOSSHSessionKeys) throws {
        (outboundKey, inboundKey, outboundMACKey, inboundMACKey, outboundCounter, inboundCounter) = try Self.checked(newKeys)
    }

    /// Encrypt-and-MAC: the first block holds the length; it is decrypted in place (the parser reads
    /// the length there) and the counter moves past it. Encrypt-then-MAC: the length is in the clear.
    func decryptFirstBlock(_ source: inout ByteBuffer) throws {
        guard !Self.encryptThenMAC else { return }
        let start = source.readerIndex
        guard source.readableBytes >= 16 else { throw TransportProtectionError.packetLength }
        let plain = try Self.crypt(source, at: start, length: 16, key: inboundKey, counter: &inboundCounter)
        source.setContiguousBytes(plain, at: start)
    }

    func decryptAndVerifyRemainingPacket(_ source: inout ByteBuffer, sequenceNumber: UInt32) throws -> ByteBuffer {
        let start = source.readerIndex
        let packetEnd = source.writerIndex - macBytes
        let packetBytes = packetEnd - start
        // Whole blocks (with the length for encrypt-and-MAC, without it for encrypt-then-MAC), at
        // least one of padding length, payload and padding. Encrypt-and-MAC's first block is
        // already decrypted (decryptFirstBlock).
        let encryptedStart = Self.encryptThenMAC ? start + 4 : start + 16
        let aligned = Self.encryptThenMAC ? packetBytes - 4 : packetBytes
        guard aligned >= 16, aligned % 16 == 0 else { throw TransportProtectionError.packetLength }
        if Self.encryptThenMAC {
            // The MAC first, over what came on the wire: nothing unauthenticated is decrypted.
            try Self.verify(Self.mac(sequenceNumber: sequenceNumber, source, at: start, length: packetBytes, key: inboundMACKey),
                            tagIn: source, at: packetEnd)
        }
        if packetEnd > encryptedStart {
            let plain = try Self.crypt(source, at: encryptedStart, length: packetEnd - encryptedStart, key: inboundKey,
                                       counter: &inboundCounter)
            source.setContiguousBytes(plain, at: encryptedStart)
        }
        if !Self.encryptThenMAC {
            try Self.verify(Self.mac(sequenceNumber: sequenceNumber, source, at: start, length: packetBytes, key: inboundMACKey),
                            tagIn: source, at: packetEnd)
        }
        // Authenticated: padding_length, payload, padding (RFC 4253 §6: at least 4 bytes of padding).
        let paddingLength = Int(source.getInteger(at: start + 4, as: UInt8.self)!)
        let payloadLength = packetBytes - 5 - paddingLength
        guard paddingLength >= 4, payloadLength >= 0 else { throw TransportProtectionError.padding }
        let payload = source.getSlice(at: start + 5, length: payloadLength)!
        source.moveReaderIndex(to: source.writerIndex)
        return payload
    }

    /// The serializer has laid out `length || padding_length || payload || padding` from the
    /// reader index; this encrypts it in place (all of it, or all but the length) and appends the MAC.
    func encryptPacket(_ destination: inout ByteBuffer, sequenceNumber: UInt32) throws {
        let start = destination.readerIndex
        let packetBytes = destination.writerIndex - start
        if Self.encryptThenMAC {
            let cipher = try Self.crypt(destination, at: start + 4, length: packetBytes - 4, key: outboundKey, counter: &outboundCounter)
            destination.setContiguousBytes(cipher, at: start + 4)
            let code = Self.mac(sequenceNumber: sequenceNumber, destination, at: start, length: packetBytes, key: outboundMACKey)
            destination.writeContiguousBytes(code)
        } else {
            let code = Self.mac(sequenceNumber: sequenceNumber, destination, at: start, length: packetBytes, key: outboundMACKey)
            let cipher = try Self.crypt(destination, at: start, length: packetBytes, key: outboundKey, counter: &outboundCounter)
            destination.setContiguousBytes(cipher, at: start)
            destination.writeContiguousBytes(code)
        }
    }
}

/// RFC 4344 §4's counter: the IV as one 128-bit big-endian integer, incremented per block (mod 2^128).
struct SSHCounterBlock {
    private var high: UInt64
    private var low: UInt64

    init?(_ iv: [UInt8]) {
        guard iv.count == 16 else { return nil }
        high = iv[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        low = iv[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }

    var bytes: [UInt8] {
        withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }
    }

    mutating func advance(blocks: Int) {
        let (sum, carried) = low.addingReportingOverflow(UInt64(blocks))
        low = sum
        if carried { high &+= 1 }
    }
}

/// Why a packet or a key was refused (swift-nio-ssh's own errors cannot be made outside it); any of
/// them closes the connection.
enum TransportProtectionError: Error {
    case keySize, ivSize, packetLength, authentication, padding
}
