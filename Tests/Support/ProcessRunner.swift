import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion, collecting stdout and stderr.
///
/// Uses `posix_spawn` rather than Foundation's `Process`, for two reasons found the hard way:
/// - The test runner's threads block most signals, and a spawned child inherits that mask. tmux's
///   server (forked from the client we spawn) and the app inside it then never see SIGCHLD, SIGTERM,
///   SIGHUP or SIGWINCH: `kill-server` does nothing and resizes never arrive. We spawn with an empty
///   signal mask and default dispositions, as a shell would.
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

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        switch stdout {
        case .capture: posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
        case .closed: posix_spawn_file_actions_addclose(&actions, 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGCHLD, SIGWINCH, SIGTSTP, SIGTTIN,
                       SIGTTOU, SIGUSR1, SIGUSR2] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let env = environment ?? baseEnvironment
        let argv = [executable] + arguments
        let envp = env.keys.sorted().map { "\($0)=\(env[$0]!)" }
        var pid: pid_t = 0
        let spawned = withCStringArray(argv) { cArgv in
            withCStringArray(envp) { cEnvp in
                posix_spawn(&pid, executable, &actions, &attributes, cArgv, cEnvp)
            }
        }
        guard spawned == 0 else {
            throw ProcessFailure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
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
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let out = FileManager.default.contents(atPath: outPath) ?? Data()
        let err = FileManager.default.contents(atPath: errPath) ?? Data()
        return ProcessOutput(status: exitStatus, stdout: out, stderr: err)
    }

    private static func withCStringArray<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return body(pointers + [nil])
    }
}

/// POSIX shell single-quoting.
public func shellQuote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
