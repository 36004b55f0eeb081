import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real terminal through ncursesw: diffed drawing, keys, mouse clicks, resize, signals.
///
/// One at a time (ncurses has one stdscr). `restore()` is idempotent and also runs at exit and,
/// as raw escape strings, on a crash.
public final class NcursesScreen: Screen {
    /// The live screen, for the atexit hook. Weak: a screen that is gone has restored itself.
    private static weak var active: NcursesScreen?

    public let colorMode: ColorMode
    private let terminal: Terminal
    private var screen: OpaquePointer?
    private var files: (output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>)?
    private var isActive = false
    private var depth: NcursesColorDepth = .none
    private var defaultColors = false
    private var pairs: [PairKey: Int32] = [:]
    private var lastPresented: Canvas?
    /// Set by KEY_RESIZE: the next present() clears and repaints everything, once.
    private var needsFullRepaint = false
    private var knownSize = Size.zero
    private var wideBuffer: [wchar_t] = []
    /// Mouse events read together with an earlier one, not yet returned.
    private var pendingMouse: [MouseEvent] = []

    private struct PairKey: Hashable { var foreground: Int32; var background: Int32 }

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
        isActive = true
        Self.active = self
        if terminal.guardsProcess {
            TerminalGuard.armCrashRestore(outputFD: terminal.outputFD)
            TerminalGuard.divertStderr()
        }

        raw()                                   // Ctrl-C, Ctrl-Z, Ctrl-S arrive as keys
        noecho()
        nonl()                                  // Enter reads as CR, and no CR/LF translation on output
        keypad(cn_stdscr(), true)               // arrows as KEY_UP…, mouse as KEY_MOUSE
        intrflush(cn_stdscr(), false)
        leaveok(cn_stdscr(), true)              // the cursor is hidden: do not spend bytes moving it
        _ = curs_set(0)
        set_escdelay(25)                        // a lone Esc must not feel slow
        mouseinterval(0)                        // clicks register at once, no waiting for a double click
        _ = mousemask(mmask_t(NcursesInput.mouseMask), nil)
        Self.defineAlternateKeys()

