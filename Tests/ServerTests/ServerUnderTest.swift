import Foundation
import MemorizeTestSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// memorize-tui-server started for one test on a loopback port of 22400-22499, with its own
/// state directory; `close()` stops it, kills any game it left and removes its files.
final class ServerUnderTest {
    static let portRange = 22400...22499
    private static let nextPort = Mutex(0)

    /// The built server and the game beside it (MEMORIZE_TUI_SERVER_BINARY overrides).
    static func binary() throws -> String {
        if let chosen = ProcessInfo.processInfo.environment["MEMORIZE_TUI_SERVER_BINARY"], !chosen.isEmpty { return chosen }
        var candidates: [String] = []
        if let first = CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("memorize-tui-server").path)
                directory = directory.deletingLastPathComponent()
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/memorize-tui-server").path)
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        throw BackgroundProcess.Failure(description: "memorize-tui-server not built; run swift build first. Looked in \(candidates)")
    }

    let directory: String
    let stateDirectory: String
    let port: Int
    private(set) var process: BackgroundProcess
    private var closed = false

    /// Starts the server with `arguments` added, on a port of `ports`; waits until it listens.
    init(_ arguments: [String] = [], stateDirectory chosenState: String? = nil, ports: ClosedRange<Int> = portRange) throws {
        directory = NSTemporaryDirectory() + "srv-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        stateDirectory = chosenState ?? directory + "/state"
        var lastError = ""
        for _ in 0..<8 {
            let port = Self.nextPort.withLock { value -> Int in
                let port = ports.lowerBound + (value + Int(getpid())) % ports.count
                value += 1
                return port
            }
            var environment = ProcessRunner.baseEnvironment
            environment["LANG"] = "C.UTF-8"
            let process = try BackgroundProcess(try Self.binary(),
                                                ["--listen", "127.0.0.1:\(port)", "--state-dir", stateDirectory] + arguments,
                                                environment: environment, outputBase: directory + "/server-\(port)")
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && !process.stderrText.contains("listening") && Date() < deadline { usleep(20_000) }
            if process.isRunning && process.stderrText.contains("listening") {
                self.port = port
                self.process = process
                return
            }
            lastError = process.stderrText
            process.close()
        }
        try? FileManager.default.removeItem(atPath: directory)
        throw BackgroundProcess.Failure(description: "the server did not start: \(lastError)")
    }

    deinit { close() }

    var log: String { process.stderrText }
    var hostKeyLine: String { process.stdoutText }

    func waitForLog(_ text: String, timeout: Double = 20) throws {
        try eventually("\"\(text)\" in the server's log:\n\(log)", timeout: timeout) { log.contains(text) }
    }

    /// The running games this server started (found by the state directory in their environment,
    /// so a game reparented after the server died is found too).
    func gameProcesses() -> [pid_t] {
        let marker = "XDG_STATE_HOME=" + stateDirectory + "/"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self).hasPrefix(marker) }
                && !(Self.state(of: pid) == "Z")
        }
    }

    static func state(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// The environment of a running game, as the kernel holds it.
    static func environment(of pid: pid_t) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return [:] }
        var result: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            if let equals = text.firstIndex(of: "=") { result[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
        }
        return result
    }

    func waitForNoGames(timeout: Double = 20) throws {
        try eventually("no game process left (\(gameProcesses()))", timeout: timeout) { gameProcesses().isEmpty }
    }

    /// Sends `signal` and returns the exit status.
    func stop(signal: Int32 = SIGTERM, timeout: Double = 30) throws -> Int32 {
        process.signal(signal)
        return try process.waitForExit(timeout: timeout)
    }

    func close() {
        guard !closed else { return }
        closed = true
        process.signal(SIGTERM)
        _ = try? process.waitForExit(timeout: 15)
        process.close()
        for pid in gameProcesses() { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
