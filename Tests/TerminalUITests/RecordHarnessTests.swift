import Foundation
import Synchronization
import Testing
import MemorizeTestSupport
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

// The harness the recording and colour tests share (no tests in this file): the binary, processes
// spawned as a shell would, a private tmux server, and replaying a cast into it.

/// The memorize-tui executable that `swift build` put next to this test bundle.
enum RecordBinary {
    struct Missing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "memorize-tui executable not found; run `swift build` before `swift test`. Looked in:\n  "
                + searched.joined(separator: "\n  ")
        }
    }

    static let resolved: Result<String, Missing> = {
        var directories: [URL] = []
        func ancestors(of url: URL, levels: Int) {
            var dir = url.deletingLastPathComponent()
            for _ in 0..<levels {
                directories.append(dir)
                dir = dir.deletingLastPathComponent()
            }
        }
        if let first = CommandLine.arguments.first, !first.isEmpty {
            ancestors(of: URL(fileURLWithPath: first).standardizedFileURL, levels: 4)
        }
        if let executable = Bundle.main.executableURL { ancestors(of: executable, levels: 4) }
        ancestors(of: Bundle.main.bundleURL.appendingPathComponent("x"), levels: 2)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        directories.append(root.appendingPathComponent(".build/debug"))
        let candidates = directories.map { $0.appendingPathComponent("memorize-tui").path }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return .success(found) }
        return .failure(Missing(searched: candidates))
    }()

    static func path() throws -> String { try resolved.get() }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the binary with a clean environment (no SOURCE_DATE_EPOCH, no NO_COLOR).
    static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Run {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-record-home-\(getpid())").path
        var environment = ["LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                           "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"]
        for (key, value) in extra { environment[key] = value }
        return try RecordProcess.run(try path(), arguments, environment: environment, timeout: 60)
    }
}

/// Runs a program to completion through the shared ProcessRunner (posix_spawn with an empty
/// signal mask, stdin from /dev/null, output in temp files), as RecordBinary.Run.
enum RecordProcess {
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    timeout: Double = 15) throws -> RecordBinary.Run {
        let output = try ProcessRunner.run(executable, arguments, environment: environment, timeout: timeout)
        return RecordBinary.Run(status: output.status, stdout: output.stdoutText, stderr: output.stderrText)
    }
}

/// Shell words that write `$?` to `path` atomically (a reader never sees the file half-written).
func saveExitStatus(to path: String) -> String {
    "echo $? > \(shellQuoted(path + ".tmp")) && mv \(shellQuoted(path + ".tmp")) \(shellQuoted(path))"
}

/// The exit status a pane command saved with saveExitStatus, once it is there (nil on timeout).
func savedExitStatus(at path: String, timeout: Double = 15) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        usleep(50_000)
    }
    return nil
}

/// POSIX shell single quotes.
func shellQuoted(_ word: String) -> String { shellQuote(word) }

/// One private tmux server (`-L`, `-f /dev/null`) with one session "S"; close() kills only it.
final class RecordTmux {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private static let counter = Mutex(0)
    let socket: String
    private var closed = false

