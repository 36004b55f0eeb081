import Testing
@testable import TerminalUI

/// What a terminal would obey rather than show never leaves the program raw.
@Suite struct SafeTextTests {
    @Test("unsafe: C0, DEL, C1 and bidi controls", arguments: [
        0x00, 0x07, 0x0A, 0x1B, 0x1F, 0x7F, 0x80, 0x9B, 0x9F,
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ] as [UInt32])
    func unsafe(value: UInt32) {
        #expect(SafeText.isUnsafe(Unicode.Scalar(value)!))
    }

    @Test("safe: printable text, emoji, combining marks, joiners", arguments: [
        0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x0301, 0x200D, 0xFE0F, 0x2764, 0x1F47B, 0x05D0,
    ] as [UInt32])
    func safe(value: UInt32) {
        #expect(!SafeText.isUnsafe(Unicode.Scalar(value)!))
    }

    @Test func neutralisedKeepsWhatIsSafeAndTheNewlinesAskedFor() {
        #expect(SafeText.neutralised("Pwn\u{1B}]0;pwned\u{7}X") == "Pwn?]0;pwned?X")
        #expect(SafeText.neutralised("a\u{202E}b\u{9B}c") == "a?b?c")
        #expect(SafeText.neutralised("one\ntwo") == "one?two")
        #expect(SafeText.neutralised("one\ntwo\r", keepingNewlines: true) == "one\ntwo?")
        #expect(SafeText.neutralised("é👻 ok", asciiOnly: true) == "?? ok")
        #expect(SafeText.neutralised("plain 👻") == "plain 👻")
        #expect(SafeText.isSafe("plain 👻") && !SafeText.isSafe("x\u{2066}"))
    }

    @Test func aMessageIsOneLineWhateverItQuotes() {
        #expect(SafeText.line("cannot read a\nforged: x") == "cannot read a?forged: x\n")
        #expect(SafeText.line("ends with its own newline\n") == "ends with its own newline\n")
        #expect(SafeText.line("cr\r\n") == "cr?\n")
        #expect(SafeText.line("bidi \u{2067}x\u{1B}]0;t\u{7}") == "bidi ?x?]0;t?\n")
    }

    @Test func canvasFillsAndBackgroundsNeverHoldUnsafeScalars() {
        var canvas = Canvas(size: Size(width: 4, height: 2), fill: Cell("\u{1B}"))
        canvas.fill(Rect(x: 0, y: 1, width: 4, height: 1), with: "\u{9B}", style: .plain)
        #expect(canvas.plainText == "????\n????")
        for cell in canvas.cells { #expect(SafeText.isSafe(cell.text)) }
    }

    @Test func canvasCellsNeverHoldUnsafeScalars() {
        var canvas = Canvas(size: Size(width: 12, height: 1))
        let advanced = canvas.put("A\u{1B}[2J\u{202E}e\u{301}", x: 0, y: 0)
        #expect(canvas.plainText == "A?[2J?é")
        #expect(advanced == 7)
        for x in 0..<12 { #expect(SafeText.isSafe(canvas[x, 0].text)) }
    }

    @Test func recordingHeadersEscapeUnsafeScalars() {
        #expect(AsciicastWriter.jsonString("x\u{1B}\u{7F}\u{9B}\u{202E}") == "\"x\\u001b\\u007f\\u009b\\u202e\"")
    }

    @Test func svgTextHoldsNoUnsafeScalars() {
        #expect(CanvasSVG.escape("a\u{1B}b\u{202E}c\r\n") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\n")
    }
}
