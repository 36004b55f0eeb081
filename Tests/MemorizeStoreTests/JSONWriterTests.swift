import Primitives
import Testing
import ThemeFormat
@testable import MemorizeStore

/// The save-file writer quotes strings with the one escaper the recordings use (JSONText).
@Suite struct JSONWriterTests {
    @Test func theSaveFileWriterUsesJSONText() {
        let value = JSONValue(.string("x\u{7F}\u{2066}"))
        #expect(String(decoding: value.prettyPrinted(), as: UTF8.self) == JSONText.quoted("x\u{7F}\u{2066}"))
    }
}
