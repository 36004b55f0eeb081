/// Turns the bytes a terminal sends into keys and mouse events: one decoder for all of it (UTF-8,
/// control keys, CSI and SS3 key sequences, SGR 1006 and X10 mouse reports). ncurses draws; it
/// does not read (NcursesScreen polls the terminal and a signal pipe itself and feeds this).
///
/// Pure and linear: bytes are appended, events taken one at a time; a sequence cut short waits
/// for more until the caller says input has paused (`pauseTimeout` after the last byte), then a
/// lone `ESC` is the Esc key and a cut report is dropped. Tested without a terminal.
struct TerminalInputDecoder {
    enum Output: Equatable {
        case key(Key)
        case mouse(MouseEvent)
        /// Ctrl-Z: raw mode delivers it as a byte; the shell's suspend is the player's intent.
        case suspend
        /// The terminal answering a query (OSC 11, DA1): for the screen, never a key.
        case reply(TerminalReply)
    }

    /// A lone ESC this long without a next byte is the Esc key (ncurses' escdelay, set low).
    static let escapeDelay = 0.025
    /// A sequence already begun (ESC [, ESC O, a mouse report, a UTF-8 lead byte) waits this long
    /// for each further part: a terminal writes a sequence at once, but a slow SSH link can hand
    /// it over in pieces ~100 ms apart. Only a bare ESC is ambiguous, so only it gets the short wait.
    static let sequenceByteDelay = 0.12
    /// Longer than any key sequence or mouse report a terminal sends: past it, garbage.
    static let maximumSequenceLength = 48

    private var buffer: [UInt8] = []
    private var start = 0
    /// The button an X10 release refers to ("button 3": whichever was down).
    private var buttonDown: MouseButton?
    /// Bytes still to drop of an OSC answer longer than any real one, up to its end (BEL or ST),
    /// so none of it is read as keys; bounded, and ended by a pause in the input.
    private var overlongAnswerBudget = 0
    static let overlongAnswerLimit = 65_536

    /// Bytes appended and not yet decoded (the start of a sequence waiting for its rest).
    var pendingByteCount: Int { buffer.count - start }

    /// Dropping the rest of an overlong answer: a pause (`next(inputPaused: true)`) ends that.
    var isDroppingAnswer: Bool { overlongAnswerBudget > 0 }

    /// How long to wait for the rest of what is pending before `next(inputPaused: true)`.
    var pauseTimeout: Double {
        pendingByteCount == 1 && buffer[start] == 0x1B ? Self.escapeDelay : Self.sequenceByteDelay
    }

    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 4096 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next event, or nil when the bytes left (if any) may still become one. With
    /// `inputPaused`, nothing more is coming soon: what is pending is decided now.
    mutating func next(inputPaused: Bool = false) -> Output? {
        dropOverlongAnswer()
        if inputPaused { overlongAnswerBudget = 0 }
        while start < buffer.count {
            switch decode(at: start, buttonDown: &buttonDown) {
            case .incomplete:
                guard inputPaused else { return nil }
                if buffer[start] == 0x1B, !isMouseReport(at: start), !isTerminalReply(at: start) {
                    // Esc pressed alone (or followed by what is no sequence): the key, and the
                    // bytes after it are read again as input.
                    start += 1
                    return .key(.escape)
                }
                start = buffer.count              // a cut mouse report or UTF-8 character: dropped
            case .skip(let length):
                start += length
            case .overlong(let length):
                start += length
                overlongAnswerBudget = Self.overlongAnswerLimit
                dropOverlongAnswer()
            case .output(let output, let length):
                start += length
                if case .mouse(let press) = output, press.kind == .press, let click = clickCompleting(press) {
                    return .mouse(click)
                }
                return output
            }
        }
        return nil
    }

    /// A press whose release was read with it (same button and cell) is one click, as ncurses
    /// reported it with mouseinterval(0). Looks only at bytes already here.
    private mutating func clickCompleting(_ press: MouseEvent) -> MouseEvent? {
        var down = buttonDown
        guard start < buffer.count, case .output(.mouse(let release), let length) = decode(at: start, buttonDown: &down),
              let click = TerminalMouseReport.click(press, then: release) else { return nil }
        buttonDown = down
        start += length
        return click
    }

    /// Drops what is left of an overlong OSC answer, through its BEL or ST; an ESC that starts
    /// anything else ends the dropping there (it is read again).
    private mutating func dropOverlongAnswer() {
        while overlongAnswerBudget > 0 && start < buffer.count {
            let byte = buffer[start]
            if byte == 0x07 {
                start += 1
                overlongAnswerBudget = 0
            } else if byte == 0x1B {
                guard start + 1 < buffer.count else { return }
                if buffer[start + 1] == UInt8(ascii: "\\") { start += 2 }
                overlongAnswerBudget = 0
            } else {
                start += 1
                overlongAnswerBudget -= 1
            }
        }
    }

    private enum Step {
        case incomplete
        case skip(Int)
        /// An OSC answer past its bound: these bytes dropped, and the rest of it after them.
        case overlong(Int)
        case output(Output, Int)
    }

    private func isMouseReport(at index: Int) -> Bool {
        index + 2 < buffer.count && buffer[index + 1] == UInt8(ascii: "[")
            && (buffer[index + 2] == UInt8(ascii: "<") || buffer[index + 2] == UInt8(ascii: "M"))
    }

