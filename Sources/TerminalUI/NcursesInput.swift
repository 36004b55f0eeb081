import CNcurses

/// Turns what `wgetch`/`get_wch` and `getmouse` report into the toolkit's `Key` and `MouseEvent`.
/// Pure functions over plain integers, so the whole table is testable without a terminal.
/// (NcursesScreen reads bytes with wgetch and assembles UTF-8 itself; see cn_getch in shim.h.)
enum NcursesInput {
    /// One result of `get_wch`: a character (`OK`) or a function key (`KEY_CODE_YES`).
    enum Raw: Equatable {
        case character(UInt32)
        case functionKey(Int32)
    }

    // ncurses' key codes, read from the C macros once (they are fixed by X/Open curses, and the
    // tests check the numbers independently).
    static let keyUp = cn_key_up(), keyDown = cn_key_down(), keyLeft = cn_key_left(), keyRight = cn_key_right()
    static let keyEnter = cn_key_enter(), keyBackspace = cn_key_backspace(), keyDelete = cn_key_dc()
    static let keyHome = cn_key_home(), keyEnd = cn_key_end(), keyPageDown = cn_key_npage(), keyPageUp = cn_key_ppage()
    static let keyBackTab = cn_key_btab(), keyResize = cn_key_resize(), keyMouse = cn_key_mouse()

    /// What one `wgetch` result is.
    enum Code: Equatable {
        case error
        case resize
        case mouse
        case functionKey(Int32)
        case byte(UInt8)
    }

    static func classify(_ code: Int32) -> Code {
        switch code {
        case 0...0xFF: return .byte(UInt8(code))
        case keyResize: return .resize
        case keyMouse: return .mouse
        case let code where code > 0xFF: return .functionKey(code)
        default: return .error                 // ERR (-1) and anything else negative
        }
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

    /// The key for a `get_wch` result; nil for anything the game has no name for (it is ignored).
    static func key(for raw: Raw) -> Key? {
        switch raw {
        case .character(let code): return key(forCharacter: code)
        case .functionKey(let code): return key(forFunctionKey: code)
        }
    }

    /// Control characters first (raw mode delivers Ctrl-C as 3), then any printable scalar.
    static func key(forCharacter code: UInt32) -> Key? {
        switch code {
        case 13, 10: return .enter           // nonl() gives CR; LF is Ctrl-J, which terminals also send for Enter
        case 27: return .escape
        case 9: return .tab
        case 127, 8: return .backspace       // DEL from most terminals; BS (Ctrl-H) from some
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 0, 28...31: return nil          // Ctrl-@, Ctrl-\ … Ctrl-_: no meaning in the game
        case 0x80...0x9F: return nil         // C1 controls: never printable
        default:
            // Surrogates and values past U+10FFFF (garbage from a broken decoder) are dropped here.
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    static func key(forFunctionKey code: Int32) -> Key? {
        switch code {
        case keyUp: return .up
        case keyDown: return .down
        case keyLeft: return .left
        case keyRight: return .right
        case keyEnter: return .enter
        case keyBackspace: return .backspace
        case keyDelete: return .delete
        case keyHome: return .home
        case keyEnd: return .end
        case keyPageUp: return .pageUp
        case keyPageDown: return .pageDown
        case keyBackTab: return .backTab
        default: return nil                  // F-keys, KEY_RESIZE/KEY_MOUSE (handled by the caller), unknown sequences
        }
    }

    // Button masks, as mousemask and getmouse use them.
    static let button1Pressed = UInt(cn_button1_pressed()), button1Released = UInt(cn_button1_released())
    static let button1Clicked = UInt(cn_button1_clicked())
    static let button1DoubleClicked = UInt(cn_button1_double_clicked()), button1TripleClicked = UInt(cn_button1_triple_clicked())
    static let button2Pressed = UInt(cn_button2_pressed()), button2Released = UInt(cn_button2_released()), button2Clicked = UInt(cn_button2_clicked())
    static let button3Pressed = UInt(cn_button3_pressed()), button3Released = UInt(cn_button3_released()), button3Clicked = UInt(cn_button3_clicked())

    /// Only what clicks need: press, release and click for the three buttons. No motion reporting
    /// (REPORT_MOUSE_POSITION would switch on any-motion tracking and wake us for every move).
    static var mouseMask: UInt {
        button1Pressed | button1Released | button1Clicked
            | button2Pressed | button2Released | button2Clicked
            | button3Pressed | button3Released | button3Clicked
    }

    /// A `getmouse` report as a MouseEvent; nil for wheel, motion and anything unmapped. Only a
    /// fallback now: ncurses no longer decodes reports (NcursesMouseParser does).
    /// With mouseinterval(0) a press and release that arrive together come as one CLICKED, and
    /// apart as PRESSED then RELEASED.
    static func mouseEvent(bstate: UInt, x: Int32, y: Int32) -> MouseEvent? {
        guard x >= 0, y >= 0 else { return nil }
        let position = Point(x: Int(x), y: Int(y))
        let buttons: [(MouseButton, clicked: UInt, pressed: UInt, released: UInt)] = [
            (.left, button1Clicked | button1DoubleClicked | button1TripleClicked, button1Pressed, button1Released),
            (.middle, button2Clicked, button2Pressed, button2Released),
            (.right, button3Clicked, button3Pressed, button3Released),
        ]
        for (button, clicked, pressed, released) in buttons {
            if bstate & clicked != 0 { return MouseEvent(.click, button: button, at: position) }
            if bstate & pressed != 0 { return MouseEvent(.press, button: button, at: position) }
            if bstate & released != 0 { return MouseEvent(.release, button: button, at: position) }
        }
        return nil
    }
}
