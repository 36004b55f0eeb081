import CNcurses
import Glibc

/// A second ncurses screen whose "terminal" is an unlinked temp file: `newterm(TERM, file,
/// /dev/null)`. Canvases painted into it come back as the bytes ncurses would send a real
/// terminal of that type and size, for the recording. ncurses writes them; we only collect them.
///
/// Living next to the player's screen (verified with ncurses 6.4 in tmux):
/// - The mode calls (raw, nonl, tcsetattr at endwin) fail harmlessly on a file; nothing reaches
///   the real terminal, whose screen keeps working across the set_term switches.
/// - ncurses keeps one list of windows for all screens: `resize_term` on either screen resizes
///   the windows of both, and `delscreen` frees them all. A live resize therefore resizes our
///   windows too; our own resize_term (always to the live terminal's size) grows rows and
///   columns in two steps and clips the live windows in between, so the live screen must repaint
///   everything after it (`Frame.resized`; RecordingScreen sees to it). A frame whose windows the
///   live screen has just resized under us is skipped, and this screen is deleted after the
///   live one.
/// - set_term does not switch LINES and COLS; cn_enter_screen/cn_leave_screen keep them.
/// - /dev/null always looks readable, which would make doupdate stop early for "typeahead":
///   typeahead(-1) turns that check off.
final class NcursesCapture {
    /// What recordings are made for: asciinema's players emulate xterm.
    static let defaultTerm = "xterm-256color"

    struct Failure: ProgramError {
        /// What went wrong, after "<program> cannot record: ".
        var problem: String
        func message(program: String) -> String { "\(program) cannot record: \(problem)" }
    }

    let term: String
    /// The size this screen draws at (what the recording's "terminal" is).
    private(set) var size: Size
    private var screen: OpaquePointer?
    private var output: UnsafeMutablePointer<FILE>?
    private var input: UnsafeMutablePointer<FILE>?
    private var painter: NcursesPainter!
    private var finished = false

    /// Fails (without touching any terminal) when terminfo has no usable entry for `term`.
    static func check(term: String = defaultTerm) throws {
        let devNull = open("/dev/null", O_RDWR)
        defer { if devNull >= 0 { closeDescriptor(devNull) } }
        guard TerminalEnvironment.lookUpTerm(term, fd: devNull) == .usable else {
            throw Failure(problem: "no usable terminfo entry for \(term) (install ncurses-base)")
        }
    }

    init(colorMode: ColorMode, term: String = defaultTerm) throws {
        self.term = term
        try Self.check(term: term)
        guard let output = Self.makeTempFile() else {
            throw Failure(problem: "no temporary file (\(String(cString: strerror(errno))))")
        }
        guard let input = fopen("/dev/null", "r") else {
            fclose(output)
            throw Failure(problem: "cannot open /dev/null")
        }
        let savedLines = cn_lines(), savedColumns = cn_cols()
        // Without a live screen (headless), newterm would be the process's first and install
        // ncurses' SIGINT/SIGTERM handlers (endwin, then exit 1) and its SIGTSTP one: keep the
        // dispositions as they were, so Ctrl-C ends a recorded headless run as it ends any other.
        let keptSignals: [Int32] = NcursesScreen.activeNcursesScreen == nil ? [SIGINT, SIGTERM, SIGTSTP] : []
        var dispositions: [sigaction] = keptSignals.map { _ in sigaction() }
        for (i, signal) in keptSignals.enumerated() { sigaction(signal, nil, &dispositions[i]) }
        defer { for (i, signal) in keptSignals.enumerated() { sigaction(signal, &dispositions[i], nil) } }
        // newterm makes the new screen current; the live one (if any) is put back below.
        guard let screen = newterm(term, output, input) else {
            fclose(output)
            fclose(input)
            throw Failure(problem: "ncurses could not start a \(term) screen")
        }
        self.screen = screen
        self.output = output
        self.input = input
        _ = typeahead(-1)
        size = Self.windowSize()
        // One write(2) per frame to the file, not one per cursor move: NcursesScreen's
        // leaveInitialState, with what newterm and endwin sent dropped in between, so the
        // recording opens with the resume (alternate screen, as newterm opened it).
        endwin()
        _ = drain()
        doupdate()
        nonl()                                  // a player gets bytes as sent: no LF → CR LF on the way
        leaveok(cn_stdscr(), true)
        _ = curs_set(0)
        painter = NcursesPainter(colorMode: colorMode)
        if let live = NcursesScreen.activeNcursesScreen {
            cn_leave_screen(live, savedLines, savedColumns)
        }
    }

