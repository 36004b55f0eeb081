import Testing
import TerminalUI
@testable import MemorizeApp

/// The help fits or scrolls: at the smallest size the game runs in, scrolling from top to bottom
/// shows every key and every word of what it does, wrapped lines under their own column.
@Suite struct HelpOverlayTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 50, height: 15)]

    /// Everything the help shows from the top to the bottom of its scroll, screen by screen.
    private func scrolledThrough(_ harness: ThemeHarness) -> [String] {
        var screens = [harness.text]
        for _ in 0..<80 {
            harness.press("down")
            let text = harness.text
            if text == screens.last { break }
            screens.append(text)
        }
        return screens
    }

    private func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    private func expectEveryRowShown(_ table: [KeyHelp], mouse: [(label: String, summary: String)],
                                     in screens: [String], size: Size) {
        let seen = screens.joined(separator: "\n")
        for row in table {
            #expect(seen.contains(row.label), "\(size.width)x\(size.height): keys \(row.label) not shown")
            for word in words(row.summary) {
                #expect(seen.contains(word), "\(size.width)x\(size.height): '\(word)' of '\(row.summary)' not shown")
            }
        }
        for row in mouse {
            #expect(seen.contains(row.label), "\(size.width)x\(size.height): \(row.label) not shown")
        }
        #expect(seen.contains("esc close"), "\(size.width)x\(size.height): how to close it not shown")
    }

    @Test(arguments: HelpOverlayTests.sizes)
    func gameHelpScrollsToEveryRow(size: Size) {
        let harness = ThemeHarness(size: size)
        harness.press("?")
        let screens = scrolledThrough(harness)
        expectEveryRowShown(KeyTables.game.help + KeyTables.inspector.help, mouse: KeyTables.mouseHelp, in: screens, size: size)
        // The footer stays in view while the body scrolls.
        for screen in screens { #expect(screen.contains("esc close")) }
        if size.height == 15 { #expect(screens.count > 1, "the game's help is taller than 15 rows: it must scroll") }
    }

    @Test(arguments: HelpOverlayTests.sizes)
    func chooserHelpScrollsToEveryRow(size: Size) {
        let harness = ThemeHarness(size: size)
        harness.press("t")
        harness.press("?")
        expectEveryRowShown(KeyTables.chooser.help, mouse: KeyTables.chooserMouseHelp, in: scrolledThrough(harness), size: size)
    }

    @Test func wrappedSummariesStayInTheirColumn() {
        let help = HelpOverlay(table: KeyTables.game.help + KeyTables.inspector.help, mouse: KeyTables.mouseHelp)
        let layout = help.layout(in: Size(width: 50, height: 15), ascii: false)
        let labels = (KeyTables.game.help + KeyTables.inspector.help).map(\.label) + KeyTables.mouseHelp.map(\.label)
        let column = labels.map { TextWidth.of($0) }.max()! + 2
        let continuation = layout.lines.filter { $0.hasPrefix(" ") }
        #expect(!continuation.isEmpty, "some summary wraps at 50 columns")
        for line in continuation {
            #expect(line.prefix(column).allSatisfy { $0 == " " } && line.dropFirst(column).first != " ",
                    "'\(line)' does not start under the summaries' column (\(column))")
        }
        for line in layout.lines + layout.footer { #expect(TextWidth.of(line) <= 50 - HelpOverlayLayout.horizontalChrome) }
    }

    @Test func scrollingStopsAtBothEnds() {
        let harness = ThemeHarness(size: Size(width: 50, height: 15))
        harness.press("?")
        harness.press("up", 3)
        #expect(harness.router.helpScroll == 0)
        harness.press("down", 200)
        let bottom = harness.router.help.layout(in: Size(width: 50, height: 15), ascii: false).maximumScroll
        #expect(bottom > 0 && harness.router.helpScroll == bottom)
        #expect(harness.text.contains("click button"))
        // Closed and opened again, it starts at the top.
        harness.press("esc")
        harness.press("?")
        #expect(harness.router.helpScroll == 0)
        #expect(harness.text.contains("Keys"))
    }

    @Test func aHelpThatFitsDoesNotOfferScrolling() {
        let harness = ThemeHarness(size: Size(width: 160, height: 48))
        harness.press("?")
        #expect(!harness.text.contains("scroll"))
        #expect(!harness.text.contains("more"))
        #expect(harness.text.contains("click button"))
    }
}
