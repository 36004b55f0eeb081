import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real terminal through ncursesw: diffed drawing, keys, mouse clicks, resize, signals.
///
/// One at a time (ncurses has one stdscr). `restore()` is idempotent and also runs at exit and,
/// as raw escape strings, on a crash (TerminalGuard).
///
/// Set-up and teardown live here; drawing is NcursesPainter's (shared with the recording's
/// NcursesCapture), input is in NcursesScreen+Input, and the pure decisions are in
/// NcursesStyleMapping, NcursesCellText and NcursesInput.
public final class NcursesScreen: Screen {
    /// The live screen, for the atexit hook. Weak: a screen that is gone has restored itself.
    private static weak var active: NcursesScreen?

    public let colorMode: ColorMode
    let terminal: Terminal
    private var screen: OpaquePointer?
    private var files: (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)?
    /// True from a successful init until restore().
    private(set) var isActive = false
    private var painter: NcursesPainter!
    private var knownSize = Size.zero
    /// Mouse events read together with an earlier one, not yet returned (see NcursesScreen+Input).
    var pendingMouse: [MouseEvent] = []

    /// Which terminal to drive. The app always uses `.process` (stdin/stdout, TERM, the user's
    /// locale, signal and crash handling); tests drive a pseudo-terminal through the same code.
    struct Terminal {
        var inputFD: Int32
        var outputFD: Int32
        /// nil: the TERM environment variable.
        var term: String?
        /// Sets up the locale and reports its character set (see TerminalEnvironment.preflight).
        var locale: () -> (codeset: String, unavailableLocale: String?)
        /// Signal handlers, crash restore, stderr diversion and the atexit hook: process-wide
        /// things that only the app's own terminal should install.
        var guardsProcess: Bool

        static var process: Terminal {
            Terminal(inputFD: STDIN_FILENO, outputFD: STDOUT_FILENO, term: nil,
                     locale: TerminalEnvironment.adoptEnvironmentLocale, guardsProcess: true)
        }
    }

    public convenience init(colorMode: ColorMode = .auto) throws {
        try self.init(colorMode: colorMode, terminal: .process)
    }

    init(colorMode: ColorMode, terminal: Terminal) throws {
        self.colorMode = colorMode
        self.terminal = terminal
        // Everything that can fail without touching the terminal comes first.
        let term = terminal.term ?? getenv("TERM").map { String(cString: $0) }
        try TerminalEnvironment.check(
            stdinIsTTY: isatty(terminal.inputFD) == 1, stdoutIsTTY: isatty(terminal.outputFD) == 1, term: term,
            lookUp: { TerminalEnvironment.lookUpTerm($0, fd: terminal.outputFD) }, locale: terminal.locale)
        if Self.active != nil { throw TerminalEnvironmentError(.alreadyActive) }

        let files: (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)
        if terminal.inputFD == STDIN_FILENO, terminal.outputFD == STDOUT_FILENO {
            files = (stdout, stdin)
        } else {
            guard let output = fdopen(dup(terminal.outputFD), "w") else { throw TerminalEnvironmentError(.startFailed(term ?? "")) }
            guard let input = fdopen(dup(terminal.inputFD), "r") else {
                fclose(output)
                throw TerminalEnvironmentError(.startFailed(term ?? ""))
            }
            files = (output, input)
        }
        if terminal.guardsProcess {
            TerminalGuard.saveTerminalModes(fd: terminal.inputFD)
            TerminalGuard.installTerminationHandlers()
        }
        // newterm, not initscr: initscr prints and exits on its own when something is wrong.
        guard let screen = newterm(term, files.output, files.input) else {
            if terminal.guardsProcess { TerminalGuard.uninstallAll() }
            if files.output != stdout { fclose(files.output); fclose(files.input) }
            throw TerminalEnvironmentError(.startFailed(term ?? ""))
        }
        self.screen = screen
        self.files = files
        set_term(screen)
        Self.leaveInitialState()                // one write(2) per frame, not one per cursor move
        isActive = true
        Self.active = self
        if terminal.guardsProcess {
            TerminalGuard.armCrashRestore(outputFD: terminal.outputFD)
            TerminalGuard.divertStderr()
        }

        raw()                                   // Ctrl-C, Ctrl-Z, Ctrl-S arrive as keys
        noecho()
        nonl()                                  // Enter reads as CR, and no CR/LF translation on output
        keypad(cn_stdscr(), true)               // arrows as KEY_UP…; mouse reports are parsed by us (NcursesMouseParser)
        intrflush(cn_stdscr(), false)
        leaveok(cn_stdscr(), true)              // the cursor is hidden: do not spend bytes moving it
        _ = curs_set(0)
        set_escdelay(25)                        // a lone Esc must not feel slow
        mouseinterval(0)                        // clicks register at once, no waiting for a double click
        _ = mousemask(mmask_t(NcursesInput.mouseMask), nil)
        Self.decodeMouseReportsOurselves()      // reports on, but read with a timeout (NcursesScreen+Input)
        Self.defineAlternateKeys()

        painter = NcursesPainter(colorMode: colorMode)
        knownSize = currentSize()
    }

