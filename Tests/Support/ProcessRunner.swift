import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion, collecting stdout and stderr.
///
/// Uses `posix_spawn` (ShellSpawn) rather than Foundation's `Process`, for two reasons found the
/// hard way:
/// - The test runner's threads block most signals, and a spawned child inherits that mask. tmux's
///   server (forked from the client we spawn) and the app inside it then never see SIGCHLD, SIGTERM,
///   SIGHUP or SIGWINCH: `kill-server` does nothing and resizes never arrive.
/// - tmux's client forks the server, so output goes to temp files, not pipes that might stay open.
public struct ProcessOutput {
    public var status: Int32
    public var stdout: Data
    public var stderr: Data
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    /// stderr split into lines, without the empty one after the final newline.
    public var stderrLines: [String] {
        var lines = stderrText.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

public struct ProcessFailure: Error, CustomStringConvertible {
    public var description: String
}

/// Shared by the end-to-end and the recording tests.
public enum ProcessRunner {
    /// The test process's environment minus what would leak a surrounding tmux into ours.
    public static var baseEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE", "NO_COLOR"] { env[name] = nil }
        return env
    }

    /// The base environment with a UTF-8 locale and a known TERM, as the end-to-end tests run
    /// the binary outside tmux.
    public static var utf8Environment: [String: String] {
        var env = baseEnvironment
        env["LANG"] = "C.UTF-8"
        env["TERM"] = "xterm-256color"
        return env
    }

    private static let counter = Mutex(0)
    private static func nextOutputBase() -> String {
        let number = counter.withLock { value -> Int in
            value += 1
            return value
        }
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("memorize-e2e-run-\(getpid())-\(number)").path
    }

    /// Where the child's stdout goes: captured (the default), a file such as /dev/full, or nowhere
    /// (closed, as `>&-` leaves it).
    public enum StandardOutput: Sendable {
        case capture
        case file(String)
        case closed
    }

    /// Runs `executable arguments` with stdin from /dev/null (not a tty) and waits for it.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           stdout: StandardOutput = .capture, timeout: Double = 15) throws -> ProcessOutput {
        let base = nextOutputBase()
        let outPath = base + ".out", errPath = base + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }

        let env = environment ?? baseEnvironment
        let argv = [executable] + arguments
        let pid = try ShellSpawn.spawn(executable, arguments, environment: env) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            switch stdout {
            case .capture: posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
            case .closed: posix_spawn_file_actions_addclose(&actions, 1)
            }
            posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }

        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR {
                throw ProcessFailure(description: "waitpid(\(pid)) failed: \(String(cString: strerror(errno)))")
            }
            if Date() >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw ProcessFailure(description: "\(argv.joined(separator: " ")) did not finish within \(timeout) s (killed)")
            }
            usleep(2_000)
        }
        let exitStatus = ShellSpawn.shellStatus(status)
        let out = FileManager.default.contents(atPath: outPath) ?? Data()
        let err = FileManager.default.contents(atPath: errPath) ?? Data()
        return ProcessOutput(status: exitStatus, stdout: out, stderr: err)
    }

}

/// POSIX shell single-quoting.
public func shellQuote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