    init(size: Size, command: String) throws {
        let number = Self.counter.withLock { value -> Int in
            value += 1
            return value
        }
        socket = "memorize-record-\(getpid())-\(number)"
        try tmux(["new-session", "-d", "-s", "S", "-x", "\(size.width)", "-y", "\(size.height)", "-e", "LANG=C.UTF-8", command])
    }

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux(["kill-server"])
    }

    static let tmuxPath: String = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/tmux"
    }()

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try RecordProcess.run(Self.tmuxPath, ["-L", socket, "-f", "/dev/null"] + arguments, timeout: 10)
        guard result.status == 0 || arguments.first == "kill-server" else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", "S"])
    }

    func display(_ format: String) throws -> String {
        try tmux(["display", "-p", "-t", "S", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls until `condition` holds on the captured pane, or fails after `timeout` seconds.
    @discardableResult
    func waitFor(timeout: Double = 10, _ what: String, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try capture()
            if condition(last) { return last }
            usleep(50_000)
        }
        throw Failure(description: "timed out waiting for \(what); the pane shows:\n\(last)")
    }
}

/// Screen text as compared here: trailing spaces and trailing blank lines dropped.
func screenLines(_ text: String) -> [String] {
    var lines = text.components(separatedBy: "\n").map { line -> String in
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }
    while lines.last == "" { lines.removeLast() }
    return lines
}

enum CastReplay {
    /// Plays a cast's "o" bytes, in order, into a tmux pane of the recorded size (resized at each
    /// "r"), written to the pane's tty with output post-processing off, as a player would; tmux's
    /// alternate-screen is off so the last frame stays visible after endwin's bytes. Returns
    /// `capture-pane -p`.
    static func finalScreen(_ cast: Asciicast) throws -> String {
        let tmux = try RecordTmux(size: Size(width: cast.width, height: cast.height), command: "exec sleep 600")
        defer { tmux.close() }
        try tmux.tmux(["set-option", "-w", "-t", "S", "alternate-screen", "off"])
        let ttyPath = try tmux.display("#{pane_tty}")
        let fd = open(ttyPath, O_WRONLY | O_NOCTTY)
        guard fd >= 0 else { throw RecordTmux.Failure(description: "cannot open \(ttyPath)") }
        defer { close(fd) }
        var modes = termios()
        tcgetattr(fd, &modes)
        modes.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(fd, TCSANOW, &modes)

        func settle() {
            var queued: Int32 = 1
            for _ in 0..<400 where ioctl(fd, UInt(TIOCOUTQ), &queued) == 0 && queued > 0 { usleep(5_000) }
            usleep(50_000)
        }
        for event in cast.events {
            switch event.code {
            case "o":
                let bytes = Array(event.data.utf8)
                var done = 0
                while done < bytes.count {
                    let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    if n > 0 { done += n } else if errno != EINTR { throw RecordTmux.Failure(description: "write: \(errno)") }
                }
            case "r":
                settle()
                let parts = event.data.split(separator: "x")
                try tmux.tmux(["resize-window", "-t", "S", "-x", String(parts[0]), "-y", String(parts[1])])
                usleep(50_000)
            default:
                break
            }
        }
        settle()
        return try tmux.capture()
    }
}

/// The snapshots the binary prints: name → screen text.
func snapshots(in output: String) -> [String: String] {
    var result: [String: String] = [:]
    var name: String?
    var lines: [String] = []
    func flush() { if let name { result[name] = lines.joined(separator: "\n") } }
    for line in output.components(separatedBy: "\n") {
        if line.hasPrefix("--- snapshot ") {
            flush()
            name = line.dropFirst("--- snapshot ".count).split(separator: " ").first.map(String.init)
            lines = []
        } else {
            lines.append(line)
        }
    }
    flush()
    return result
}

func temporaryFile(_ name: String, contents: String? = nil) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-record-\(getpid())-\(name)").path
    try? FileManager.default.removeItem(atPath: path)
    if let contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
    return path
}

/// How many SGR parameters in `output` set a colour (30–38, 40–48, 90–97, 100–107; not the
/// 39/49 resets).
func sgrColourCount(in output: String) -> Int {
    let pattern = try! NSRegularExpression(pattern: "\u{1B}\\[([0-9;:]*)m")
    var count = 0
    for match in pattern.matches(in: output, range: NSRange(output.startIndex..., in: output)) {
        guard let range = Range(match.range(at: 1), in: output) else { continue }
        for parameter in output[range].split(separator: ";").compactMap({ Int($0) })
        where (30...38).contains(parameter) || (40...48).contains(parameter) || (90...97).contains(parameter) || (100...107).contains(parameter) {
            count += 1
        }
    }
    return count
}

/// `env …` for the binary in a tmux pane: UTF-8, the given TERM, and config/state in a temp
/// directory (never the real home).
func appEnvironment(term: String) -> String {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-record-home-\(getpid())").path
    var assignments = "env TERM=\(term) LANG=C.UTF-8 XDG_CONFIG_HOME=\(shellQuoted(home + "/config")) XDG_STATE_HOME=\(shellQuoted(home + "/state"))"
    if term.hasPrefix("xterm") { assignments += " NCURSES_NO_UTF8_ACS=1" }
    return assignments
}

