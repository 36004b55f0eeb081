import Testing
import TerminalUI
@testable import MemorizeApp

/// The editor's messages name a pasted invisible character instead of printing it raw (`""`).
@Suite struct InvisibleCharacterEditorTests {
    @Test func aPastedZeroWidthSpaceIsNamed() {
        let h = ThemeHarness()
        h.press("t")
        h.press("a")
        h.press(.tab)
        h.type("\u{200B}")
        h.press(.enter)
        let text = h.text
        #expect(text.contains("U+200B is not an emoji two columns wide"), "\(text)")
        #expect(!text.contains("\"\""))
        #expect(!text.contains("\u{200B}"))
    }
}
