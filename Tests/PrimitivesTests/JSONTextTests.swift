import Primitives
import Testing

/// One JSON string escaper for save files and recordings: they used to disagree on DEL.
@Suite struct JSONTextTests {
    @Test func escapesWhatATerminalWouldObeyAndNothingElse() {
        #expect(JSONText.quoted("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(JSONText.quoted("\n\r\t\u{8}\u{C}") == #""\n\r\t\b\f""#)
        #expect(JSONText.quoted("\u{1B}[2J\u{7F}\u{9B}\u{202E}") == #""\u001b[2J\u007f\u009b\u202e""#)
        #expect(JSONText.quoted("é👻 ❤") == "\"é👻 ❤\"")
    }
}
