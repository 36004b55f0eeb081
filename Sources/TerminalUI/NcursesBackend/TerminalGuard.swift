import CNcurses
import CTerminalGuard
#if canImport(Glibc)
import Glibc
#endif

/// Signals and crashes while the terminal is ours. The state and the handlers are C, in
/// CTerminalGuard's one .c file (see its header for why not a header static).
///
/// - Event signals never interrupt anything: the handler records the signal and writes a byte to
///   a self-pipe that `NcursesScreen.nextEvent` polls together with the terminal, so a signal that
///   lands at any moment (even between a check and a wait) wakes the loop at once:
///   SIGTERM, SIGHUP, SIGINT → quit normally (exit 0, terminal restored on the normal path);
///   SIGWINCH → resize; SIGTSTP → suspend (as Ctrl-Z); SIGCONT → repaint.
/// - Faults (SIGSEGV, SIGBUS, SIGILL for Swift traps, SIGTRAP, SIGABRT, SIGFPE, SIGSYS) first
///   write the terminfo strings captured at start (mouse off, sgr0, cnorm, rmkx, rmcup), put the
///   saved termios back and replay what went to stderr meanwhile (Swift's "Fatal error" line),
///   then pass the signal on to the previous handler (Swift's backtracer) or SIG_DFL.
/// - Signals whose default action kills (SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ,
///   SIGVTALRM, SIGPROF, SIGPIPE) restore the same way, then end the process with their own status.
enum TerminalGuard {
    static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    /// Handled by every live screen, process guard or not: the screen reads its own input.
    static let screenSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS]
    static let fatalSignals: [Int32] = [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGPIPE]

    /// What a signal taken from the pipe asks of the screen.
    enum Request: Equatable {
        case terminate(Int32)
        case resize
        case suspend
        case resumed
    }

    /// The read end of the self-pipe (created on first use), for poll.
    static var signalFD: Int32 { tg_signal_pipe() }

    /// Installed before newterm: ncurses then sees non-default handlers and leaves SIGINT, SIGTERM,
    /// SIGWINCH and SIGTSTP alone. Unblocked on the calling thread, which polls the pipe (a mask
    /// inherited across exec, or a test runner's, must not hold them back).
    static func installScreenHandlers(terminating: Bool) {
        let signals = screenSignals + (terminating ? terminationSignals : [])
        for signal in signals { _ = tg_install(signal, TG_EVENT) }
        signals.withUnsafeBufferPointer { tg_unblock($0.baseAddress, Int32($0.count)) }
    }

    /// The next signal waiting, as a request; nil when none.
    /// Empties the signal pipe once poll has said it is readable; the requests stay pending.
    static func drainWakeups() { tg_drain_wakeups() }

    static func takeRequest() -> Request? {
        while true {
            let signal = tg_take_signal()
            switch signal {
            case 0: return nil
            case SIGWINCH: return .resize
            case SIGTSTP: return .suspend
            case SIGCONT: return .resumed
            case let signal where terminationSignals.contains(signal): return .terminate(signal)
            default: continue
            }
        }
    }

    /// Whether Ctrl-Z may stop us: only under a shell with job control (one that can `fg` us), and
    /// not when whoever started us ignores SIGTSTP.
    static var canSuspend: Bool { tg_is_installed(SIGTSTP) != 0 && tg_can_stop() != 0 }

    /// Stops the process until the shell continues it (the terminal must be put back first).
    static func stopProcess() { tg_stop_process() }

    /// Stops until `fg` (as a background reader of the terminal is stopped); see tg_stop_in_background.
    static func stopInBackground() { tg_stop_in_background() }

    /// Whether a job-control shell is above us to continue a stop (see tg_can_stop).
    static var canStop: Bool { tg_can_stop() != 0 }

    /// Remembers the terminal modes as found; the crash path puts them back.
    static func saveTerminalModes(fd: Int32 = STDIN_FILENO) {
        tg_save_termios(fd)
    }

    /// Captures the escape strings that undo ncurses' setup (needs the terminfo entry loaded, so
    /// call after newterm) and installs the crash and fatal-signal handlers.
    static func armCrashRestore(outputFD: Int32 = STDOUT_FILENO) {
        rearm(outputFD: outputFD)
        for signal in crashSignals { _ = tg_install(signal, TG_CRASH) }
        for signal in fatalSignals { _ = tg_install(signal, TG_FATAL) }
        _ = atExitRegistration
    }

    /// Arms the emergency restore again (after a suspend, which disarms it).
    static func rearm(outputFD: Int32) {
        let bytes = restoreBytes()
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                tg_arm($0, buffer.count, outputFD)
            }
        }
    }

    static func disarm() { tg_disarm() }

    /// Sends stderr to an in-memory file while the screen is up; `releaseStderr` replays it.
    static func divertStderr() { _ = tg_divert_stderr() }
    static func releaseStderr() { tg_release_stderr() }

    /// Back to the dispositions found, crash path disarmed (the terminal is restored now).
    static func uninstallAll() {
        tg_disarm()
        for signal in crashSignals + fatalSignals + terminationSignals + screenSignals { tg_uninstall(signal) }
        while tg_take_signal() != 0 {}
    }

    /// Only the screen handlers (a screen that does not guard the process).
    static func uninstallScreenHandlers() {
        for signal in screenSignals { tg_uninstall(signal) }
    }

    /// mouse off, attributes off, cursor visible, keypad transmit off, leave the alternate screen.
    static func restoreBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        func append(_ s: UnsafePointer<CChar>?) {
            guard let s else { return }
            bytes += withoutPadding(Array(String(cString: s).utf8))
        }
        // ncurses enables the mouse with the XM string when the entry has one (SGR 1006 for
        // xterm-256color), else with plain X10 1000.
        if let xm = cn_tigetstr("XM") {
            append(cn_tiparm1(xm, 0))
        } else {
            bytes += Array("\u{1B}[?1000l".utf8)
        }
        for cap in ["sgr0", "cnorm", "rmkx", "rmcup"] { append(cn_tigetstr(cap)) }
        return bytes
    }

    /// Drops terminfo delay markers (`$<5>`, `$<2/*>`): tputs would turn them into waits, but the
    /// crash path writes the strings raw, where they would show up as text (vt100's sgr0 has one).
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
               let end = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">")),
               bytes[(i + 2)..<end].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "/") }) {
                i = end + 1
                continue
            }
            result.append(bytes[i])
            i += 1
        }
        return result
    }

    /// restoreBytes() for a named terminal type, without a screen (tests; nil if TERM is unknown).
    static func restoreBytes(forTerm name: String, fd: Int32) -> [UInt8]? {
        var previous = cn_term_state()
        guard cn_load_term(name, fd, &previous) == 0 else { return nil }
        defer { cn_unload_term(previous) }
        return restoreBytes()
    }

    /// A plain `exit()` without restore() still gives the terminal back (endwin, not just bytes).
    /// A lazy static: initialised exactly once, whichever thread gets there first.
    private static let atExitRegistration: Void = {
        atexit { NcursesScreen.restoreActiveScreen() }
    }()
}
