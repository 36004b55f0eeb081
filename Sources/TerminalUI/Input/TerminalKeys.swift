/// What the bytes of one key mean: control characters, UTF-8, and the CSI / SS3 sequences
/// terminals send for arrows and the editing keys. Pure tables, tested without a terminal.
///
/// Both cursor-key modes are understood (`ESC O A` in keypad-transmit mode, which ncurses turns
/// on, and `ESC [ A` from terminals that ignore it), and the variants terminals send for Home and
/// End (tmux sends `ESC [ 1 ~` whatever TERM says). Modifiers (`ESC [ 1 ; 5 A`) are ignored.
enum TerminalKeys {
    /// Control characters first (raw mode delivers Ctrl-C as 3), then any printable scalar.
    static func key(forCharacter code: UInt32) -> Key? {
        switch code {
        case 13, 10: return .enter           // CR from Enter (nonl); LF is Ctrl-J, which terminals also send for Enter
        case 27: return .escape
        case 9: return .tab
        case 127, 8: return .backspace       // DEL from most terminals; BS (Ctrl-H) from some
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 0, 28...31: return nil          // Ctrl-@, Ctrl-\ … Ctrl-_: no meaning here
        case 0x80...0x9F: return nil         // C1 controls: never printable
        default:
            // Surrogates and values past U+10FFFF are dropped here.
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// The final letter both cursor-key modes share: A B C D arrows, H Home, F End.
    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    /// `ESC O x` (SS3): the cursor keys in keypad-transmit mode, keypad Enter, Home and End.
    static func key(forSS3 final: UInt8) -> Key? {
        if let key = cursorKey(final) { return key }
        return final == UInt8(ascii: "M") ? .enter : nil   // F1–F4 (P–S) and the keypad: no meaning here
    }

    /// `ESC [ parameters final` (CSI). nil for sequences an app has no use for (F-keys, focus
    /// reports, bracketed-paste markers…): they are skipped whole.
    static func key<Parameters: Collection>(forCSI parameters: Parameters, final: UInt8) -> Key?
    where Parameters.Element == UInt8 {
        if let key = cursorKey(final) { return key }
        switch final {
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch firstNumber(parameters) {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// The leading decimal number of CSI parameters (`15;2` → 15); nil when there is none.
    private static func firstNumber<Parameters: Collection>(_ parameters: Parameters) -> Int?
    where Parameters.Element == UInt8 {
        var value: Int?
        for byte in parameters {
            guard (0x30...0x39).contains(byte) else { break }
            value = (value ?? 0) * 10 + Int(byte - 0x30)
            if value! > 9999 { return nil }
        }
        return value
    }

    /// Bytes in a UTF-8 sequence that starts with `lead`; nil for bytes that cannot start one
    /// (continuations 80–BF, the overlong leads C0/C1, F5–FF).
    static func utf8Length(lead: UInt8) -> Int? {
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return nil
        }
    }

    /// Exactly one well-formed scalar (no overlongs, surrogates or trailing bytes), else nil.
    static func decodeUTF8(_ bytes: [UInt8]) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), UTF8.width(scalar) == bytes.count else { return nil }
        return scalar
    }
}
