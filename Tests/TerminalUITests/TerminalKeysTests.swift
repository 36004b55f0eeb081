import Testing
@testable import TerminalUI

/// Bytes of one key → Key, without a terminal.
@Suite struct TerminalKeysTests {
    @Test("characters", arguments: [
        (UInt32(13), Key.enter), (10, .enter), (27, .escape), (9, .tab), (127, .backspace), (8, .backspace),
        (3, .control("c")), (1, .control("a")), (4, .control("d")), (26, .control("z")), (17, .control("q")),
        (32, .character(" ")), (113, .character("q")), (63, .character("?")), (65, .character("A")),
        (0xE9, .character("é")), (0x1F47B, .character("👻")), (0x2764, .character("❤")),
    ] as [(UInt32, Key)])
    func character(code: UInt32, key: Key) {
        #expect(TerminalKeys.key(forCharacter: code) == key)
    }

    @Test("characters the game has no name for are dropped, never trapped",
          arguments: [UInt32(0), 28, 29, 30, 31, 0x80, 0x9B, 0x9F, 0xD800, 0xDFFF, 0x110000, 0xFFFF_FFFF])
    func ignoredCharacter(code: UInt32) {
        #expect(TerminalKeys.key(forCharacter: code) == nil)
    }

    @Test("CSI sequences", arguments: [
        ("A", Key.up), ("B", .down), ("C", .right), ("D", .left), ("H", .home), ("F", .end), ("Z", .backTab),
        ("1;5A", .up), ("1;2D", .left),                               // modifiers ignored
        ("1~", .home), ("7~", .home), ("4~", .end), ("8~", .end), ("3~", .delete), ("5~", .pageUp), ("6~", .pageDown),
    ] as [(String, Key)])
    func csi(sequence: String, key: Key) {
        let bytes = Array(sequence.utf8)
        #expect(TerminalKeys.key(forCSI: bytes.dropLast(), final: bytes.last!) == key)
    }

    @Test("CSI sequences with no meaning here", arguments: ["15~", "2~", "200~", "201~", "I", "O", "99999999~", "~", "u"])
    func ignoredCSI(sequence: String) {
        let bytes = Array(sequence.utf8)
        #expect(TerminalKeys.key(forCSI: bytes.dropLast(), final: bytes.last!) == nil)
    }

    @Test func ss3() {
        let expected: [(Character, Key?)] = [("A", .up), ("B", .down), ("C", .right), ("D", .left), ("H", .home),
                                             ("F", .end), ("M", .enter), ("P", nil), ("x", nil)]
        for (final, key) in expected { #expect(TerminalKeys.key(forSS3: final.asciiValue!) == key, "\(final)") }
    }

    @Test func utf8Lengths() {
        #expect(TerminalKeys.utf8Length(lead: 0x61) == 1)
        #expect(TerminalKeys.utf8Length(lead: 0xC3) == 2)
        #expect(TerminalKeys.utf8Length(lead: 0xE2) == 3)
        #expect(TerminalKeys.utf8Length(lead: 0xF0) == 4)
        for bad: UInt8 in [0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFE, 0xFF] { #expect(TerminalKeys.utf8Length(lead: bad) == nil) }
    }

    @Test func utf8Decoding() {
        #expect(TerminalKeys.decodeUTF8([0xC3, 0xA9]) == "é")
        #expect(TerminalKeys.decodeUTF8(Array("👻".utf8)) == "👻")
        #expect(TerminalKeys.decodeUTF8([0xC3, 0x28]) == nil)             // broken continuation
        #expect(TerminalKeys.decodeUTF8([0xE0, 0x80, 0xAF]) == nil)       // overlong
        #expect(TerminalKeys.decodeUTF8([0xED, 0xA0, 0x80]) == nil)       // surrogate
        #expect(TerminalKeys.decodeUTF8([0xF4, 0x90, 0x80, 0x80]) == nil) // past U+10FFFF
        #expect(TerminalKeys.decodeUTF8([0xC3]) == nil)                   // cut short
        #expect(TerminalKeys.decodeUTF8([0xC3, 0xA9, 0x41]) == nil)       // one scalar only
    }

    @Test func mouseMaskAsksForClicksOnlyNoMotion() {
        // ncurses 6 mouse version 2 numbers, written out rather than read from the same macros.
        let mask = NcursesInput.mouseMask
        for bit: UInt in [0o1, 0o2, 0o4] { #expect(mask & bit != 0) }   // button 1 release/press/click
        #expect(mask & (UInt(0o10) << 25) == 0)                          // no REPORT_MOUSE_POSITION
        #expect(mask & (0o2 << 15) == 0)                                 // no wheel
    }
}
