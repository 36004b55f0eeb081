import Testing
import MemorizeStore
import Memorize
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

@Suite struct ThemeTableTests {
    let builtIn = ThemeLibrary.builtIn()
    let mine = Theme(name: "Mine", emoji: ["🐶", "🐱", "🐭"], pairs: 3, color: RGBColor(red: 1, green: 2, blue: 255),
                     ascii: ["d", "c", "m"])

    @Test func listsEveryThemeWithItsSourceInAlignedColumns() {
        let lines = ThemeTable.render(builtIn: builtIn, user: [mine], ascii: false).split(separator: "\n").map(String.init)
        #expect(lines.count == builtIn.count + 2)
        #expect(lines[0].hasPrefix("Theme"))
        #expect(lines.last!.hasPrefix("Mine") && lines.last!.contains("yours") && lines.last!.contains("#0102ff"))
        // The emoji column starts at the same cell on every row, emoji being two cells wide.
        let emojiColumn = { (line: String) -> Int in
            let prefix = line.prefix { !TextWidth.isWideSingleScalar(String($0)) }
            return TextWidth.of(String(prefix))
        }
        let starts = Set(lines.dropFirst().map(emojiColumn))
        #expect(starts.count == 1, "\(starts)")
        #expect(lines[1].contains("\(builtIn[0].numberOfPairs * 2)"))
    }

    @Test func asciiTableHasNoWideGlyph() {
        let text = ThemeTable.render(builtIn: builtIn, user: [mine], ascii: true)
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    }
}
