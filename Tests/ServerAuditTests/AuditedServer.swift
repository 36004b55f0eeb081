import Foundation
import MemorizeTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// memorize-tui-server started for the audit: on a free loopback port, with its own state
/// directory (so a fresh Ed25519 host key), stderr to a file; stopped with SIGTERM and reaped.
final class AuditedServer {
    let port: Int
    let pid: pid_t
    let stateDirectory: String
    let logPath: String

    /// The ports this suite may use (loopback only); the first one nothing listens on is taken.
    static let ports = 22560...22569

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(binary: String, game: String) throws {
        guard let port = Self.ports.first(where: { !Listening.onLoopback(port: $0) }) else {
            throw Failure(description: "every port in \(Self.ports) is taken on 127.0.0.1")
        }
        self.port = port
        stateDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("memorize-audit-\(getpid())-\(port)").path
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        logPath = stateDirectory + "/server.log"

        let argv = ["--listen", "127.0.0.1:\(port)", "--game", game]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = stateDirectory
        environment["LANG"] = "C.UTF-8"
        let logFile = logPath
        pid = try ShellSpawn.spawn(binary, argv, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, logFile, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, logFile, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        }

        let deadline = Date().addingTimeInterval(30)
        while !Listening.onLoopback(port: port) {
            if let status = reap(wait: false) {
                throw Failure(description: "the server exited (\(status)) before listening; its log:\n\(log)")
            }
            if Date() > deadline {
                stop()
                throw Failure(description: "the server did not listen on 127.0.0.1:\(port) within 30 s; its log:\n\(log)")
            }
            usleep(50_000)
        }
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    private var exitStatus: Int32?

    /// The exit status once the server has exited (signals as 128 + N), reaping it.
    @discardableResult
    private func reap(wait: Bool) -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
        guard result == pid else { return nil }
        exitStatus = ShellSpawn.shellStatus(status)
        return exitStatus
    }

    /// SIGTERM, up to 15 s for the server's graceful stop, then SIGKILL. Returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if let status = reap(wait: false) { return status }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if let status = reap(wait: false) { return status }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        return reap(wait: true) ?? -1
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }
}

/// Whether something listens on 127.0.0.1:port, read from /proc/net/tcp: no connection is made
/// (a probe would count against the server's per-address connection rate).
enum Listening {
    static func onLoopback(port: Int) -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return false }
        let local = "0100007F:" + String(format: "%04X", port)
        return table.split(separator: "\n").dropFirst().contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1] == local && fields[3] == "0A"
        }
    }
}
