import CNcurses
import Synchronization
import Glibc
import Primitives

/// A real terminal through ncursesw: diffed drawing, keys, mouse clicks, resize, signals.
///
/// One at a time (ncurses has one stdscr). `restore()` is idempotent and also runs at exit and,
/// as raw escape strings, on a crash (TerminalGuard).
///
/// Set-up, suspend and teardown live here; drawing is NcursesPainter's (shared with the
/// recording's NcursesCapture); input is read in NcursesScreen+Input and decoded by
/// TerminalInputDecoder (ncurses only draws); the pure decisions are in NcursesStyleMapping,
/// NcursesCellText, TerminalKeys and TerminalMouseReport.
public final class NcursesScreen: Screen {
    /// The live screen, for the atexit hook. Weak: a screen that is gone has restored itself.
    /// Behind a lock: the atexit hook may run on whichever thread calls exit().
    private static let active = Mutex(WeakScreen())
    private struct WeakScreen: @unchecked Sendable {
        // Unchecked: only read and written under `active`'s lock.
        weak var screen: NcursesScreen?
    }

    public let colorMode: ColorMode
    let terminal: Terminal
    private var screen: OpaquePointer?
    private var files: (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)?
    /// True from a successful init until restore().
    private(set) var isActive = false
    private var painter: NcursesPainter!
    private var knownSize = Size.zero
    /// Bytes read from the terminal, not yet returned as events (see NcursesScreen+Input).
    var decoder = TerminalInputDecoder()
    /// When the last bytes arrived: a sequence cut short is decided a pause after them.
    var lastInputTime = 0.0
    /// Between giving the terminal back for a suspend and taking it again in the foreground.
    private(set) var isSuspended = false
    /// A termination signal arrived while suspended in the background: the next event is `.terminate`.
    var terminationPending = false
    /// `--background auto`'s question to the terminal and what came of it.
    var backgroundQuery = BackgroundQuery(asking: false)
    /// A descriptor polled with the terminal and the signal pipe (a table's channel): when it is
    /// readable, `nextEvent` returns `.watchedInput` and the app reads it. Set once before the loop.
    public var watchedDescriptor: Int32?

    /// Which terminal to drive. The app always uses `.process` (stdin/stdout, TERM, the user's
    /// locale, signal and crash handling); tests drive a pseudo-terminal through the same code.
    struct Terminal {
        var inputFD: Int32
        var outputFD: Int32
        /// nil: the TERM environment variable.
        var term: String?
        /// Sets up the locale and reports its character set (see TerminalEnvironment.adoptEnvironmentLocale).
        var locale: () -> (codeset: String, unavailableLocale: String?)
        /// Termination and crash handlers, stderr diversion and the atexit hook: process-wide
        /// things that only the app's own terminal should install. (Resize, suspend and continue
        /// are every live screen's: it reads its own input.)
        var guardsProcess: Bool
        /// Fewer colour pairs than the terminal has (tests of pair reuse); nil: all of them.
        var colorPairLimit: Int? = nil

        static var process: Terminal {
            Terminal(inputFD: STDIN_FILENO, outputFD: STDOUT_FILENO, term: nil,
                     locale: TerminalEnvironment.adoptEnvironmentLocale, guardsProcess: true)
        }
    }

    /// `asciiOnly`: the caller draws nothing but ASCII (`--ascii`), so a locale that is not UTF-8
    /// is acceptable (TerminalLocale keeps one only when the user chose it).
    /// `paintTrace`: a file to trace every cell painted into (PaintTrace), which the app hands
    /// in from its environment; nil traces nothing.
    /// `background`: the terminal's background, for the colour of glyphs drawn on it; `.auto`
    /// asks the terminal after the first frame (BackgroundQuery), assuming COLORFGBG's or dark
    /// until it answers.
    public convenience init(colorMode: ColorMode = .auto, asciiOnly: Bool = false, paintTrace: String? = nil,
                            background: BackgroundChoice = .auto) throws {
        try self.init(colorMode: colorMode, terminal: .process, asciiOnly: asciiOnly, paintTrace: paintTrace, background: background)
    }

