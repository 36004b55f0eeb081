import Testing
@testable import TerminalUI

@Suite struct TextWrapTests {
    @Test func wrapsAtSpacesAndCutsOnlyWordsWiderThanALine() {
        #expect(TextWrap.lines("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TextWrap.lines("see /a/very/long/path/name here", width: 8) == ["see", "/a/very/", "long/pat", "h/name", "here"])
        #expect(TextWrap.lines("👻👻👻 ab", width: 4) == ["👻👻", "👻", "ab"])
        #expect(TextWrap.lines("", width: 5) == [])
        #expect(TextWrap.lines("word", width: 0) == [])
        for line in TextWrap.lines(String(repeating: "x", count: 1000) + " y", width: 7) { #expect(TextWidth.of(line) <= 7) }
    }
}
