import Memorize
@testable import MemorizeStore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every persistence suite nests in this one, so `swift test --filter Persistence` runs them all.
enum PersistenceTests {}

/// A fresh directory under /tmp, removed when the test ends (tests never touch the player's files).
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/memorize-persistence-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        // chmod first: a test may have made something unreadable.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func write(_ text: String, to name: String) { write(Array(text.utf8), to: name) }

    func write(_ bytes: [UInt8], to name: String) {
        precondition(FileManager.default.createFile(atPath: file(name), contents: Data(bytes)), "cannot write \(name)")
    }

    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

func readBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map(Array.init)
}

func fileType(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}

func permissions(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
}

/// Runs code in a forked child and returns its exit status and what it wrote to `report`.
///
/// Why fork: the crash test must SIGKILL a process that is inside *our* AtomicFile, and the
/// permission tests must drop root (tests run as root here, and root reads any file). A test
/// target has no executable of its own to spawn, and re-running the test binary per child costs
/// seconds of test discovery. fork() in a multi-threaded process is safe when the child only calls
/// code whose locks are fork-aware (glibc malloc is) or not taken: the child runs only the code
/// under test, warmed up in the parent first so the Swift runtime has its metadata cached, and
/// always ends with _exit, never returning into the test runner. The parent kills it on timeout,
/// so even a child that did deadlock fails the test instead of hanging it.
enum ForkedChild {
    struct Outcome {
        var exitCode: Int32?
        var signal: Int32?
        var report: String
    }

    /// Starts `body` in a child; `body` gets a descriptor to report on and returns an exit code.
    static func start(_ body: (_ report: Int32) -> Int32) -> (pid: pid_t, report: Int32) {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        let pid = fork()
        precondition(pid >= 0, "fork failed")
        if pid == 0 {
            close(fds[0])
            _exit(body(fds[1]))
        }
        close(fds[1])
        return (pid, fds[0])
    }

    /// Waits for a started child (SIGKILL after `timeout` seconds) and collects its report.
    static func finish(_ child: (pid: pid_t, report: Int32), timeout: Double = 20) -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(child.pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(child.pid, SIGKILL)
                waitpid(child.pid, &status, 0)
                break
            }
            usleep(1000)
        }
        var report: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(child.report, &buffer, buffer.count)
            if count <= 0 { break }
            report += buffer[..<count]
        }
        close(child.report)
        let signaled = status & 0x7F != 0 && status & 0x7F != 0x7F
        return Outcome(exitCode: signaled ? nil : (status >> 8) & 0xFF,
                       signal: signaled ? status & 0x7F : nil,
                       report: String(decoding: report, as: UTF8.self))
    }

    static func run(timeout: Double = 20, _ body: (_ report: Int32) -> Int32) -> Outcome {
        finish(start(body), timeout: timeout)
    }

    /// Writes text to a report descriptor (child side).
    static func say(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        _ = write(fd, &bytes, bytes.count)
    }
}

/// Runs `body` as a user who cannot read root's 0000 files: in a child that drops to nobody when
/// we are root, in-process otherwise. `body` returns nil when all is well, else what went wrong.
func asUnprivilegedUser(_ body: @escaping () -> String?) -> String? {
    guard getuid() == 0 else { return body() }
    let outcome = ForkedChild.run { report in
        guard setgid(65534) == 0, setuid(65534) == 0 else {
            ForkedChild.say("could not drop to nobody", to: report)
            return 2
        }
        if let failure = body() {
            ForkedChild.say(failure, to: report)
            return 1
        }
        return 0
    }
    return outcome.exitCode == 0 ? nil : "child: exit \(outcome.exitCode.map(String.init) ?? "-") signal \(outcome.signal.map(String.init) ?? "-"): \(outcome.report)"
}

import TerminalUI