    init(colorMode: ColorMode, terminal: Terminal, asciiOnly: Bool = false, paintTrace: String? = nil,
         background: BackgroundChoice = .dark) throws {
        self.colorMode = colorMode
        self.terminal = terminal
        // Everything that can fail without touching the terminal comes first.
        let term = terminal.term ?? TerminalEnvironment.variable("TERM")
        try TerminalEnvironment.check(
            stdinIsTTY: isatty(terminal.inputFD) == 1, stdoutIsTTY: isatty(terminal.outputFD) == 1, term: term,
            lookUp: { TerminalEnvironment.lookUpTerm($0, fd: terminal.outputFD) }, locale: terminal.locale,
            size: Self.windowSize(of: terminal.outputFD), asciiOnly: asciiOnly)
        if Self.active.withLock({ $0.screen }) != nil { throw TerminalEnvironmentError(.alreadyActive) }

        // ncurses gets streams of its own on duplicates of the descriptors (never the C library's
        // shared stdout/stdin globals): its buffer is its own, and nothing else writes through it.
        let files: (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)
        guard let output = fdopen(dup(terminal.outputFD), "w") else { throw TerminalEnvironmentError(.startFailed(term ?? "")) }
        guard let input = fdopen(dup(terminal.inputFD), "r") else {
            fclose(output)
            throw TerminalEnvironmentError(.startFailed(term ?? ""))
        }
        files = (output, input)
        if terminal.guardsProcess { TerminalGuard.saveTerminalModes(fd: terminal.inputFD) }
        TerminalGuard.installScreenHandlers(terminating: terminal.guardsProcess)
        // The size is the tty's (TIOCGWINSZ), never LINES/COLUMNS from the environment: exported
        // by a shell for another window they garble every frame. use_env(FALSE) alone would fall
        // back to terminfo's fixed size; with use_tioctl(TRUE) ncurses asks the tty (curs_util(3X)).
        use_env(false)
        use_tioctl(true)
        // newterm, not initscr: initscr prints and exits on its own when something is wrong.
        guard let screen = newterm(term, files.output, files.input) else {
            if terminal.guardsProcess { TerminalGuard.uninstallAll() } else { TerminalGuard.uninstallScreenHandlers() }
            fclose(files.output)
            fclose(files.input)
            throw TerminalEnvironmentError(.startFailed(term ?? ""))
        }
        self.screen = screen
        self.files = files
        set_term(screen)
        Self.leaveInitialState()                // one write(2) per frame, not one per cursor move
        isActive = true
        Self.active.withLock { $0.screen = self }
        if terminal.guardsProcess {
            TerminalGuard.armCrashRestore(outputFD: terminal.outputFD)
            TerminalGuard.divertStderr()
        }

        raw()                                   // Ctrl-C, Ctrl-Z, Ctrl-S arrive as bytes
        noecho()
        nonl()                                  // Enter reads as CR, and no CR/LF translation on output
        keypad(cn_stdscr(), true)               // keypad-transmit on (arrows as ESC O A), off again at endwin
        intrflush(cn_stdscr(), false)
        leaveok(cn_stdscr(), true)              // the cursor is hidden: do not spend bytes moving it
        typeahead(-1)                           // we read input ourselves: no poll(2) per line of doupdate
        _ = curs_set(0)
        _ = mousemask(mmask_t(NcursesInput.mouseMask), nil)   // ncurses writes the request; we decode reports

        let assumed: TerminalBackground = switch background {
        case .light: .light
        case .dark: .dark
        case .auto: TerminalBackground.fromColorFGBG(TerminalEnvironment.variable("COLORFGBG")) ?? .dark
        }
        painter = NcursesPainter(colorMode: colorMode, trace: terminal.guardsProcess ? paintTrace.flatMap(PaintTrace.init(path:)) : nil,
                                 pairLimit: terminal.colorPairLimit, background: assumed)
        // Without colours there is nothing to recolour: no question asked.
        backgroundQuery = BackgroundQuery(asking: background == .auto && painter.depth != .none)
        knownSize = currentSize()
    }

    deinit { restore() }

