/// SipHash-2-4 (Aumasson & Bernstein, 2012): a keyed hash that is the same on every machine and
/// in every process (Swift's `Hasher` is seeded per process, so it cannot decide a daily deal).
/// With a secret key it is a pseudo-random function: without the key its outputs cannot be
/// predicted, which is what keeps a server's daily deal from being learned offline.
public struct SipHash24: Sendable, Equatable {
    public let key0: UInt64
    public let key1: UInt64

    public init(key0: UInt64, key1: UInt64) {
        self.key0 = key0
        self.key1 = key1
    }

    /// The key from 16 bytes, read little-endian as the reference implementation reads them.
    public init?(keyBytes: [UInt8]) {
        guard keyBytes.count == 16 else { return nil }
        self.init(key0: Self.littleEndian(keyBytes, at: 0), key1: Self.littleEndian(keyBytes, at: 8))
    }

    public func hash(_ message: [UInt8]) -> UInt64 {
        var v0: UInt64 = 0x736f_6d65_7073_6575 ^ key0
        var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ key1
        var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ key0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ key1
        func round() {
            v0 &+= v1; v1 = rotate(v1, 13); v1 ^= v0; v0 = rotate(v0, 32)
            v2 &+= v3; v3 = rotate(v3, 16); v3 ^= v2
            v0 &+= v3; v3 = rotate(v3, 21); v3 ^= v0
            v2 &+= v1; v1 = rotate(v1, 17); v1 ^= v2; v2 = rotate(v2, 32)
        }
        let whole = message.count / 8 * 8
        var offset = 0
        while offset < whole {
            let m = Self.littleEndian(message, at: offset)
            v3 ^= m
            round(); round()
            v0 ^= m
            offset += 8
        }
        // The last block: the remaining bytes, and the message length in the top byte.
        var last = UInt64(truncatingIfNeeded: message.count) << 56
        for (shift, byte) in message[whole...].enumerated() { last |= UInt64(byte) << (8 * UInt64(shift)) }
        v3 ^= last
        round(); round()
        v0 ^= last
        v2 ^= 0xff
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        return value
    }
}

@inline(__always)
private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { (value << count) | (value >> (64 - count)) }
