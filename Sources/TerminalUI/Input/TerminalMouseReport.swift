/// Mouse reports as terminals send them, after `ESC [`.
///
/// Two encodings, whatever TERM says (ncurses asks for SGR 1006 under xterm-256color and plain
/// X10 under tmux-256color, and a terminal may ignore the request):
/// - SGR 1006: `<` button `;` column `;` row, then `M` (press) or `m` (release). Decimal,
///   1-based, no upper limit.
/// - X10: `M` then three bytes: 32 + button, 32 + column, 32 + row (1-based, so ≤ 223).
///   A release says button 3, "whichever was down".
/// Pure: tested without a terminal.
enum TerminalMouseReport {
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

    /// Reads one report byte by byte, from the `<` or `M` that follows `ESC [`.
    struct Parser {
        enum Step: Equatable {
            /// The byte belongs to the report: feed the next one.
            case more
            /// The report is complete. nil: well formed but not usable (a missing or out-of-range
            /// number); it is dropped like any report that is ignored.
            case report(Report?)
            /// A byte no report can continue with: the report so far is dropped, the byte is input.
            case broken
        }

        /// Digits per SGR number: more cannot be a real position (and could overflow).
        static let maximumDigits = 9

        private enum State { case start, sgr, x10 }
        private var state = State.start
        /// SGR numbers so far (nil: no digit yet, or too many digits) and X10 field bytes.
        private var fields: [Int?] = []
        private var digits = 0
        private var overflow = false

        mutating func feed(_ byte: UInt8) -> Step {
            switch state {
            case .start:
                switch byte {
                case UInt8(ascii: "<"): state = .sgr; fields = [nil]
                case UInt8(ascii: "M"): state = .x10; fields = []
                default: return .broken
                }
                return .more
            case .x10:
                // Every field is 32 + a value ≥ 0: a control byte (Esc, Ctrl-C, …) cannot be one.
                guard byte >= 32 else { return .broken }
                fields.append(Int(byte) - 32)
                guard fields.count == 3 else { return .more }
                return .report(Report(encoding: .x10, button: fields[0]!, column: fields[1]!, row: fields[2]!))
            case .sgr:
                return feedSGR(byte)
            }
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
    }

    /// The event a report stands for: left, middle or right press and release, 0-based position.
    /// nil for wheel, motion, other buttons, a position off the top-left, and an X10 release with
    /// no button down. `buttonDown` carries the button an X10 release refers to.
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

    /// A press and its release read in one go are one click: same button, same cell. nil if the
    /// two do not pair up.
    static func click(_ first: MouseEvent, then second: MouseEvent) -> MouseEvent? {
        guard first.kind == .press, second.kind == .release, first.button == second.button,
              first.position == second.position else { return nil }
        return MouseEvent(.click, button: first.button, at: first.position)
    }
}
