import Testing
@testable import TerminalUI

/// get_wch / getmouse results → Key / MouseEvent, without a terminal. The ncurses numbers are
/// written out here (X/Open curses ABI, ncurses 6 mouse version 2) rather than read from the
/// same C macros the code uses, so a wrong wrapper shows up too.
@Suite struct NcursesInputTests {
    @Test("characters", arguments: [
        (UInt32(13), Key.enter), (10, .enter), (27, .escape), (9, .tab), (127, .backspace), (8, .backspace),
        (3, .control("c")), (1, .control("a")), (4, .control("d")), (26, .control("z")), (17, .control("q")),
        (32, .character(" ")), (113, .character("q")), (63, .character("?")), (65, .character("A")),
        (0xE9, .character("é")), (0x1F47B, .character("👻")), (0x2764, .character("❤")),
    ] as [(UInt32, Key)])
    func character(code: UInt32, key: Key) {
        #expect(NcursesInput.key(forCharacter: code) == key)
        #expect(NcursesInput.key(for: .character(code)) == key)
    }

    @Test("characters the game has no name for are dropped, never trapped",
          arguments: [UInt32(0), 28, 29, 30, 31, 0x80, 0x9B, 0x9F, 0xD800, 0xDFFF, 0x110000, 0xFFFF_FFFF])
    func ignoredCharacter(code: UInt32) {
        #expect(NcursesInput.key(forCharacter: code) == nil)
    }

    @Test("function keys", arguments: [
        (Int32(0o403), Key.up), (0o402, .down), (0o404, .left), (0o405, .right), (0o527, .enter),
        (0o407, .backspace), (0o512, .delete), (0o406, .home), (0o550, .end), (0o523, .pageUp),
        (0o522, .pageDown), (0o541, .backTab),
    ] as [(Int32, Key)])
    func functionKey(code: Int32, key: Key) {
        #expect(NcursesInput.key(forFunctionKey: code) == key)
        #expect(NcursesInput.key(for: .functionKey(code)) == key)
    }

    @Test("unknown function keys, KEY_RESIZE and KEY_MOUSE are not keys",
          arguments: [Int32(0o410 + 5) /* F5 */, 0o632 /* KEY_RESIZE */, 0o631 /* KEY_MOUSE */, 0o777, -1, Int32.max])
    func ignoredFunctionKey(code: Int32) {
        #expect(NcursesInput.key(forFunctionKey: code) == nil)
    }

    @Test func resizeAndMouseCodes() {
        #expect(NcursesInput.keyResize == 0o632)
        #expect(NcursesInput.keyMouse == 0o631)
    }

    @Test("mouse buttons", arguments: [
        (UInt(0o4), MouseEvent.Kind.click, MouseButton.left),       // BUTTON1_CLICKED
        (0o2, .press, .left),                                       // BUTTON1_PRESSED
        (0o1, .release, .left),                                     // BUTTON1_RELEASED
        (0o10, .click, .left),                                      // BUTTON1_DOUBLE_CLICKED still chooses
        (0o4 << 5, .click, .middle), (0o2 << 5, .press, .middle),
        (0o4 << 10, .click, .right), (0o1 << 10, .release, .right),
    ] as [(UInt, MouseEvent.Kind, MouseButton)])
    func mouse(bstate: UInt, kind: MouseEvent.Kind, button: MouseButton) {
        #expect(NcursesInput.mouseEvent(bstate: bstate, x: 12, y: 5) == MouseEvent(kind, button: button, at: Point(x: 12, y: 5)))
    }

    @Test func mouseIgnoresWheelMotionAndBadPositions() {
        #expect(NcursesInput.mouseEvent(bstate: 0o2 << 15, x: 1, y: 1) == nil)   // BUTTON4_PRESSED: wheel up
        #expect(NcursesInput.mouseEvent(bstate: (UInt(0o10) << 25), x: 1, y: 1) == nil) // REPORT_MOUSE_POSITION
        #expect(NcursesInput.mouseEvent(bstate: 0, x: 1, y: 1) == nil)
        #expect(NcursesInput.mouseEvent(bstate: 0o4, x: -1, y: 3) == nil)
    }

    @Test func maskAsksForClicksOnlyNoMotion() {
        let mask = NcursesInput.mouseMask
        for bit: UInt in [0o1, 0o2, 0o4] { #expect(mask & bit != 0) }   // button 1 release/press/click
        #expect(mask & (UInt(0o10) << 25) == 0)                               // no REPORT_MOUSE_POSITION
        #expect(mask & (0o2 << 15) == 0)                                 // no wheel
    }

    // MARK: wgetch codes and UTF-8 assembly

    @Test func classifyWgetchResults() {
        #expect(NcursesInput.classify(-1) == .error)
        #expect(NcursesInput.classify(0) == .byte(0))
        #expect(NcursesInput.classify(0xC3) == .byte(0xC3))
        #expect(NcursesInput.classify(0xFF) == .byte(0xFF))
        #expect(NcursesInput.classify(0o632) == .resize)
        #expect(NcursesInput.classify(0o631) == .mouse)
        #expect(NcursesInput.classify(0o403) == .functionKey(0o403))
    }

    @Test func utf8Lengths() {
        #expect(NcursesInput.utf8Length(lead: 0x61) == 1)
        #expect(NcursesInput.utf8Length(lead: 0xC3) == 2)
        #expect(NcursesInput.utf8Length(lead: 0xE2) == 3)
        #expect(NcursesInput.utf8Length(lead: 0xF0) == 4)
        for bad: UInt8 in [0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFE, 0xFF] { #expect(NcursesInput.utf8Length(lead: bad) == nil) }
    }

    @Test func utf8Decoding() {
        #expect(NcursesInput.decodeUTF8([0xC3, 0xA9]) == "é")
        #expect(NcursesInput.decodeUTF8(Array("👻".utf8)) == "👻")
        #expect(NcursesInput.decodeUTF8([0xC3, 0x28]) == nil)             // broken continuation
        #expect(NcursesInput.decodeUTF8([0xE0, 0x80, 0xAF]) == nil)       // overlong
        #expect(NcursesInput.decodeUTF8([0xED, 0xA0, 0x80]) == nil)       // surrogate
        #expect(NcursesInput.decodeUTF8([0xF4, 0x90, 0x80, 0x80]) == nil) // past U+10FFFF
        #expect(NcursesInput.decodeUTF8([0xC3]) == nil)                   // cut short
        #expect(NcursesInput.decodeUTF8([0xC3, 0xA9, 0x41]) == nil)       // one scalar only
    }
}