    /// A terminal's answer begun (`ESC ] digit`, `ESC [ ?`): no key starts so, and a cut one is
    /// dropped, never read again as keys.
    private func isTerminalReply(at index: Int) -> Bool {
        guard index + 2 < buffer.count else { return false }
        switch buffer[index + 1] {
        case UInt8(ascii: "]"): return (0x30...0x39).contains(buffer[index + 2])
        case UInt8(ascii: "["): return buffer[index + 2] == UInt8(ascii: "?")
        default: return false
        }
    }

    private func decode(at index: Int, buttonDown: inout MouseButton?) -> Step {
        let byte = buffer[index]
        if byte == 0x1B { return decodeEscape(at: index, buttonDown: &buttonDown) }
        if byte == 0x1A { return .output(.suspend, 1) }
        if byte < 0x80 {
            guard let key = TerminalKeys.key(forCharacter: UInt32(byte)) else { return .skip(1) }
            return .output(.key(key), 1)
        }
        return decodeUTF8(at: index)
    }

    /// A lead byte and its continuation bytes; anything that breaks the sequence drops the lead
    /// (and the break is read again), so one bad byte never swallows the keys typed after it.
    private func decodeUTF8(at index: Int) -> Step {
        guard let length = TerminalKeys.utf8Length(lead: buffer[index]) else { return .skip(1) }
        let available = min(length, buffer.count - index)
        for offset in 1..<max(1, available) where !(0x80...0xBF).contains(buffer[index + offset]) {
            return .skip(1)
        }
        guard available == length else { return .incomplete }
        guard let scalar = TerminalKeys.decodeUTF8(Array(buffer[index..<(index + length)])),
              let key = TerminalKeys.key(forCharacter: scalar.value) else { return .skip(length) }
        return .output(.key(key), length)
    }

    private func decodeEscape(at index: Int, buttonDown: inout MouseButton?) -> Step {
        guard index + 1 < buffer.count else { return .incomplete }
        switch buffer[index + 1] {
        case UInt8(ascii: "["):
            return decodeCSI(at: index, buttonDown: &buttonDown)
        case UInt8(ascii: "]"):
            return decodeOSC(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < buffer.count else { return .incomplete }
            guard let key = TerminalKeys.key(forSS3: buffer[index + 2]) else { return .skip(3) }
            return .output(.key(key), 3)
        default:
            // Esc then anything else (Alt-x included): the Esc key; the rest is read again.
            return .output(.key(.escape), 1)
        }
    }

    private func decodeCSI(at index: Int, buttonDown: inout MouseButton?) -> Step {
        let first = index + 2
        guard first < buffer.count else { return .incomplete }
        var parser = TerminalMouseReport.Parser()
        if buffer[first] == UInt8(ascii: "<") || buffer[first] == UInt8(ascii: "M") {
            var position = first
            while position < buffer.count {
                switch parser.feed(buffer[position]) {
                case .more:
                    position += 1
                    if position - index > Self.maximumSequenceLength { return .skip(position - index) }
                case .report(let report):
                    let length = position + 1 - index
                    guard let report, let event = TerminalMouseReport.event(for: report, buttonDown: &buttonDown) else {
                        return .skip(length)
                    }
                    return .output(.mouse(event), length)
                case .broken:
                    return .skip(position - index)     // the report so far; the breaking byte is read again
                }
            }
            return .incomplete
        }
        // A key: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
        var position = first
        while position < buffer.count, (0x20...0x3F).contains(buffer[position]) {
            position += 1
            if position - index > Self.maximumSequenceLength { return .skip(position - index) }
        }
        guard position < buffer.count else { return .incomplete }
        let final = buffer[position]
        guard (0x40...0x7E).contains(final) else { return .skip(position - index) }
        let length = position + 1 - index
        let parameters = buffer[first..<position]
        if final == UInt8(ascii: "c"), buffer[first] == UInt8(ascii: "?") { return .output(.reply(.deviceAttributes), length) }
        guard let key = TerminalKeys.key(forCSI: parameters, final: final) else { return .skip(length) }
        return .output(.key(key), length)
    }

    /// An OSC string, as terminals answer OSC queries: `ESC ] Ps ; text` ended by BEL or ST
    /// (`ESC \`). Only `ESC ]` and a digit begin one (Alt-] followed by anything else is the Esc
    /// key and the rest, as before); a control byte inside breaks it (the string so far is
    /// dropped, the byte read again); past `TerminalReply.maximumOSCLength` what came is dropped.
    private func decodeOSC(at index: Int) -> Step {
        let first = index + 2
        guard first < buffer.count else { return .incomplete }
        guard (0x30...0x39).contains(buffer[first]) else { return .output(.key(.escape), 1) }
        var position = first
        while position < buffer.count {
            let byte = buffer[position]
            if byte == 0x07 { return .output(.reply(TerminalReply.osc(buffer[first..<position])), position + 1 - index) }
            if byte == 0x1B {
                guard position + 1 < buffer.count else { return .incomplete }
                guard buffer[position + 1] == UInt8(ascii: "\\") else { return .skip(position - index) }
                return .output(.reply(TerminalReply.osc(buffer[first..<position])), position + 2 - index)
            }
            guard (0x20...0x7E).contains(byte) else { return .skip(position - index) }
            position += 1
            if position - index > TerminalReply.maximumOSCLength { return .overlong(position - index) }
        }
        return .incomplete
    }
}