    /// The size the terminal reports (TIOCGWINSZ), if it does.
    static func windowSize(of fd: Int32) -> Size? {
        var window = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return Size(width: Int(window.ws_col), height: Int(window.ws_row))
    }

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
        guard isActive, !isSuspended else { return }
        painter.paint(canvas, visible: size)
        backgroundQuery.sendIfDue(to: terminal.outputFD)
    }

    /// The background glyphs on the terminal's own background are coloured for now (tests).
    var terminalBackground: TerminalBackground { painter.background }

    /// An answer from the terminal (read with the keys): a named background recolours the screen.
    func received(_ reply: TerminalReply) {
        guard let background = backgroundQuery.received(reply), isActive, !isSuspended else { return }
        painter.recolor(for: background, visible: size)
    }

    /// After a resize or a suspend: the next present() clears and repaints everything, once.
    func invalidateAfterResize() { painter.invalidate() }

    /// Pairings drawn in the default colours because every pair coloured a cell on screen (tests).
    var colorPairsExhausted: Int { painter?.pairsExhausted ?? 0 }

    /// This screen's ncurses SCREEN while active: the recording's off-screen terminal switches
    /// back to it after each frame.
    var ncursesScreen: OpaquePointer? { isActive ? screen : nil }

    /// The active screen's SCREEN, if a live terminal is up.
    static var activeNcursesScreen: OpaquePointer? { active.withLock { $0.screen }?.ncursesScreen }

    /// Ctrl-Z or SIGTSTP: gives the terminal back as restore() does, stops the process as the
    /// shell's suspend would, and on `fg` takes the terminal again; the next present() repaints
    /// everything. Returns once the process runs in the foreground again, or when a termination
    /// signal arrived while it waited in the background (nextEvent then says `.terminate`).
    public func suspend() {
        guard isActive else { return }
        if terminal.guardsProcess { TerminalGuard.disarm() }
        _ = mousemask(0, nil)
        _ = curs_set(1)
        endwin()
        if let files { fflush(files.output) }
        isSuspended = true
        TerminalGuard.stopProcess()
        // Continued by `bg`, the terminal is the shell's: touching it now would turn mouse
        // reporting on under the prompt (and the tty would stop us for it). Wait for `fg`.
        guard waitUntilForeground() else { return }
        isSuspended = false
        // doupdate after endwin resumes visual mode (prog termios, smcup, keypad-transmit); the
        // terminal may have been resized meanwhile, and the shell has drawn over the screen.
        _ = curs_set(0)
        _ = mousemask(mmask_t(NcursesInput.mouseMask), nil)
        _ = applyTerminalSize()
        invalidateAfterResize()
        if terminal.guardsProcess { TerminalGuard.rearm(outputFD: terminal.outputFD) }
    }

    /// Whether our process group owns the terminal (`tcgetpgrp`); a terminal that is not our
    /// controlling one (tests' pseudo-terminals) has no owner to ask, and counts as ours.
    var isForeground: Bool {
        let owner = tcgetpgrp(terminal.inputFD)
        return owner < 0 || owner == getpgrp()
    }

    /// After a continue: waits, touching nothing, until we are the terminal's foreground group.
    /// bash's `fg` continues only a stopped job, so in the background we stop again as a
    /// background reader of the terminal would (SIGTTIN; the shell says "Stopped (tty input)"),
    /// and `fg` continues us in the foreground. True then; false when a termination signal came
    /// first (it stays pending for nextEvent).
    private func waitUntilForeground() -> Bool {
        while !isForeground {
            if TerminalGuard.canStop {
                TerminalGuard.stopInBackground()
            } else {
                // Orphaned (the shell is gone): nobody can `fg` us; a hangup or termination will come.
                var descriptor = pollfd(fd: TerminalGuard.signalFD, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 1000)
            }
            TerminalGuard.drainWakeups()
            while let request = TerminalGuard.takeRequest() {
                if case .terminate = request {
                    terminationPending = true
                    return false
                }
                // A suspend or continue while in the background changes nothing: we are not drawing.
            }
        }
        return true
    }

    public func restore() {
        guard isActive else { return }
        isActive = false
        // Suspended, the terminal was given back already (and may be the shell's now).
        if !isSuspended {
            _ = mousemask(0, nil)
            _ = curs_set(1)
            endwin()
        }
        if let files { fflush(files.output) }
        if terminal.guardsProcess {
            TerminalGuard.uninstallAll()
            TerminalGuard.releaseStderr()
        } else {
            TerminalGuard.uninstallScreenHandlers()
        }
        painter?.trace?.close()
        Self.active.withLock { if $0.screen === self { $0.screen = nil } }
        if let screen {
            delscreen(screen)
            self.screen = nil
        }
        if let files {
            fclose(files.output)
            fclose(files.input)
        }
        files = nil
    }

    /// The atexit hook: a program that exits without restore() still gets its terminal back.
    static func restoreActiveScreen() {
        active.withLock { $0.screen }?.restore()
    }
}
