import Testing
@testable import TerminalUI

/// Byte stream → events, as the live screen decodes it, without a terminal or a clock: "the
/// input paused" is said explicitly.
@Suite struct TerminalInputDecoderTests {
    typealias Output = TerminalInputDecoder.Output

    /// Everything `bytes` decode to, then (if `pause`) what is left once input pauses.
    func decode(_ bytes: [UInt8], pause: Bool = true) -> [Output] {
        var decoder = TerminalInputDecoder()
        decoder.append(bytes)
        var outputs: [Output] = []
        while let output = decoder.next() { outputs.append(output) }
        if pause { while let output = decoder.next(inputPaused: true) { outputs.append(output) } }
        return outputs
    }
    func decode(_ text: String, pause: Bool = true) -> [Output] { decode(Array(text.utf8), pause: pause) }

    func keys(_ text: String) -> [Output] { text.map { .key(.character($0)) } }

    @Test func charactersControlsAndSequences() {
        #expect(decode("q\r\t\u{7F}\u{3}") == [.key(.character("q")), .key(.enter), .key(.tab), .key(.backspace), .key(.control("c"))])
        #expect(decode("é👻") == [.key(.character("é")), .key(.character("👻"))])
        #expect(decode("\u{1B}OA\u{1B}[B\u{1B}[1~\u{1B}[3~\u{1B}[Z") == [.key(.up), .key(.down), .key(.home), .key(.delete), .key(.backTab)])
        #expect(decode("\u{1A}") == [.suspend])
    }

    @Test func aLoneEscapeWaitsForThePause() {
        #expect(decode("\u{1B}", pause: false) == [])
        #expect(decode("\u{1B}") == [.key(.escape)])
        #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
        // Esc [ alone is Esc then "[" (nothing is lost); Esc then a letter is Esc then the letter.
        #expect(decode("\u{1B}[") == [.key(.escape), .key(.character("["))])
        #expect(decode("\u{1B}x") == [.key(.escape), .key(.character("x"))])
    }

    @Test func sequencesSplitAcrossReadsComeOutWhole() {
        var decoder = TerminalInputDecoder()
        for byte in "\u{1B}[<0;12;5M\u{1B}[<0;12;5mk".utf8 {
            decoder.append([byte])
        }
        #expect(decoder.next() == .mouse(MouseEvent(.click, at: Point(x: 11, y: 4))))
        #expect(decoder.next() == .key(.character("k")))
        #expect(decoder.next() == nil)
        decoder.append([0xF0, 0x9F])
        #expect(decoder.next() == nil)
        #expect(decoder.pendingByteCount == 2)
        decoder.append([0x91, 0xBB])
        #expect(decoder.next() == .key(.character("👻")))
    }

    @Test func unknownSequencesAndGarbageAreSkippedWithoutSwallowingKeys() {
        #expect(decode("\u{1B}[15~z") == keys("z"))
        #expect(decode([0xFF, 0xFE, 0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x00, 0x1C] + Array("a".utf8)) == keys("a"))
        #expect(decode([0xC3, 0x28]) == keys("("))                  // a lead byte cut short: the "(" survives
        #expect(decode([0xE2, 0x82]) == [])                          // cut short at the end: dropped once input pauses
        #expect(decode("\u{1B}[<0;5\u{1B}[<0;6;2M") == [.mouse(MouseEvent(.press, at: Point(x: 5, y: 1)))])
        #expect(decode("\u{1B}[<0;5;3q") == keys("q"))               // a broken report: the breaking byte is input
        #expect(decode("\u{1B}[<0;5") == [])                         // cut short: dropped
        #expect(decode("\u{1B}[M !") == [])
        #expect(decode("\u{1B}[M\u{3}") == [.key(.control("c"))])  // a control byte cannot be an X10 field
    }

    @Test func clicksPressesReleasesAndX10() {
        #expect(decode("\u{1B}[<0;5;3M\u{1B}[<0;5;3m") == [.mouse(MouseEvent(.click, at: Point(x: 4, y: 2)))])
        #expect(decode("\u{1B}[<0;3;3M\u{1B}[<0;9;3m") == [.mouse(MouseEvent(.press, at: Point(x: 2, y: 2))),
                                                             .mouse(MouseEvent(.release, at: Point(x: 8, y: 2)))])
        #expect(decode("\u{1B}[<64;3;3M\u{1B}[<32;3;3Mk") == keys("k"))     // wheel and motion ignored
        #expect(decode([0x1B, 0x5B, 0x4D, 32, 32 + 10, 32 + 5, 0x1B, 0x5B, 0x4D, 32 + 3, 32 + 10, 32 + 5])
            == [.mouse(MouseEvent(.click, at: Point(x: 9, y: 4)))])
        // An X10 release needs the press before it; a release read alone still knows the button.
        var decoder = TerminalInputDecoder()
        decoder.append([0x1B, 0x5B, 0x4D, 34, 40, 40])
        #expect(decoder.next() == .mouse(MouseEvent(.press, button: .right, at: Point(x: 7, y: 7))))
        decoder.append([0x1B, 0x5B, 0x4D, 35, 40, 40])
        #expect(decoder.next() == .mouse(MouseEvent(.release, button: .right, at: Point(x: 7, y: 7))))
    }

    @Test func overlongSequencesAreBoundedGarbage() {
        let long = "\u{1B}[" + String(repeating: "1;", count: 200) + "A"
        #expect(decode(long + "z").last == .key(.character("z")))
        #expect(!decode(long + "z").contains(.key(.up)))
        let report = "\u{1B}[<0;5;" + String(repeating: "9", count: 100) + "M"
        #expect(decode(report + "z").last == .key(.character("z")))
    }

    /// A 1 MB paste costs time in proportion to its size: appended in terminal-sized reads, each
    /// decoded before the next (as the screen does), with the buffer compacted as it goes.
    @Test func aLargePasteDecodesEveryByteOnce() {
        var decoder = TerminalInputDecoder()
        let chunk = Array(String(repeating: "abcé👻", count: 400).utf8)
        var count = 0
        var total = 0
        while total < 1_000_000 {
            decoder.append(chunk)
            total += chunk.count
            while decoder.next() != nil { count += 1 }
        }
        #expect(count == total / chunk.count * 2000)
        #expect(decoder.pendingByteCount == 0)
    }
}
