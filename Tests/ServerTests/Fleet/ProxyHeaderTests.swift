@testable import MemorizeServer
import Testing

/// The PROXY protocol's rules as bytes (HAProxy's proxy-protocol.txt), and the trusted networks.
@Suite("PROXY header")
struct ProxyHeaderTests {
    static func v2(command: UInt8 = 0x21, family: UInt8, addresses: [UInt8], declaredLength: Int? = nil) -> [UInt8] {
        let length = declaredLength ?? addresses.count
        return ProxyHeader.signature + [command, family, UInt8(length >> 8), UInt8(length & 0xFF)] + addresses
    }

    @Test("v1: TCP4, TCP6 and UNKNOWN lines; the client is the source; bytes after the line are left")
    func lines() {
        let line = Array("PROXY TCP4 192.0.2.7 127.0.0.1 51000 2222\r\nSSH-2.0-x".utf8)
        #expect(ProxyHeader.parse(line) == .header(client: "192.0.2.7", length: 43))
        #expect(ProxyHeader.parse(Array("PROXY TCP6 2001:db8:0:0::1 ::1 51000 2222\r\n".utf8)) == .header(client: "2001:db8::1", length: 43))
        #expect(ProxyHeader.parse(Array("PROXY UNKNOWN\r\n".utf8)) == .header(client: nil, length: 15))
    }

    @Test("v1: an unfinished line waits; a broken one is refused")
    func brokenLines() {
        #expect(ProxyHeader.parse(Array("PRO".utf8)) == .needMore)
        #expect(ProxyHeader.parse(Array("PROXY TCP4 192.0.2.7 127.0.0.1 5".utf8)) == .needMore)
        for bad in ["PROXY TCP4 192.0.2.300 127.0.0.1 1 2\r\n", "PROXY TCP4 192.0.2.7 127.0.0.1 65536 2\r\n",
                    "PROXY TCP4 192.0.2.7 127.0.0.1 01 2\r\n", "PROXY TCP6 192.0.2.7 127.0.0.1 1 2\r\n",
                    "PROXY TCP4 192.0.2.7 127.0.0.1 1\r\n", "PROXY TCP4 192.0.2.7 127.0.0.1 1 2\n",
                    "PROXY TCP4 192.0.2.7  127.0.0.1 1 2\r\n", "PROXY UDP4 192.0.2.7 127.0.0.1 1 2\r\n",
                    "PROXY TCP4 \u{1b}[2J 127.0.0.1 1 2\r\n"] {
            guard case .malformed = ProxyHeader.parse(Array(bad.utf8)) else {
                Issue.record("accepted \(bad.debugDescription)")
                continue
            }
        }
        let long = Array(("PROXY TCP4 " + String(repeating: "1", count: 120)).utf8)
        #expect(ProxyHeader.parse(long) == .malformed("PROXY v1 line longer than 107 bytes"))
    }

    @Test("v2: TCP over IPv4 and IPv6, LOCAL, TLVs skipped; the client is the source")
    func binary() {
        let four = Self.v2(family: 0x11, addresses: [203, 0, 113, 9, 127, 0, 0, 1, 0xC3, 0x50, 0x08, 0xAE])
        #expect(ProxyHeader.parse(four + Array("SSH-2.0".utf8)) == .header(client: "203.0.113.9", length: 28))
        let six = Self.v2(family: 0x21, addresses: [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [5]
                          + [UInt8](repeating: 0, count: 15) + [1] + [0, 1, 0, 2])
        #expect(ProxyHeader.parse(six) == .header(client: "2001:db8::5", length: 52))
        let withTLV = Self.v2(family: 0x11, addresses: [10, 0, 0, 2, 10, 0, 0, 1, 0, 1, 0, 2] + [0x04, 0x00, 0x02, 0xAA, 0xBB])
        #expect(ProxyHeader.parse(withTLV) == .header(client: "10.0.0.2", length: 33))
        #expect(ProxyHeader.parse(Self.v2(command: 0x20, family: 0x00, addresses: [])) == .header(client: nil, length: 16))
    }

    @Test("v2: short, oversized, wrong version or command, and UNIX/UDP headers")
    func brokenBinary() {
        let four = Self.v2(family: 0x11, addresses: [203, 0, 113, 9, 127, 0, 0, 1, 0, 1, 0, 2])
        #expect(ProxyHeader.parse(Array(four.prefix(20))) == .needMore)
        #expect(ProxyHeader.parse(Array(four.prefix(7))) == .needMore)
        let bad: [[UInt8]] = [
            Self.v2(command: 0x11, family: 0x11, addresses: Array(four[16...])),
            Self.v2(command: 0x23, family: 0x11, addresses: Array(four[16...])),
            Self.v2(family: 0x11, addresses: [1, 2, 3, 4]),
            Self.v2(family: 0x12, addresses: Array(four[16...])),
            Self.v2(family: 0x31, addresses: [UInt8](repeating: 0x41, count: 216)),
            Self.v2(family: 0x11, addresses: [], declaredLength: 0xFFFF),
        ]
        for header in bad {
            guard case .malformed = ProxyHeader.parse(header) else {
                Issue.record("accepted \(header)")
                continue
            }
        }
    }

    @Test("an SSH banner is no header, and looks like none")
    func sshIsNoHeader() {
        let banner = Array("SSH-2.0-OpenSSH_9.2\r\n".utf8)
        #expect(ProxyHeader.parse(banner) == .malformed("no PROXY protocol header"))
        #expect(!ProxyHeader.startsLikeHeader(banner))
        #expect(ProxyHeader.startsLikeHeader(Array("PROXY TCP4".utf8)))
        #expect(ProxyHeader.startsLikeHeader(Array(ProxyHeader.signature.prefix(3))))
    }

    @Test("trusted networks: addresses and CIDRs of both families; IPv4 seen as IPv6-mapped")
    func trusted() {
        var proxies = TrustedProxies()
        for good in ["127.0.0.1", "10.1.0.0/16", "fd00::/8"] {
            let added = proxies.add(good)
            #expect(added, "\(good)")
        }
        for bad in ["", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/-1", "::1/129", "example.org", "10.0.0.0/8/8", "10.0.0.0/ 8"] {
            let added = proxies.add(bad)
            #expect(!added, "\(bad)")
        }
        #expect(proxies.contains("127.0.0.1"))
        #expect(!proxies.contains("127.0.0.2"))
        #expect(proxies.contains("10.1.255.3") && !proxies.contains("10.2.0.1"))
        #expect(proxies.contains("::ffff:10.1.2.3"))
        #expect(proxies.contains("fdab::1") && !proxies.contains("fe80::1"))
        #expect(!proxies.contains("unknown"))
        var odd = TrustedProxies()
        let added = odd.add("192.168.0.0/23")
        #expect(added)
        #expect(odd.contains("192.168.1.200") && !odd.contains("192.168.2.1"))
    }
}
