#if canImport(Glibc)
import Glibc
#endif

/// The addresses `--trusted-proxy CIDR` names: only a connection from one of them may carry a
/// PROXY header, and it must; everyone else is served under its own address.
public struct TrustedProxies: Sendable, Equatable {
    struct Network: Sendable, Equatable {
        var bytes: [UInt8]   // 4 or 16
        var prefixLength: Int
    }

    var networks: [Network] = []

    public init() {}

    /// "127.0.0.1", "10.0.0.0/8", "::1/128": nil when it is none of these.
    public mutating func add(_ cidr: String) -> Bool {
        let parts = cidr.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let bytes = Self.raw(String(parts[0])) else { return false }
        var prefix = bytes.count * 8
        if parts.count == 2 {
            guard parts[1].count <= 3, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(parts[1]), value <= bytes.count * 8 else { return false }
            prefix = value
        }
        networks.append(Network(bytes: bytes, prefixLength: prefix))
        return true
    }

    public var isEmpty: Bool { networks.isEmpty }

    public func contains(_ address: String) -> Bool {
        guard var bytes = Self.raw(address) else { return false }
        // A dual-stack listener sees IPv4 peers as ::ffff:a.b.c.d.
        if bytes.count == 16 && bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            bytes = Array(bytes[12...])
        }
        return networks.contains { network in
            guard network.bytes.count == bytes.count else { return false }
            var left = network.prefixLength
            for (mine, theirs) in zip(network.bytes, bytes) where left > 0 {
                let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
                if mine & mask != theirs & mask { return false }
                left -= 8
            }
            return true
        }
    }

    static func raw(_ text: String) -> [UInt8]? {
        var raw = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, text, &raw) == 1 { return Array(raw.prefix(4)) }
        if inet_pton(AF_INET6, text, &raw) == 1 { return raw }
        return nil
    }
}