    deinit { restore() }

    /// Call once on a new screen, right after newterm.
    ///
    /// ncurses 6.4 flushes its output after every cursor move while a screen is in its initial
    /// state (`SP->_endwin == ewInitial`, meant for low-level terminfo programs), which newterm
    /// sets and only a doupdate after an endwin ends: about 40 write(2) calls per animated frame
    /// instead of one. The documented way back from endwin (curs_initscr(3X): "calling refresh or
    /// doupdate after a temporary escape causes the program to resume visual mode") leaves it.
    ///
    /// Right after newterm, so that: endwin's output goes out in the same write as newterm's (the
    /// alternate screen entered and left within one write, nothing shown); the modes set next
    /// (keypad, mouse, cursor) are not undone by endwin; and colour is not on yet, so the resume
    /// sends no orig_colors (OSC 104, which would reset a palette the player set up). The
    /// screen's pending clear stays for the first frame (doupdate, not wrefresh), which goes out
    /// as before.
    private static func leaveInitialState() {
        endwin()
        doupdate()
    }

    /// Sequences terminals send that the terminfo entry may not list (tmux sends ESC [ 1 ~ for
    /// Home whatever TERM says; some terminals ignore keypad-transmit mode and send ESC [ A).
    /// Unbound, they would arrive as Esc plus stray characters. Only unbound strings are added,
    /// so the entry's own definitions win.
    private static func defineAlternateKeys() {
        let alternates: [(String, Int32)] = [
            ("\u{1B}[A", cn_key_up()), ("\u{1B}[B", cn_key_down()), ("\u{1B}[C", cn_key_right()), ("\u{1B}[D", cn_key_left()),
            ("\u{1B}OA", cn_key_up()), ("\u{1B}OB", cn_key_down()), ("\u{1B}OC", cn_key_right()), ("\u{1B}OD", cn_key_left()),
            ("\u{1B}[H", cn_key_home()), ("\u{1B}[F", cn_key_end()), ("\u{1B}OH", cn_key_home()), ("\u{1B}OF", cn_key_end()),
            ("\u{1B}[1~", cn_key_home()), ("\u{1B}[4~", cn_key_end()), ("\u{1B}[7~", cn_key_home()), ("\u{1B}[8~", cn_key_end()),
            ("\u{1B}[3~", cn_key_dc()), ("\u{1B}[5~", cn_key_ppage()), ("\u{1B}[6~", cn_key_npage()), ("\u{1B}[Z", cn_key_btab()),
            ("\u{1B}OM", cn_key_enter()),
        ]
        for (sequence, code) in alternates where key_defined(sequence) == 0 {
            _ = define_key(sequence, code)
        }
    }

    // MARK: Screen

    public var size: Size {
        guard isActive else { return knownSize }
        knownSize = currentSize()
        return knownSize
    }

    private func currentSize() -> Size {
        var rows: Int32 = 0, columns: Int32 = 0
        cn_getmaxyx(cn_stdscr(), &rows, &columns)
        return Size(width: Int(max(0, columns)), height: Int(max(0, rows)))
    }

    public func present(_ canvas: Canvas) {
        guard isActive else { return }
        painter.paint(canvas, visible: size)
    }

    /// KEY_RESIZE: the next present() clears and repaints everything, once.
    func invalidateAfterResize() { painter.invalidate() }

    /// How many colours styles get on this terminal (tests).
    var colorDepth: NcursesColorDepth { painter?.depth ?? .none }

    /// This screen's ncurses SCREEN while active: the recording's off-screen terminal switches
    /// back to it after each frame.
    var ncursesScreen: OpaquePointer? { isActive ? screen : nil }

    /// The active screen's SCREEN, if a live terminal is up.
    static var activeNcursesScreen: OpaquePointer? { active?.ncursesScreen }

    public func restore() {
        guard isActive else { return }
        isActive = false
        _ = mousemask(0, nil)
        _ = curs_set(1)
        endwin()
        if let files { fflush(files.output) }
        if terminal.guardsProcess {
            TerminalGuard.uninstallAll()
            TerminalGuard.releaseStderr()
        }
        if Self.active === self { Self.active = nil }
        if let screen {
            delscreen(screen)
            self.screen = nil
        }
        if let files, files.output != stdout {
            fclose(files.output)
            fclose(files.input)
        }
        files = nil
    }

    /// The atexit hook: a program that exits without restore() still gets its terminal back.
    static func restoreActiveScreen() {
        active?.restore()
    }
}
