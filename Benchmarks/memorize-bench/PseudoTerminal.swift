import Glibc

/// A program running in a pseudo-terminal the benchmark owns: it writes to the slave side as it
/// would to a real terminal, and every read from the master side is stamped with the time it
/// arrived, so bytes can be attributed to frames (paint bursts) and to windows of time.
final class PseudoTerminal {
    /// One read from the master: `count` bytes at `time`, starting at `offset` in `output`.
    struct Chunk {
        var time: Double
        var count: Int
        var offset: Int
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    let spawnTime: Double
    private let master: Int32
    private(set) var output: [UInt8] = []
    private(set) var chunks: [Chunk] = []
    /// Set once the child has been reaped.
    private(set) var exitStatus: Int32?
    private var masterOpen = true

    /// Starts `executable` with exactly `environment` on a new pty of `columns`×`rows`, as a
    /// session leader whose controlling terminal is that pty (so TIOCSWINSZ delivers SIGWINCH).
    init(executable: String, arguments: [String], environment: [String], columns: Int, rows: Int) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var name = [CChar](repeating: 0, count: 4096)
        guard let openpty = Self.openpty, openpty(&master, &slave, &name, nil, nil) == 0 else {
            throw SpawnError(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        // The child opens the slave by name after setsid (below); the parent needs neither end's
        // slave copy, and holding it would hide the child's hang-up (EIO) from the master.
        close(slave)
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        self.master = master
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (glibc applies attributes first): the slave becomes the controlling tty.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        let setsid: Int32 = 0x80   // POSIX_SPAWN_SETSID (glibc ≥ 2.26), not exported to Swift
        posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        spawnTime = Monotonic.now
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            close(master)
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        self.pid = pid
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            reap(blocking: true)
        }
        close(master)
    }

    var isRunning: Bool { exitStatus == nil }

    /// Reads everything that arrives until `deadline` (or until `stop` says so, checked after
    /// each read), stamping each read. Returns early when the child has exited and hung up.
    func pump(until deadline: Double, stop: (() -> Bool)? = nil) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while masterOpen {
            let now = Monotonic.now
            if now >= deadline { return }
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ms = Int32(((deadline - now) * 1000).rounded(.up))
            let ready = poll(&pfd, 1, ms)
            if ready < 0 { if errno == EINTR { continue } else { return } }
            if ready == 0 { continue }
            let n = read(master, &buffer, buffer.count)
            let time = Monotonic.now
            if n > 0 {
                chunks.append(Chunk(time: time, count: n, offset: output.count))
                output += buffer[0..<n]
                if stop?() == true { return }
            } else if n < 0 && errno == EINTR || n < 0 && errno == EAGAIN {
                continue
            } else {
                // EIO: every slave descriptor is closed, the child is gone.
                masterOpen = false
                reap(blocking: true)
            }
        }
        reap(blocking: false)
    }

    /// Pumps until `marker` appears in the output (searching from byte `from`); returns the
    /// index of the chunk that completed it, or nil at the timeout.
    func pump(untilOutputContains marker: String, from: Int = 0, timeout: Double) -> Int? {
        let needle = Array(marker.utf8)
        var searched = from
        var found: Int?
        let check: () -> Bool = { [unowned self] in
            let start = max(from, searched - needle.count)
            if let end = Self.find(needle, in: output, from: start) {
                found = chunks.lastIndex { $0.offset < end } ?? chunks.count - 1
                return true
            }
            searched = output.count
            return false
        }
        if check() { return found }
        pump(until: Monotonic.now + timeout, stop: check)
        return found
    }

    /// Pumps until no byte has arrived for `quiet` seconds; returns the time of the last read.
    func pumpUntilQuiet(_ quiet: Double, limit: Double) -> Double? {
        let giveUp = Monotonic.now + limit
        while Monotonic.now < giveUp, masterOpen {
            let count = chunks.count
            pump(until: min(giveUp, Monotonic.now + quiet))
            if chunks.count == count { break }
        }
        return chunks.last?.time
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// A terminal window resize: the kernel sends SIGWINCH to the child's process group.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Asks the program to quit with `key`, draining its output; kills it after `grace` seconds.
    func finish(quitKey: String?, grace: Double = 2) {
        guard isRunning else { return }
        if let quitKey { send(quitKey) }
        let deadline = Monotonic.now + grace
        while isRunning, Monotonic.now < deadline {
            pump(until: min(deadline, Monotonic.now + 0.05))
            reap(blocking: false)
        }
        if isRunning {
            kill(pid, SIGKILL)
            reap(blocking: true)
        }
    }

    private func reap(blocking: Bool) {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, blocking ? 0 : WNOHANG) == pid { exitStatus = status }
    }

    /// glibc's openpty (in libc since 2.34, libutil before): <pty.h> is not in Swift's Glibc
    /// module, so it is looked up at run time with its C signature.
    private typealias OpenPTY = @convention(c) (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
                                                UnsafeMutablePointer<CChar>?, UnsafeRawPointer?, UnsafeRawPointer?) -> Int32
    private static let openpty: OpenPTY? = {
        let symbol = dlsym(nil, "openpty") ?? dlopen("libutil.so.1", RTLD_NOW).flatMap { dlsym($0, "openpty") }
        return symbol.map { unsafeBitCast($0, to: OpenPTY.self) }
    }()

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = max(0, from)
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return nil
    }
}
