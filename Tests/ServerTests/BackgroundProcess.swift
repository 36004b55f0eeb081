import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process the test starts and later stops: spawned with an empty signal mask and
/// default dispositions (as a shell would; the test runner's threads block signals), stdin from
/// /dev/null, stdout and stderr into files. `close()` kills it if it still runs.
final class BackgroundProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String
    private(set) var exitStatus: Int32?

    init(_ executable: String, _ arguments: [String], environment: [String: String], outputBase: String) throws {
        stdoutPath = outputBase + ".out"
        stderrPath = outputBase + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = [executable] + arguments
        let envp = environment.keys.sorted().map { "\($0)=\(environment[$0]!)" }
        let argvC = argv.map { strdup($0) } + [nil]
        let envpC = envp.map { strdup($0) } + [nil]
        defer {
            argvC.forEach { free($0) }
            envpC.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argvC, envpC)
        guard result == 0 else { throw Failure(description: "cannot run \(executable): \(String(cString: strerror(result)))") }
        pid = child
    }

    deinit { close() }

    /// Whether it still runs (reaps it when it has exited).
    var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            return false
        }
        return result == 0
    }

    func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Its exit status, or a failure if it still runs after `timeout` seconds.
    func waitForExit(timeout: Double) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline { throw Failure(description: "pid \(pid) still runs after \(timeout) s") }
            usleep(20_000)
        }
        return exitStatus!
    }

    var stdoutText: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderrText: String {
        String(decoding: FileManager.default.contents(atPath: stderrPath) ?? Data(), as: UTF8.self)
    }

    func close() {
        if isRunning {
            kill(pid, SIGKILL)
            _ = try? waitForExit(timeout: 5)
        }
        unlink(stdoutPath)
        unlink(stderrPath)
    }
}

/// Polls `condition` until it holds or `timeout` seconds pass.
func eventually(_ what: String, timeout: Double = 20, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return }
        if Date() >= deadline { throw BackgroundProcess.Failure(description: "timed out after \(timeout) s waiting for \(what)") }
        usleep(25_000)
    }
}
