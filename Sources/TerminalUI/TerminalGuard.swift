import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals and crashes while ncurses owns the terminal.
///
/// - SIGTERM, SIGHUP, SIGINT (the last only reaches us if raw mode is off) set a flag and make a
///   blocked `get_wch` return (no SA_RESTART); `NcursesScreen.nextEvent` then reports `.terminate`
///   and the app restores the terminal on its normal path.
/// - SIGSEGV, SIGBUS, SIGILL (Swift traps), SIGTRAP, SIGABRT, SIGFPE first write the terminfo
///   strings captured at start (mouse off, sgr0, cnorm, rmkx, rmcup), put the saved termios back
///   and replay what went to stderr meanwhile (Swift's "Fatal error" line), then pass the signal
///   on to the previous handler (Swift's backtracer) or SIG_DFL, so the crash report lands on a
///   usable screen.
/// - SIGWINCH stays with ncurses, which turns it into KEY_RESIZE.
///
/// All the C state lives in shim.h; this file is the only caller of its cn_guard_* functions (see
/// the note there about one copy per object file).
enum TerminalGuard {
    static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Installed before newterm: ncurses then sees non-default SIGINT/SIGTERM handlers and leaves
    /// them alone (its own would end the program from inside the handler).
    /// Call on the thread that will read input: signals that land elsewhere are forwarded to it.
    static func installTerminationHandlers() {
        cn_guard_clear_pending()
        cn_guard_set_reader()
        for signal in terminationSignals { _ = cn_guard_install(signal, 0) }
    }

    /// Remembers the terminal modes as found; the crash path puts them back.
    static func saveTerminalModes(fd: Int32 = STDIN_FILENO) {
        cn_guard_save_termios(fd)
    }

    /// Captures the escape strings that undo ncurses' setup (needs the terminfo entry loaded, so
    /// call after newterm) and installs the crash handlers.
    static func armCrashRestore(outputFD: Int32 = STDOUT_FILENO) {
        let bytes = restoreBytes()
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cn_guard_arm($0, buffer.count, outputFD)
            }
        }
        for signal in crashSignals { _ = cn_guard_install(signal, 1) }
        registerAtExitOnce()
    }

    /// Sends stderr to a temp file while the screen is up (see shim.h); `releaseStderr` replays it.
    static func divertStderr() { _ = cn_guard_divert_stderr() }
    static func releaseStderr() { cn_guard_release_stderr() }

    /// The signal that asked us to quit, or nil.
    static var pendingTermination: Int32? {
        let signal = cn_guard_pending()
        return signal == 0 ? nil : signal
    }

    /// Back to the dispositions we found, crash path disarmed (the terminal is restored now).
    static func uninstallAll() {
        cn_guard_disarm()
        for signal in crashSignals + terminationSignals { cn_guard_uninstall(signal) }
        cn_guard_clear_pending()
    }

    static var isCrashRestoreArmed: Bool { cn_guard_is_armed() != 0 }

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

    private static var atExitRegistered = false

    /// A plain `exit()` without restore() still gives the terminal back (endwin, not just bytes).
    private static func registerAtExitOnce() {
        guard !atExitRegistered else { return }
        atExitRegistered = true
        atexit { NcursesScreen.restoreActiveScreen() }
    }
}
