import Testing
import TerminalUI
@testable import MemorizeApp

/// The first screen says which key deals and which helps, until the first deal.
@Suite struct FirstDealHintTests {
    static let sizes = [Size(width: 50, height: 15), Size(width: 54, height: 16), Size(width: 80, height: 24),
                        Size(width: 160, height: 48)]

    private func bottomRow(_ harness: ThemeHarness) -> String {
        harness.text.components(separatedBy: "\n")[harness.view.size.height - 1]
    }

    @Test(arguments: FirstDealHintTests.sizes)
    func hintShowsUntilTheFirstDeal(size: Size) {
        let harness = ThemeHarness(size: size)
        let before = bottomRow(harness)
        #expect(before.contains("d deal · ? help"), "\(size.width)x\(size.height): \(before)")
        for button in GameLayout.Button.allCases { #expect(before.contains("[\(button.title)]")) }
        harness.press("d")
        #expect(!bottomRow(harness).contains("deal"))
        harness.advance(3)
        #expect(!harness.text.contains("d deal"))
    }

    @Test func hintComesBackWhenTheCardsGoBackToTheDeck() {
        let harness = ThemeHarness()
        harness.press("d")
        harness.advance(3)
        harness.press("r")
        harness.advance(3)
        #expect(bottomRow(harness).contains("d deal · ? help"))
    }

    @Test func asciiHintIsPlainAscii() {
        var options = AppOptions()
        options.ascii = true
        let harness = ThemeHarness(options: options)
        let row = bottomRow(harness)
        #expect(row.contains("d deal - ? help"))
        #expect(row.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// Wherever it goes, it keeps a space from each button; where it cannot, it is left out.
    @Test func hintNeverTouchesAButton() {
        let width = TextWidth.of(GameLayout.firstDealHint(ascii: false))
        for columns in GameLayout.minimumChromeWidth...220 {
            let layout = GameLayout(size: Size(width: columns, height: 30), cardCount: 16)
            guard let origin = layout.hintOrigin(width: width) else {
                #expect(columns < 50, "\(columns) columns: no hint")
                continue
            }
            #expect(origin.x > layout.frame(of: .newGame).maxX, "\(columns) columns")
            #expect(origin.x + width < layout.frame(of: .shuffle).minX, "\(columns) columns")
        }
    }
}
