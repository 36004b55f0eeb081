/// Mouse reports, decoded by us rather than by ncurses.
///
/// ncurses reads the rest of a report with a blocking read(2) and no timeout, so an incomplete
/// one (`ESC [ < 0 ; 5` and nothing more) froze the app and swallowed every key up to the next
/// `M`. NcursesScreen therefore unbinds KEY_MOUSE (reporting stays on), reads the bytes after an
/// `ESC` itself with a short timeout each, and feeds them here. Pure: tested without a terminal.
///
/// Two encodings, whatever TERM says (ncurses asks for SGR 1006 under xterm-256color and plain
/// X10 under tmux-256color, and a terminal may ignore the request):
/// - SGR 1006: `ESC [ <` button `;` column `;` row, then `M` (press) or `m` (release). Decimal,
///   1-based, no upper limit.
/// - X10: `ESC [ M` then three bytes: 32 + button, 32 + column, 32 + row (1-based, so ≤ 223).
///   A release says button 3, "whichever was down".
struct NcursesMouseParser {
    /// A complete report, numbers as sent.
    struct Report: Equatable {
        enum Encoding: Equatable {
            /// `released`: the report ended in `m`.
            case sgr(released: Bool)
            case x10
        }
        var encoding: Encoding
        /// Button number plus modifier (4 shift, 8 meta, 16 ctrl), motion (32) and wheel/extra
        /// button (64, 128) bits.
        var button: Int
        /// 1-based.
        var column: Int
        var row: Int
    }

    enum Step: Equatable {
        /// The byte belongs to the report (or to its `[<` / `[M` prefix): feed the next one.
        case more
        /// The report is complete. nil: well formed but not usable (a missing or out-of-range
        /// number); it is dropped like any report the game ignores.
        case report(Report?)
        /// No mouse report after all (`ESC` then something other than `[<` or `[M`): this byte and
        /// the ones fed before it (`consumed`) are ordinary input, to be read again.
        case notMouse
        /// A mouse report this byte cannot continue: the report so far is dropped, the byte is
        /// ordinary input, to be read again.
        case broken
    }

    /// What a report may hold at most: a terminal sends about 15 bytes; anything longer is garbage.
    static let maximumLength = 48
    /// Digits per SGR number: more cannot be a real position (and could overflow).
    static let maximumDigits = 9

    private enum State {
        case escape                 // after ESC: expecting `[`
        case bracket                // after ESC [: expecting `<` or `M`
        case sgr                    // after ESC [ <
        case x10                    // after ESC [ M
    }

    private var state = State.escape
    /// The bytes fed so far (after the ESC), all of them accepted.
    private(set) var consumed: [UInt8] = []
    /// SGR numbers so far (nil: no digit yet, or too many digits) and X10 field bytes.
    private var fields: [Int?] = [nil]
    private var digits = 0
    private var overflow = false

    /// Whether the bytes so far are known to be a mouse report (`ESC [ <` or `ESC [ M` seen). If
    /// input stops before the report is complete, a report is dropped (`.broken`), anything else
    /// is ordinary input (`.notMouse`).
    var isMouseReport: Bool {
        switch state {
        case .escape, .bracket: return false
        case .sgr, .x10: return true
        }
    }

    /// Whether the next byte is an X10 field (any byte from 32 up, even one ncurses reads as a key).
    var readsX10Fields: Bool {
        if case .x10 = state { return true }
        return false
    }

    /// What to do when input stops (timeout) or something other than a byte (a key code) arrives
    /// before the report is complete.
    var interrupted: Step { isMouseReport ? .broken : .notMouse }

    /// The next byte after the `ESC`.
    mutating func feed(_ byte: UInt8) -> Step {
        guard consumed.count < Self.maximumLength else { return .broken }
        let step: Step
        switch state {
        case .escape:
            guard byte == UInt8(ascii: "[") else { return .notMouse }
            state = .bracket
            step = .more
        case .bracket:
            switch byte {
            case UInt8(ascii: "<"): state = .sgr; fields = [nil]
            case UInt8(ascii: "M"): state = .x10; fields = []
            default: return .notMouse
            }
            step = .more
        case .sgr:
            step = feedSGR(byte)
        case .x10:
            // Every field is 32 + a value ≥ 0: a control byte (Esc, Ctrl-C, …) cannot be one.
            guard byte >= 32 else { return .broken }
            fields.append(Int(byte) - 32)
            step = fields.count == 3
                ? .report(Report(encoding: .x10, button: fields[0]!, column: fields[1]!, row: fields[2]!))
                : .more
        }
        if step != .broken { consumed.append(byte) }
        return step
    }

    private mutating func feedSGR(_ byte: UInt8) -> Step {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            digits += 1
            if digits > Self.maximumDigits { overflow = true }
            let value = fields[fields.count - 1] ?? 0
            fields[fields.count - 1] = overflow ? nil : value * 10 + Int(byte - UInt8(ascii: "0"))
            return .more
        case UInt8(ascii: ";"):
            guard fields.count < 3 else { return .broken }
            if fields[fields.count - 1] == nil { overflow = true }   // an empty number
            fields.append(nil)
            digits = 0
            return .more
        case UInt8(ascii: "M"), UInt8(ascii: "m"):
            guard !overflow, fields.count == 3, let button = fields[0], let column = fields[1], let row = fields[2] else {
                return .report(nil)
            }
            return .report(Report(encoding: .sgr(released: byte == UInt8(ascii: "m")), button: button, column: column, row: row))
        default:
            return .broken
        }
    }

    // MARK: Reports → MouseEvent

    /// The event a report stands for, as ncurses' getmouse reported it before: left, middle or
    /// right press and release, 0-based position. nil for wheel, motion, other buttons, a position
    /// off the top-left, and an X10 release with no button down. `buttonDown` carries the button
    /// an X10 release refers to from one report to the next.
    static func event(for report: Report, buttonDown: inout MouseButton?) -> MouseEvent? {
        let buttons: [MouseButton] = [.left, .middle, .right]
        // Modifier bits (shift 4, meta 8, ctrl 16) do not matter; motion (32), wheel (64) and the
        // extra buttons (128) are ignored, as are numbers no terminal sends.
        guard (0...255).contains(report.button), report.button & (32 | 64 | 128) == 0 else { return nil }
        let number = report.button & 3
        let kind: MouseEvent.Kind
        let button: MouseButton
        switch report.encoding {
        case .sgr(let released):
            guard number < 3 else { return nil }
            button = buttons[number]
            kind = released ? .release : .press
            buttonDown = released ? nil : button
        case .x10:
            if number == 3 {
                guard let down = buttonDown else { return nil }
                button = down
                kind = .release
                buttonDown = nil
            } else {
                button = buttons[number]
                kind = .press
                buttonDown = button
            }
        }
        guard report.column >= 1, report.row >= 1 else { return nil }
        return MouseEvent(kind, button: button, at: Point(x: report.column - 1, y: report.row - 1))
    }

    /// A press and its release read in one go are one click (as ncurses reported them with
    /// mouseinterval(0)): same button, same cell. nil if the two do not pair up.
    static func click(_ first: MouseEvent, then second: MouseEvent) -> MouseEvent? {
        guard first.kind == .press, second.kind == .release, first.button == second.button,
              first.position == second.position else { return nil }
        return MouseEvent(.click, button: first.button, at: first.position)
    }
}
