import Foundation
import MemorizeTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// HAProxy (Debian's) in front of servers, as a fleet's host runs it: `mode tcp`, round robin,
/// `send-proxy-v2` (or v1), on a loopback port of 22750-22759. `close()` stops it.
final class BalancerUnderTest {
    static let ports = 22750...22759
    let port: Int
    let directory: String
    private let process: BackgroundProcess
    private var closed = false

    init(servers: [Int], proxyVersion: Int = 2) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/haproxy") else {
            throw BackgroundProcess.Failure(description: "haproxy is not installed (apt-get install haproxy; scripts/test.sh does)")
        }
        directory = NSTemporaryDirectory() + "haproxy-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let send = proxyVersion == 2 ? "send-proxy-v2" : "send-proxy"
        var lastError = ""
        for attempt in 0..<Self.ports.count {
            let port = Self.ports.lowerBound + (Int(getpid()) + attempt) % Self.ports.count
            let configuration = """
                global
                    maxconn 256
                defaults
                    mode tcp
                    timeout connect 5s
                    timeout client 10m
                    timeout server 10m
                listen memorize
                    bind 127.0.0.1:\(port)
                    balance roundrobin
                \(servers.enumerated().map { "    server host\($0.offset + 1) 127.0.0.1:\($0.element) \(send)" }.joined(separator: "\n"))

                """
            let path = directory + "/haproxy.cfg"
            try configuration.write(toFile: path, atomically: true, encoding: .utf8)
            let process = try BackgroundProcess("/usr/sbin/haproxy", ["-db", "-f", path],
                                                environment: ProcessRunner.baseEnvironment, outputBase: directory + "/haproxy-\(port)")
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && !Self.accepts(port: port) && Date() < deadline { usleep(20_000) }
            if process.isRunning && Self.accepts(port: port) {
                self.port = port
                self.process = process
                return
            }
            lastError = process.stderrText
            process.close()
        }
        throw BackgroundProcess.Failure(description: "haproxy did not start: \(lastError)")
    }

    deinit { close() }

    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: in_port_t(UInt16(port).bigEndian),
                                  sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        process.signal(SIGTERM)
        _ = try? process.waitForExit(timeout: 10)
        process.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A raw TCP client from a chosen loopback source address: sends `bytes`, then reads what comes
/// back until the peer closes or `seconds` pass. For headers no ssh client would send.
func rawExchange(port: Int, from source: String = "127.0.0.1", sending bytes: [UInt8], seconds: Double = 5) -> (received: [UInt8], closedByPeer: Bool) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return ([], false) }
    defer { close(fd) }
    func address(_ text: String, _ port: Int) -> sockaddr_in {
        sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: in_port_t(UInt16(port).bigEndian),
                    sin_addr: in_addr(s_addr: inet_addr(text)), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
    }
    var local = address(source, 0), remote = address("127.0.0.1", port)
    let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    guard bound == 0, connected == 0 else { return ([], false) }
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    var chunk = [UInt8](repeating: 0, count: 4096)
    while Date() < deadline {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) > 0 else { continue }
        let count = recv(fd, &chunk, chunk.count, 0)
        if count <= 0 { return (received, true) }
        received += chunk[0..<count]
    }
    return (received, false)
}