        if colorMode == .auto, has_colors() {
            start_color()
            defaultColors = use_default_colors() == OK
        }
        depth = NcursesStyleMapping.depth(colors: Int(cn_colors()), hasColors: has_colors(), mode: colorMode)
        knownSize = currentSize()
    }

    deinit { restore() }

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
        let visible = size
        let window = cn_stdscr()
        let points: [Point]
        if let last = lastPresented, !needsFullRepaint, last.size == canvas.size {
            points = canvas.changedCells(from: last)
        } else {
            // First frame, new canvas size or after a resize: start from blank, once.
            werase(window)
            if needsFullRepaint { clearok(cn_curscr(), true) }
            points = canvas.changedCells(from: Canvas(size: .zero))
        }
        var lastDrawn: Point?
        for point in points where point.x < visible.width && point.y < visible.height {
            if canvas[point.x, point.y].isContinuation {
                // ncurses places a wide glyph's right half itself; if only the right half changed
                // (its style), the glyph must be written again from its left cell.
                let left = Point(x: point.x - 1, y: point.y)
                if left.x >= 0, lastDrawn != left, !canvas[left.x, left.y].isContinuation {
                    draw(canvas, at: left, visibleWidth: visible.width)
                    lastDrawn = left
                }
                continue
            }
            draw(canvas, at: point, visibleWidth: visible.width)
            lastDrawn = point
        }
        wnoutrefresh(window)
        doupdate()
        lastPresented = canvas
        needsFullRepaint = false
    }

    private func draw(_ canvas: Canvas, at point: Point, visibleWidth: Int) {
        let cell = canvas[point.x, point.y]
        let isWide = point.x + 1 < canvas.size.width && canvas[point.x + 1, point.y].isContinuation
        // A wide glyph cut by the right edge would wrap onto the next line inside ncurses.
        let fits = !isWide || point.x + 1 < visibleWidth
        let glyph = fits ? NcursesCellText.glyph(for: cell.text, columns: isWide ? 2 : 1) : NcursesCellText.blank
        let look = NcursesStyleMapping.look(for: cell.style, depth: depth, defaultColors: defaultColors)
        let attributes = look.attributes.ncurses
        let pair = colorPair(look)
        put(glyph.scalars, y: point.y, x: point.x, attributes: attributes, pair: pair)
        // A glyph narrower than the canvas thought (e.g. a flag measured 2, drawn 1): blank the rest.
        if glyph.width < (isWide ? 2 : 1), point.x + 1 < visibleWidth {
            put(NcursesCellText.blank.scalars, y: point.y, x: point.x + 1, attributes: attributes, pair: pair)
        }
    }

    private func put(_ scalars: [UInt32], y: Int, x: Int, attributes: attr_t, pair: Int32) {
        wideBuffer.removeAll(keepingCapacity: true)
        for scalar in scalars { wideBuffer.append(wchar_t(bitPattern: scalar)) }
        wideBuffer.append(0)
        // ERR at the bottom-right corner is expected (the cursor cannot advance); the cell is drawn.
        _ = cn_put_cell(Int32(y), Int32(x), wideBuffer, attributes, pair)
    }

    private func colorPair(_ look: NcursesLook) -> Int32 {
        guard look.foreground != -1 || look.background != -1 else { return 0 }
        let key = PairKey(foreground: Int32(look.foreground), background: Int32(look.background))
        if let pair = pairs[key] { return pair }
        // alloc_pair (ncurses 6.1+) hands out extended pairs and recycles the least recently
        // used one when the table is full, so any number of distinct styles works.
        let pair = alloc_pair(key.foreground, key.background)
        let result = pair < 0 ? 0 : pair
        if pair >= 0 { pairs[key] = result }
        return result
    }

    public func nextEvent(timeout: Double?) -> Event? {
        guard isActive else { return .terminate }
        let clock = SystemClock()
        let deadline = timeout.map { clock.now + max(0, $0) }
        while true {
            if TerminalGuard.pendingTermination != nil { return .terminate }
            if !pendingMouse.isEmpty { return .mouse(pendingMouse.removeFirst()) }
            var milliseconds: Int32 = -1            // block with no timer: an idle game costs nothing
            if let deadline {
                let remaining = max(0, deadline - clock.now)
                milliseconds = Int32(min((remaining * 1000).rounded(.up), Double(Int32.max)))
            }
            wtimeout(cn_stdscr(), milliseconds)
            let code = cn_getch()
            let error = cn_errno()

            switch NcursesInput.classify(code) {
            case .error:
                // A signal (EINTR), the timeout, or input that is gone for good.
                if TerminalGuard.pendingTermination != nil { return .terminate }
                if error == EINTR { continue }
                guard let deadline else { return .terminate }   // a blocking read cannot time out: stdin is gone
                if clock.now >= deadline - 0.001 { return nil }
                if inputHungUp() { return .terminate }
                continue
            case .resize:
                needsFullRepaint = true
                return .resize(size)
            case .mouse:
                if let event = readMouse() { return .mouse(event) }
            case .functionKey(let code):
                if let key = NcursesInput.key(forFunctionKey: code) { return .key(key) }
            case .byte(let byte):
                if let scalar = readScalar(startingWith: byte), let key = NcursesInput.key(forCharacter: scalar) {
                    return .key(key)
                }
            }
            // Ignored input (unknown function key, wheel, invalid bytes): keep waiting, same deadline.
            if let deadline, clock.now >= deadline { return nil }
        }
    }

    /// One character from its first byte: ASCII as is; a UTF-8 lead byte plus its continuation
    /// bytes, which arrive in the same write (so a short wait suffices). Anything that breaks
    /// the sequence is dropped together with it, and a byte that was not ours is read again next.
    private func readScalar(startingWith lead: UInt8) -> UInt32? {
        guard lead >= 0x80 else { return UInt32(lead) }
        guard let length = NcursesInput.utf8Length(lead: lead) else { return nil }   // stray continuation or invalid lead
        var bytes = [lead]
        wtimeout(cn_stdscr(), 50)
        while bytes.count < length {
            let next = cn_getch()
            guard (0x80...0xBF).contains(next) else {
                if next != ERR { _ = cn_ungetch(next) }
                return nil
            }
            bytes.append(UInt8(next))
        }
        return NcursesInput.decodeUTF8(bytes)?.value
    }

    /// Drains ncurses' mouse queue. getmouse hands out the newest event first, and one KEY_MOUSE
    /// can stand for several events read in one go (e.g. two clicks in one write), so take them
    /// all, oldest first, and return the rest from later calls.
    private func readMouse() -> MouseEvent? {
        var batch: [MouseEvent] = []
        var event = MEVENT()
        while getmouse(&event) == OK {
            if let mouse = NcursesInput.mouseEvent(bstate: UInt(event.bstate), x: event.x, y: event.y) {
                batch.append(mouse)
            }
            if batch.count > 64 { break }       // the queue holds fewer; never loop forever
        }
        pendingMouse.append(contentsOf: batch.reversed())
        return pendingMouse.isEmpty ? nil : pendingMouse.removeFirst()
    }

    /// A read that fails early without EINTR: check whether the terminal went away, so a timed
    /// loop cannot spin on a dead descriptor.
    private func inputHungUp() -> Bool {
        var descriptor = pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return true }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

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

