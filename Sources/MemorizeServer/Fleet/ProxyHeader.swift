#if canImport(Glibc)
import Glibc
#endif

/// HAProxy's PROXY protocol, versions 1 (a text line) and 2 (binary): the header a TCP balancer
/// sends before the client's first byte, naming the client's address. Parsed from bytes alone, so
/// the rules are tested without a network; `ProxyHeaderReader` feeds it a connection's bytes.
public enum ProxyHeader {
    /// A v1 line is at most 107 bytes by the specification; a v2 header is 16 bytes and a length.
    /// Its addresses take at most 216 bytes; TLVs past that are allowed up to this bound and skipped.
    public static let maximumLength = 16 + 512
    static let maximumLineLength = 107

    public enum Parse: Equatable, Sendable {
        /// The bytes so far are the start of a header.
        case needMore
        /// A whole header of `length` bytes; `client` is nil for a v2 LOCAL or a v1 UNKNOWN header
        /// (the balancer's own health check), when the connection's own address stands.
        case header(client: String?, length: Int)
        /// Not a header, or one that breaks the specification: the connection is closed.
        case malformed(String)
    }

    static let signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]
    static let linePrefix = Array("PROXY ".utf8)

    /// Whether `bytes` begin like a header of either version (or are a prefix of one): what a
    /// connection from an address that is not a trusted proxy must not send.
    public static func startsLikeHeader(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && (agrees(bytes, signature) || agrees(bytes, linePrefix))
    }

    public static func parse(_ bytes: [UInt8]) -> Parse {
        if agrees(bytes, signature) {
            return bytes.count < 16 ? .needMore : parseBinary(bytes)
        }
        if agrees(bytes, linePrefix) {
            return bytes.count < linePrefix.count ? .needMore : parseLine(bytes)
        }
        return .malformed("no PROXY protocol header")
    }

    /// The shorter of the two is a prefix of the longer.
    private static func agrees(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
        zip(bytes, prefix).allSatisfy { $0 == $1 }
    }

    private static func parseBinary(_ bytes: [UInt8]) -> Parse {
        let versionAndCommand = bytes[12], familyAndTransport = bytes[13]
        let length = 16 + (Int(bytes[14]) << 8 | Int(bytes[15]))
        guard versionAndCommand >> 4 == 2 else { return .malformed("PROXY v2 header of version \(versionAndCommand >> 4)") }
        guard length <= maximumLength else { return .malformed("PROXY v2 header of \(length) bytes (at most \(maximumLength))") }
        guard bytes.count >= length else { return .needMore }
        switch versionAndCommand & 0x0F {
        case 0: return .header(client: nil, length: length)   // LOCAL
        case 1: break                                          // PROXY
        default: return .malformed("PROXY v2 header with command \(versionAndCommand & 0x0F)")
        }
        let addresses = Array(bytes[16..<length])
        switch familyAndTransport {
        case 0x11 where addresses.count >= 12: return .header(client: text(of: Array(addresses[0..<4]), family: AF_INET), length: length)
        case 0x21 where addresses.count >= 36: return .header(client: text(of: Array(addresses[0..<16]), family: AF_INET6), length: length)
        case 0x00: return .header(client: nil, length: length)
        default: return .malformed("PROXY v2 header for family/transport 0x\(String(familyAndTransport, radix: 16)) or too short")
        }
    }

    private static func parseLine(_ bytes: [UInt8]) -> Parse {
        let window = bytes.prefix(maximumLineLength)
        if let lf = window.firstIndex(of: 0x0A), !(lf > 0 && window[lf - 1] == 0x0D) {
            return .malformed("PROXY v1 line not ended by CR LF")
        }
        guard let cr = window.firstIndex(of: 0x0D) else {
            return bytes.count >= maximumLineLength ? .malformed("PROXY v1 line longer than \(maximumLineLength) bytes") : .needMore
        }
        guard cr + 1 < bytes.count else { return .needMore }
        guard bytes[cr + 1] == 0x0A else { return .malformed("PROXY v1 line not ended by CR LF") }
        guard window[..<cr].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return .malformed("PROXY v1 line with a byte that is not printable ASCII") }
        let fields = String(decoding: bytes[..<cr], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let length = cr + 2
        if fields.count >= 2 && fields[1] == "UNKNOWN" { return .header(client: nil, length: length) }
        guard fields.count == 6, fields[1] == "TCP4" || fields[1] == "TCP6" else { return .malformed("PROXY v1 line that is not PROXY TCP4|TCP6 SRC DST SPORT DPORT") }
        let family = fields[1] == "TCP4" ? AF_INET : AF_INET6
        guard let source = canonical(fields[2], family: family), canonical(fields[3], family: family) != nil,
              isPort(fields[4]), isPort(fields[5]) else { return .malformed("PROXY v1 line with a bad address or port") }
        return .header(client: source, length: length)
    }

    private static func isPort(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
            && (text == "0" || !text.hasPrefix("0")) && Int(text)! <= 65535
    }

    /// An address in the form the system prints it (inet_ntop), as NIO gives a direct peer's.
    static func canonical(_ text: String, family: Int32) -> String? {
        var raw = [UInt8](repeating: 0, count: 16)
        guard inet_pton(family, text, &raw) == 1 else { return nil }
        return Self.text(of: Array(raw.prefix(family == AF_INET ? 4 : 16)), family: family)
    }

    static func text(of raw: [UInt8], family: Int32) -> String {
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        _ = inet_ntop(family, raw, &out, socklen_t(out.count))
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
