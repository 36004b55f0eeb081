import Foundation
import MemorizeTestSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway Ed25519 client key (ssh-keygen in a temp directory).
struct PlayerKey {
    let path: String
    let fingerprint: String

    init(in directory: String, name: String) throws {
        path = directory + "/" + name
        let made = try ProcessRunner.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path])
        guard made.status == 0 else { throw BackgroundProcess.Failure(description: "ssh-keygen: \(made.stderrText)") }
        let listed = try ProcessRunner.run("/usr/bin/ssh-keygen", ["-l", "-f", path + ".pub"])
        fingerprint = String(listed.stdoutText.split(separator: " ")[1])
    }

    /// A key already made (by PlayerKey(in:name:)) at `path`.
    init(existing path: String) {
        self.path = path
        let listed = try? ProcessRunner.run("/usr/bin/ssh-keygen", ["-l", "-f", path + ".pub"])
        fingerprint = listed.map { String($0.stdoutText.split(separator: " ").dropFirst().first ?? "") } ?? ""
    }

    var publicLine: String { (try? String(contentsOfFile: path + ".pub", encoding: .utf8)) ?? "" }
}

/// The OpenSSH client's options every test uses: no user config, a throwaway known_hosts, no
/// prompts, this key only.
func sshOptions(server: ServerUnderTest, key: PlayerKey?, knownHosts: String? = nil, port: Int? = nil) -> [String] {
    var options = ["-F", "/dev/null", "-p", "\(port ?? server.port)",
                   "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=\(knownHosts ?? server.directory + "/known_hosts")",
                   "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=20",
                   "-o", "IdentitiesOnly=yes", "-o", "PubkeyAcceptedAlgorithms=+ssh-ed25519"]
    if let key { options += ["-i", key.path] } else { options += ["-o", "IdentityFile=none"] }
    return options
}

/// `ssh` run to completion without a terminal (stdin /dev/null): for refusals.
func runSSH(server: ServerUnderTest, key: PlayerKey?, user: String = "player", options: [String] = [],
            remote: [String] = [], timeout: Double = 60) throws -> ProcessOutput {
    try ProcessRunner.run("/usr/bin/ssh", sshOptions(server: server, key: key) + options + ["\(user)@127.0.0.1"] + remote,
                          environment: ProcessRunner.baseEnvironment, timeout: timeout)
}

/// OpenSSH's `ssh -t` playing through the server inside a private tmux (socket `srv-…`): the
/// pane records `stty -g` before ssh starts and after it ends, and ssh's exit status. An empty
/// `user` leaves the user name to `options` (`-l NAME`, for names `NAME@host` cannot carry).
final class SSHPane {
    private static let counter = Mutex(0)
    let socket: String
    let directory: String
    private var closed = false

    init(server: ServerUnderTest, key: PlayerKey?, user: String = "player", columns: Int = 80, rows: Int = 24,
         term: String = "xterm-256color", environment: [String: String] = [:], options: [String] = [],
         remote: [String] = [], client: [String]? = nil) throws {
        let number = Self.counter.withLock { value -> Int in
            value += 1
            return value
        }
        socket = "srv-\(getpid())-\(number)"
        directory = server.directory + "/pane-\(number)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // `client`: another program's whole command line in place of OpenSSH's (dbclient, plink).
        let ssh = (client ?? ["/usr/bin/ssh"] + sshOptions(server: server, key: key) + options + ["-t", user.isEmpty ? "127.0.0.1" : "\(user)@127.0.0.1"]
                   + (remote.isEmpty ? [] : ["--"] + remote)).map(shellQuote).joined(separator: " ")
        let d = shellQuote(directory)
        let command = "stty -g > \(d)/stty-before; env TERM=\(shellQuote(term))\(environment.keys.sorted().map { " " + shellQuote("\($0)=\(environment[$0]!)") }.joined()) \(ssh) 2>\(d)/stderr; "
            + "echo $? > \(d)/rc.tmp; stty -g > \(d)/stty-after; mv \(d)/rc.tmp \(d)/rc; exec sleep 600"
        try tmux(["new-session", "-d", "-s", "S", "-x", "\(columns)", "-y", "\(rows)", command])
    }

    deinit { close() }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments,
                                           environment: ProcessRunner.baseEnvironment, timeout: 15)
        guard result.status == 0 else {
            throw BackgroundProcess.Failure(description: "tmux \(arguments.first ?? ""): \(result.stderrText)")
        }
        return result.stdoutText
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "S"]) }
    func sendKeys(_ keys: String...) throws { try tmux(["send-keys", "-t", "S"] + keys) }
    func sendLiteral(_ text: String) throws { try tmux(["send-keys", "-t", "S", "-l", text]) }
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "S", "-x", "\(columns)", "-y", "\(rows)"])
    }
    /// A left click at 0-based cell (x, y), SGR 1006 (the game's ncurses asks for it with xterm TERMs).
    func click(x: Int, y: Int) throws {
        try sendLiteral("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m")
    }

    @discardableResult
    func waitFor(_ text: String, timeout: Double = 30) throws -> String {
        var last = ""
        do {
            try eventually("\"\(text)\" on screen", timeout: timeout) {
                last = try screen()
                return last.contains(text)
            }
        } catch {
            throw BackgroundProcess.Failure(description: "\(error). ssh: \(exitCode().map(String.init) ?? "running"), stderr: \(stderrText)\nScreen:\n\(last)")
        }
        return last
    }

    /// Waits until the screen has not changed for `quiet` seconds (an animation such as the deal
    /// has finished).
    @discardableResult
    func waitForStillScreen(quiet: Double = 0.6, timeout: Double = 30) throws -> String {
        var last = try screen()
        var since = Date()
        try eventually("the screen to stop changing", timeout: timeout) {
            let now = try screen()
            if now != last {
                last = now
                since = Date()
            }
            return Date().timeIntervalSince(since) >= quiet
        }
        return last
    }

    /// The 0-based row whose text contains `text`, or nil.
    func row(of text: String) throws -> Int? {
        try screen().split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    func exitCode() -> Int32? {
        (try? String(contentsOfFile: directory + "/rc", encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    func waitForExit(timeout: Double = 30) throws -> Int32 {
        var code: Int32?
        try eventually("ssh to exit (screen: \((try? screen()) ?? ""))", timeout: timeout) {
            code = exitCode()
            return code != nil
        }
        return code!
    }

    var stderrText: String { (try? String(contentsOfFile: directory + "/stderr", encoding: .utf8)) ?? "" }

    /// Whether the local terminal's modes after ssh are those before it (ssh put them back).
    func terminalRestored() -> Bool {
        let before = try? String(contentsOfFile: directory + "/stty-before", encoding: .utf8)
        let after = try? String(contentsOfFile: directory + "/stty-after", encoding: .utf8)
        return before != nil && before == after
    }

    /// tmux's view: alternate screen off, no mouse reporting.
    func paneModesRestored() throws -> Bool {
        try tmux(["display", "-p", "-t", "S", "#{alternate_on} #{mouse_any_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "0 0"
    }

    func close() {
        guard !closed else { return }
        closed = true
        _ = try? ProcessRunner.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "kill-server"],
                                   environment: ProcessRunner.baseEnvironment, timeout: 10)
        let socketPath = "/tmp/tmux-\(getuid())/\(socket)"
        unlink(socketPath)
    }
}