    deinit { close() }

    struct Frame {
        /// What ncurses sent.
        var bytes: [UInt8]
        /// This screen was resized first: any other screen's windows may have lost content.
        var resized: Bool
    }

    /// Paints `canvas` on a terminal of `size` (the live screen's size, or the virtual one) and
    /// returns what ncurses sent; nil when this frame cannot be drawn: the live terminal changed
    /// size under us (its resize event follows), the size is empty, or the capture has ended.
    func paint(_ canvas: Canvas, size target: Size) -> Frame? {
        // A frame not drawn here changes nothing here: the next one is compared with what this
        // terminal still shows, as every frame is.
        guard let screen, !finished, target.width > 0, target.height > 0 else { return nil }
        var lines: Int32 = 0, columns: Int32 = 0
        let previous = cn_enter_screen(screen, &lines, &columns)
        defer { cn_leave_screen(previous, lines, columns) }
        guard cn_stdscr() != nil else { return nil }      // the live screen's delscreen freed our windows
        let windows = Self.windowSize()
        var resized = false
        if target != size || windows != size {
            // Resize only to a size the windows already have (the live terminal resized them
            // with itself) or from the size they have (nobody else resized them).
            guard windows == target || windows == size, resize_term(Int32(target.height), Int32(target.width)) == OK else {
                return nil
            }
            size = target
            painter.invalidate()
            resized = true
        }
        painter.paint(canvas, visible: target)
        return Frame(bytes: drain(), resized: resized)
    }

    /// What endwin sends (attributes off, cursor back, leave the alternate screen); call before
    /// the live screen's restore(), which frees this screen's windows too.
    func finish() -> [UInt8] {
        guard let screen, !finished else { return [] }
        finished = true
        var lines: Int32 = 0, columns: Int32 = 0
        let previous = cn_enter_screen(screen, &lines, &columns)
        defer { cn_leave_screen(previous, lines, columns) }
        guard cn_stdscr() != nil else { return [] }
        _ = curs_set(1)
        endwin()
        return drain()
    }

    /// Frees the screen and its files, once the live screen has restored itself: deleting a
    /// screen frees every screen's windows. Before that, everything is left alive (ncurses may
    /// still visit this screen, e.g. its SIGTSTP handler), which only happens if the recording is
    /// dropped while the live screen runs.
    func close() {
        finished = true
        if let screen {
            guard NcursesScreen.activeNcursesScreen == nil else { return }
            delscreen(screen)
            self.screen = nil
        }
        if let output { fclose(output) }
        if let input { fclose(input) }
        output = nil
        input = nil
    }

    /// Everything ncurses wrote since the last drain; the file is emptied again.
    private func drain() -> [UInt8] {
        guard let output else { return [] }
        fflush(output)
        let fd = fileno(output)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
            offset += off_t(n)
        }
        _ = ftruncate(fd, 0)
        rewind(output)
        _ = lseek(fd, 0, SEEK_SET)
        return bytes
    }

    private static func closeDescriptor(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    private static func windowSize() -> Size {
        var rows: Int32 = 0, columns: Int32 = 0
        cn_getmaxyx(cn_stdscr(), &rows, &columns)
        return Size(width: Int(max(0, columns)), height: Int(max(0, rows)))
    }

    /// An unlinked temp file in $TMPDIR (or /tmp), open for reading and writing.
    private static func makeTempFile() -> UnsafeMutablePointer<FILE>? {
        var directory = TerminalEnvironment.variable("TMPDIR") ?? ""
        if directory.isEmpty { directory = "/tmp" }
        var template = Array((directory + "/terminal-recording-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        guard let file = fdopen(fd, "w+") else {
            closeDescriptor(fd)
            return nil
        }
        return file
    }
}