// MARK: - Pure decisions (tested without a terminal)

/// How many colours a style may use on this terminal.
enum NcursesColorDepth: Equatable {
    case none, ansi8, ansi16, xterm256
}

/// The attributes that survive without colour.
struct NcursesAttributes: OptionSet, Hashable {
    let rawValue: UInt8
    static let bold = NcursesAttributes(rawValue: 1 << 0)
    static let dim = NcursesAttributes(rawValue: 1 << 1)
    static let reverse = NcursesAttributes(rawValue: 1 << 2)
    static let underline = NcursesAttributes(rawValue: 1 << 3)

    var ncurses: attr_t {
        var value = cn_a_normal()
        if contains(.bold) { value |= cn_a_bold() }
        if contains(.dim) { value |= cn_a_dim() }
        if contains(.reverse) { value |= cn_a_reverse() }
        if contains(.underline) { value |= cn_a_underline() }
        return value
    }
}

/// A style as ncurses draws it: attributes plus a foreground/background palette index (-1 is the
/// terminal's own default colour; both -1 means colour pair 0).
struct NcursesLook: Hashable {
    var attributes: NcursesAttributes
    var foreground: Int
    var background: Int
}

enum NcursesStyleMapping {
    static func depth(colors: Int, hasColors: Bool, mode: ColorMode) -> NcursesColorDepth {
        guard mode == .auto, hasColors else { return .none }
        if colors >= 256 { return .xterm256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .none
    }

    /// Palette index for a colour at a depth; -1 for `.default` (and for everything at `.none`).
    static func index(of color: Color, depth: NcursesColorDepth) -> Int {
        switch depth {
        case .none: return -1
        case .xterm256: return color.xterm256Index
        case .ansi8: return color.ansi8Index
        case .ansi16:
            if case .ansi(let n) = color { return Int(n % 16) }
            return color.ansi8Index
        }
    }

    /// `defaultColors` is whether use_default_colors worked; without it -1 is not a valid colour
    /// and the classic white on black stands in.
    static func look(for style: Style, depth: NcursesColorDepth, defaultColors: Bool) -> NcursesLook {
        var attributes: NcursesAttributes = []
        if style.bold { attributes.insert(.bold) }
        if style.dim { attributes.insert(.dim) }
        if style.reverse { attributes.insert(.reverse) }
        if style.underline { attributes.insert(.underline) }
        var foreground = index(of: style.foreground, depth: depth)
        var background = index(of: style.background, depth: depth)
        if depth != .none, !defaultColors, foreground != -1 || background != -1 {
            if foreground == -1 { foreground = 7 }
            if background == -1 { background = 0 }
        }
        return NcursesLook(attributes: attributes, foreground: foreground, background: background)
    }
}

/// What one canvas cell hands to setcchar: one spacing scalar and up to four zero-width ones,
/// chosen so ncurses takes no more columns than the canvas reserved.
enum NcursesCellText {
    struct Glyph: Equatable {
        var scalars: [UInt32]
        /// Columns ncurses will use for it.
        var width: Int
    }

    static let blank = Glyph(scalars: [0x20], width: 1)
    static let replacement = Glyph(scalars: [0x3F], width: 1)   // "?": printable in every font

    static func glyph(for text: String, columns: Int) -> Glyph {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return blank }
        let width = printableWidth(first)
        // Controls and unassigned scalars would show as ^X or garbage; a glyph wider than its
        // slot would push the rest of the row right.
        guard width >= 1, width <= columns else { return replacement }
        var result = [first.value]
        for scalar in scalars.dropFirst() where result.count < 5 {
            // Only zero-width followers (combining marks, VS16, ZWJ) belong in the same cell.
            if printableWidth(scalar) == 0 { result.append(scalar.value) }
        }
        return Glyph(scalars: result, width: width)
    }

    /// wcwidth (what ncurses uses), with controls as -1.
    static func printableWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return -1 }
        _ = TextWidth.of(scalar)                                // makes sure LC_CTYPE is UTF-8
        return Int(cn_wcwidth(value))
    }
}
