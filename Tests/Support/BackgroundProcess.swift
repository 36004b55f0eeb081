import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process the test starts and later stops: spawned with an empty signal mask and
/// default dispositions (as a shell would; the test runner's threads block signals), stdin from
/// /dev/null, stdout and stderr into files. `close()` kills it if it still runs.
public final class BackgroundProcess {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public let pid: pid_t
    public let stdoutPath: String
    public let stderrPath: String
    public private(set) var exitStatus: Int32?

    public init(_ executable: String, _ arguments: [String], environment: [String: String], outputBase: String) throws {
        stdoutPath = outputBase + ".out"
        stderrPath = outputBase + ".err"
        let out = stdoutPath, err = stderrPath
        pid = try ShellSpawn.spawn(executable, arguments, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
    }

    deinit { close() }

    /// Whether it still runs (reaps it when it has exited).
    public var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            exitStatus = ShellSpawn.shellStatus(status)
            return false
        }
        return result == 0
    }

    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Its exit status, or a failure if it still runs after `timeout` seconds.
    public func waitForExit(timeout: Double) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline { throw Failure(description: "pid \(pid) still runs after \(timeout) s") }
            usleep(20_000)
        }
        return exitStatus!
    }

    public var stdoutText: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderrText: String {
        String(decoding: FileManager.default.contents(atPath: stderrPath) ?? Data(), as: UTF8.self)
    }

    public func close() {
        if isRunning {
            kill(pid, SIGKILL)
            _ = try? waitForExit(timeout: 5)
        }
        unlink(stdoutPath)
        unlink(stderrPath)
    }
}

/// Polls `condition` until it holds or `timeout` seconds pass.
public func eventually(_ what: String, timeout: Double = 20, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return }
        if Date() >= deadline { throw BackgroundProcess.Failure(description: "timed out after \(timeout) s waiting for \(what)") }
        usleep(25_000)
    }
}
