import Foundation
import Synchronization
import MemorizeTestSupport
import TerminalUI

/// One private tmux server running the binary under test in a detached session "S".
///
/// - Private socket `-L memorize-e2e-<pid>-<n>` and `-f /dev/null`; `close()` kills only that server.
/// - The pane runs `env TERM=… LANG=C.UTF-8 memorize-tui ARGS 2>ERRFILE; echo $? > RCFILE; exec sleep`
///   so the exit code lands in a file (`#{pane_dead_status}` is unreliable in tmux 3.3a) and the pane
///   stays alive afterwards: `#{alternate_on}`/`#{mouse_any_flag}` then show what the app left behind.
///   TERM is set in the command because tmux overrides `new-session -e TERM=…` with `default-terminal`.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the pane's terminal modes are (tmux's view of what the app asked for).
    struct PaneFlags: Equatable, CustomStringConvertible {
        var alternateOn: Bool
        var mouseAny: Bool
        var cursorVisible: Bool
        var mouseSGR: Bool
        var description: String {
            "alternate_on=\(alternateOn ? 1 : 0) mouse_any_flag=\(mouseAny ? 1 : 0) cursor_flag=\(cursorVisible ? 1 : 0) mouse_sgr_flag=\(mouseSGR ? 1 : 0)"
        }
    }

    private static let counter = Mutex(0)
    static func nextSocketName() -> String {
        let number = counter.withLock { value -> Int in
            value += 1
            return value
        }
        return "memorize-e2e-\(getpid())-\(number)"
    }

    static let tmuxPath: String = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/tmux"
    }()

    let socket: String
    let directory: URL
    let rcFile: URL
    let stderrFile: URL
    private(set) var size: Size
    private var closed = false
    /// The server's socket file; tmux 3.3a leaves it behind after kill-server, so close() removes it.
    private var socketPath: String?

    /// Starts `memorize-tui arguments` at `size` with the given TERM; `prepare` may first put
    /// files into the session's directory (its `config` and `state` are the XDG homes).
    /// `binary` replaces the binary under test (an installed copy), run from `workingDirectory`.
    convenience init(size: Size, term: String = "tmux-256color", arguments: [String], environment: [String: String] = [:],
                     binary chosenBinary: String? = nil, workingDirectory: String? = nil,
                     prepare: (URL) throws -> Void = { _ in }) throws {
        let binary = try chosenBinary ?? BinaryUnderTest.path()
        try self.init(size: size, term: term) { directory, rcFile, stderrFile in
            try prepare(directory)
            var env: [String: String] = [
                "TERM": term,
                "LANG": "C.UTF-8",
                // Own, empty config and state: no user themes, no best-score file in the real home.
                "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
            ]
            if term.hasPrefix("xterm") { env["NCURSES_NO_UTF8_ACS"] = "1" }
            for (key, value) in environment { env[key] = value }
            let assignments = env.keys.sorted().map { shellQuote("\($0)=\(env[$0]!)") }.joined(separator: " ")
            let rcTemp = rcFile.path + ".tmp"
            return (workingDirectory.map { "cd \(shellQuote($0)) && " } ?? "") + "env \(assignments) \(shellQuote(binary)) \(arguments.map(shellQuote).joined(separator: " "))"
                + " 2>\(shellQuote(stderrFile.path)); echo $? > \(shellQuote(rcTemp)) && mv \(shellQuote(rcTemp)) \(shellQuote(rcFile.path)); exec sleep 600"
        }
    }

    /// Starts a shell command line of the test's own in the pane (e.g. an interactive shell).
    convenience init(size: Size, term: String, shell: String) throws {
        try self.init(size: size, term: term) { _, _, _ in shell }
    }

    private init(size: Size, term: String, command: (URL, URL, URL) throws -> String) throws {
        socket = Self.nextSocketName()
        self.size = size
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket, isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        rcFile = directory.appendingPathComponent("rc")
        stderrFile = directory.appendingPathComponent("stderr")
        let command = try command(directory, rcFile, stderrFile)

        try tmux(["new-session", "-d", "-s", "S", "-x", "\(size.width)", "-y", "\(size.height)",
                  "-e", "LANG=C.UTF-8", "-e", "TERM=\(term)", command])
        socketPath = try? display("#{socket_path}")
    }

    deinit { close() }

    /// Kills this session's own server (and the app, if still running) and removes its files.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? ProcessRunner.run(Self.tmuxPath, ["-L", socket, "-f", "/dev/null", "kill-server"],
                                   environment: ProcessRunner.baseEnvironment, timeout: 5)
        if let socketPath, socketPath.hasSuffix("/\(socket)") { unlink(socketPath) }
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - tmux commands

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(Self.tmuxPath, ["-L", socket, "-f", "/dev/null"] + arguments,
                                           environment: ProcessRunner.baseEnvironment, timeout: 10)
        guard result.status == 0 else {
            throw Failure(description: "tmux \(arguments.first ?? "") failed (\(result.status)): \(result.stderrText)")
        }
        return result.stdoutText
    }

    /// Key names as tmux knows them: "Up", "Enter", "C-c", "d", "Space"…
    func sendKeys(_ keys: String...) throws { try sendKeys(keys) }
    func sendKeys(_ keys: [String]) throws {
        guard !keys.isEmpty else { return }
        try tmux(["send-keys", "-t", "S"] + keys)
    }

    /// Raw bytes (escape sequences such as mouse reports) typed into the pane as they are.
    func sendLiteral(_ text: String) throws { try tmux(["send-keys", "-t", "S", "-l", text]) }

    func capture() throws -> ScreenText { ScreenText(try tmux(["capture-pane", "-p", "-t", "S"])) }

    func display(_ format: String) throws -> String {
        try tmux(["display", "-p", "-t", "S", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func flags() throws -> PaneFlags {
        let parts = try display("#{alternate_on} #{mouse_any_flag} #{cursor_flag} #{mouse_sgr_flag}")
            .split(separator: " ").map(String.init)
        guard parts.count == 4 else { throw Failure(description: "unexpected pane flags: \(parts)") }
        return PaneFlags(alternateOn: parts[0] == "1", mouseAny: parts[1] == "1",
                         cursorVisible: parts[2] == "1", mouseSGR: parts[3] == "1")
    }

    /// Resizes the window (tmux delivers SIGWINCH to the app).
    func resize(to newSize: Size) throws {
        try tmux(["resize-window", "-t", "S", "-x", "\(newSize.width)", "-y", "\(newSize.height)"])
        size = newSize
    }

    // MARK: - Mouse

    /// A left click at 0-based cell (x, y) in SGR 1006 encoding: press and release in one write.
    func clickSGR(x: Int, y: Int) throws {
        try sendLiteral("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m")
    }

    /// A left click at 0-based cell (x, y) in X10 encoding (`ESC [ M b x y`, each +32, 1-based):
    /// press (button 0) then release (button 3) in one write.
    func clickX10(x: Int, y: Int) throws {
        func byte(_ value: Int) -> String { String(UnicodeScalar(UInt8(32 + value))) }
        try sendLiteral("\u{1B}[M" + byte(0) + byte(x + 1) + byte(y + 1) + "\u{1B}[M" + byte(3) + byte(x + 1) + byte(y + 1))
    }

    // MARK: - Waiting

    /// Polls the screen until `condition` holds; fails with the last capture after `timeout` seconds.
    @discardableResult
    func waitUntil(_ what: String, timeout: Double = 5, _ condition: (ScreenText) throws -> Bool) throws -> ScreenText {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try capture()
        while true {
            if try condition(last) { return last }
            if Date() >= deadline { break }
            usleep(25_000)
            last = try capture()
        }
        let rc = exitCode().map { " (the app has exited with \($0); stderr: \(stderrText()))" } ?? ""
        throw Failure(description: "timed out after \(timeout) s waiting for \(what)\(rc). Screen:\n\(last.text)")
    }

    @discardableResult
    func waitFor(_ text: String, timeout: Double = 5) throws -> ScreenText {
        try waitUntil("\"\(text)\" on screen", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the pane's flags until `condition` holds.
    @discardableResult
    func waitForFlags(_ what: String, timeout: Double = 3, _ condition: (PaneFlags) -> Bool) throws -> PaneFlags {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try flags()
        while !condition(last) {
            if Date() >= deadline { throw Failure(description: "timed out waiting for \(what): \(last)") }
            usleep(25_000)
            last = try flags()
        }
        return last
    }

    /// The exit code the pane's shell wrote, or nil while the app runs.
    func exitCode() -> Int32? {
        guard let text = try? String(contentsOf: rcFile, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func waitForExit(timeout: Double = 5) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let code = exitCode() { return code }
            if Date() >= deadline {
                let screen = (try? capture().text) ?? "<no capture>"
                throw Failure(description: "the app did not exit within \(timeout) s. Screen:\n\(screen)")
            }
            usleep(20_000)
        }
    }

    func stderrText() -> String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    // MARK: - Processes

    /// The pid of the binary: the child of the pane's shell (`#{pane_pid}`) named memorize-tui.
    func appPID(timeout: Double = 3) throws -> pid_t {
        guard let shell = pid_t(try display("#{pane_pid}")) else { throw Failure(description: "no pane_pid") }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let pid = Self.children(of: shell).first(where: { Self.commandName(of: $0) == BinaryUnderTest.name }) {
                return pid
            }
            if Date() >= deadline {
                throw Failure(description: "no memorize-tui child of pane shell \(shell); children: \(Self.children(of: shell))")
            }
            usleep(20_000)
        }
    }

    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { parentPID(of: $0) == parent }
    }

    /// From /proc/PID/stat: "pid (comm) state ppid …" (comm may hold spaces and parentheses).
    static func parentPID(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    static func commandName(of pid: pid_t) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
