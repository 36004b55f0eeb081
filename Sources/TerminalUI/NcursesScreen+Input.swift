import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Input: keys through wgetch with our own UTF-8 and mouse-report decoding, resize, signals, and
/// a terminal that hangs up. The byte-level decisions live in NcursesInput and NcursesMouseParser
/// (tested without a tty).
extension NcursesScreen {
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
                invalidateAfterResize()
                return .resize(size)
            case .mouse:
                if let event = readMouse() { return .mouse(event) }
            case .functionKey(let code):
                if let key = NcursesInput.key(forFunctionKey: code) { return .key(key) }
            case .byte(0x1B):
                switch readMouseReport() {
                case .notMouse: return .key(.escape)
                case .event(let event): return .mouse(event)
                case .ignored: break
                }
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

    // MARK: Mouse reports

    /// The button an X10 release refers to ("button 3": whichever was down). One screen is
    /// active at a time; reset when a screen starts.
    private static var mouseButtonDown: MouseButton?

    /// Called by init once mousemask has switched mouse reporting on. Reporting stays on (and is
    /// switched off by mousemask(0) in restore), but ncurses no longer decodes reports: its
    /// decoder reads the rest of one with a blocking read(2) and no timeout, so an incomplete report
    /// froze the app and swallowed every key up to the next `M`. Removing every string bound to
    /// KEY_MOUSE (terminfo's kmous: `ESC [ <` for xterm-256color, `ESC [ M` for tmux-256color) lets
    /// the report reach us as `ESC` plus bytes, which readMouseReport decodes with a timeout.
    /// Removed rather than disabled with keyok: ncurses' mouse_activate, run whenever it switches
    /// reporting on again, calls keyok(KEY_MOUSE, TRUE), which cannot bring back a removed string.
    static func decodeMouseReportsOurselves() {
        _ = define_key(nil, NcursesInput.keyMouse)
        mouseButtonDown = nil
    }

    /// Whether ncurses would decode mouse reports itself (tests: it must not, on any screen).
    var ncursesDecodesMouseReports: Bool { isActive && has_key(NcursesInput.keyMouse) != 0 }

    /// How long the rest of a report may take, byte by byte: a terminal sends a report in one
    /// write, so a gap this long means it was cut short (as for UTF-8 in readScalar).
    private static let reportByteTimeout: Int32 = 50

    private enum MouseRead {
        /// The `ESC` was a key (its followers were put back to be read as input).
        case notMouse
        case event(MouseEvent)
        /// A report the game ignores (wheel, motion, a release without a press…), or one dropped
        /// because it was incomplete or garbled.
        case ignored
    }

    /// After an `ESC`: a mouse report, if `[<` or `[M` follows at once. A lone Esc costs no
    /// extra wait (ncurses has already waited ESCDELAY for a following byte); the rest of a report
    /// gets reportByteTimeout per byte. A press whose release was read with it (same button and
    /// cell) becomes one click, as ncurses reported it; any other report read with it waits in
    /// pendingMouse.
    private func readMouseReport() -> MouseRead {
        guard let report = readReportAfterEscape() else { return .notMouse }
        guard let report, let event = NcursesMouseParser.event(for: report, buttonDown: &Self.mouseButtonDown) else {
            return .ignored
        }
        guard event.kind == .press else { return .event(event) }
        // Look ahead, without waiting, for the release.
        let next = readCode(within: 0)
        guard next == 0x1B else {
            if next != ERR { _ = cn_ungetch(next) }
            return .event(event)
        }
        guard let second = readReportAfterEscape(putBackEscape: true) else { return .event(event) }
        if let second, let release = NcursesMouseParser.event(for: second, buttonDown: &Self.mouseButtonDown) {
            if let click = NcursesMouseParser.click(event, then: release) { return .event(click) }
            pendingMouse.append(release)
        }
        return .event(event)
    }

    /// Reads and parses what follows an `ESC`. nil: not a mouse report; the bytes read after the
    /// `ESC` are put back to be read as input (and the `ESC` itself if `putBackEscape`).
    /// `.some(nil)`: a mouse report that is dropped (incomplete, garbled, unusable); a byte or key
    /// that broke it is put back. A resize that arrives meanwhile is put back too, to come first.
    private func readReportAfterEscape(putBackEscape: Bool = false) -> NcursesMouseParser.Report?? {
        var parser = NcursesMouseParser()
        var resized = false
        defer { if resized { _ = cn_ungetch(NcursesInput.keyResize) } }
        // The byte right after ESC only if it is already here: a lone Esc must not wait longer.
        var timeout: Int32 = 0
        while true {
            let code = readCode(within: timeout)
            timeout = Self.reportByteTimeout
            if code == NcursesInput.keyResize {
                resized = true
                continue
            }
            var byte: UInt8?
            if (0...0xFF).contains(code) {
                byte = UInt8(code)
            } else if parser.readsX10Fields, let single = Self.singleByte(boundTo: code) {
                // An X10 field byte that is also a one-byte key (kbs=^? is 127: column or row 95).
                byte = single
            }
            let step = byte.map { parser.feed($0) } ?? parser.interrupted
            switch step {
            case .more:
                continue
            case .report(let report):
                return .some(report)
            case .notMouse:
                if code != ERR { _ = cn_ungetch(code) }
                for byte in parser.consumed.reversed() { _ = cn_ungetch(Int32(byte)) }
                if putBackEscape { _ = cn_ungetch(0x1B) }
                return nil
            case .broken:
                if code != ERR { _ = cn_ungetch(code) }
                return .some(nil)
            }
        }
    }

    /// One wgetch result within `milliseconds` (0: only what is already here): a byte, a key code,
    /// or ERR when nothing came, input is gone, or a signal asks the app to stop.
    private func readCode(within milliseconds: Int32) -> Int32 {
        let clock = SystemClock()
        let deadline = clock.now + Double(milliseconds) / 1000
        while true {
            let remaining = max(0, deadline - clock.now)
            wtimeout(cn_stdscr(), Int32((remaining * 1000).rounded(.up)))
            let code = cn_getch()
            if code == ERR, cn_errno() == EINTR, TerminalGuard.pendingTermination == nil, clock.now < deadline { continue }
            return code
        }
    }

    /// The byte a one-byte key definition stands for (e.g. 127 for KEY_BACKSPACE when kbs=^?).
    private static func singleByte(boundTo code: Int32) -> UInt8? {
        guard code > 0xFF else { return nil }
        for byte in UInt8(1)...UInt8(0xFF) {
            let definition: [CChar] = [CChar(bitPattern: byte), 0]
            if key_defined(definition) == code { return byte }
        }
        return nil
    }

    /// A fallback, not expected: KEY_MOUSE is unbound (decodeMouseReportsOurselves). Should ncurses
    /// report one all the same, its events are used. Drains ncurses' mouse queue. getmouse hands out the newest event first, and one KEY_MOUSE
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
}
