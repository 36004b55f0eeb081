import Testing
import MemorizeStore
import Memorize
import TerminalUI
@testable import MemorizeApp

/// `--ascii` and `--no-color`/NO_COLOR, checked on every cell of every screen the player can
/// reach: the game (cards down, up with a pie, matched), help, chooser, editor, win screen.
@Suite struct PlainScreensTests {
    /// A tour of every screen, one canvas each; user themes with non-ASCII names and emoji included.
    static func tour(_ options: AppOptions) -> [(String, Canvas)] {
        let mine = [Theme.sample("Café 👻", ["👻", "🎃", "🦇"]), Theme.sample("halloween", ["🍬", "🍭"])]
        let h = ThemeHarness(options: options, userThemes: InMemoryThemes(mine))
        var canvases: [(String, Canvas)] = [("start", h.render())]
        h.press("d")
        h.advance(0.9)
        canvases.append(("dealing", h.render()))
        h.advance(3)
        h.press("space")
        h.advance(3)
        canvases.append(("face up with a pie", h.render()))
        h.press("?")
        canvases.append(("help", h.render()))
        h.press(.escape)
        h.press("t")
        canvases.append(("chooser", h.render()))
        h.press("?")
        canvases.append(("chooser help", h.render()))
        h.press(.escape)
        h.press("j", 11)
        h.press("e")
        h.press(.tab)
        h.type("❤️🕷👻🐈")
        canvases.append(("editor typing", h.render()))
        h.press(.enter)
        canvases.append(("editor refusal", h.render()))
        h.press(.escape)
        h.press(.escape)
        h.press("j")
        h.press("x")
        canvases.append(("delete question", h.render()))
        h.press("n")
        h.press(.escape)
        h.winGame()
        canvases.append(("win", h.render()))
        h.router.handle(.resize(Size(width: 30, height: 10)))
        canvases.append(("too small", h.render()))
        return canvases
    }

    @Test(arguments: [false, true])
    func asciiScreensHoldNothingButPrintableASCII(monochrome: Bool) {
        var options = AppOptions()
        options.ascii = true
        options.monochrome = monochrome
        for (name, canvas) in Self.tour(options) {
            for y in 0..<canvas.size.height {
                for x in 0..<canvas.size.width {
                    let cell = canvas[x, y]
                    let ok = !cell.isContinuation && cell.text.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) }
                    #expect(ok, "\(name): \"\(cell.text)\" at \(x),\(y)\n\(canvas.plainText)")
                    if !ok { return }
                }
            }
        }
    }

    @Test func withoutASCIITheTourDoesShowEmoji() {
        // The check above can fail: the same tour in the default mode is full of wide glyphs.
        let wide = Self.tour(AppOptions()).filter { _, canvas in canvas.cells.contains { $0.isContinuation } }
        #expect(wide.count >= 5)
    }

    @Test func theASCIIPieIsShadedWithASCII() {
        var options = AppOptions()
        options.ascii = true
        let h = ThemeHarness(options: options)
        h.press("d")
        h.advance(3)
        h.press("space")
        h.advance(1.5)   // a quarter of the 6 s bonus gone
        let interior = h.view.layout.grid.itemFrames[0].inset(by: 1)
        let canvas = h.render()
        var shades: Set<String> = []
        for y in interior.minY..<interior.maxY {
            for x in interior.minX..<interior.maxX { shades.insert(canvas[x, y].text) }
        }
        #expect(shades.isSubset(of: Set(" .:-=+*#%@W".map(String.init))), "\(shades)")  // W: Halloween's wizard
        #expect(shades.intersection(["#", "%", "@"]).count > 0, "a filled pie: \(shades)")
    }

    @Test(arguments: [false, true])
    func monochromeScreensUseNoColour(ascii: Bool) {
        var options = AppOptions()
        options.monochrome = true
        options.ascii = ascii
        for (name, canvas) in Self.tour(options) {
            let coloured = canvas.cells.first { $0.style.foreground != .default || $0.style.background != .default }
            #expect(coloured == nil, "\(name): \(String(describing: coloured))")
        }
    }

    @Test func withColourTheTourIsColoured() {
        let coloured = Self.tour(AppOptions()).filter { _, canvas in canvas.cells.contains { $0.style.foreground != .default } }
        #expect(coloured.count >= 8)
    }

    /// The dominant style of a card's border, as drawn.
    private func borderStyle(of index: Int, in h: ThemeHarness) -> Style {
        let frame = h.view.layout.grid.itemFrames[index]
        let canvas = h.render()
        var counts: [Style: Int] = [:]
        for p in BorderWalk(frame) { counts[canvas[p.x, p.y].style, default: 0] += 1 }
        return counts.max { $0.value < $1.value }!.key
    }

    /// Seed 42, Halloween: cards 2 and 3 are the sweets, card 0 the wizard.
    @Test(arguments: [false, true])
    func monochromeKeepsEveryCardStateDistinct(ascii: Bool) {
        var options = AppOptions()
        options.monochrome = true
        options.ascii = ascii
        let h = ThemeHarness(options: options)
        h.press("d")
        h.advance(3)
        h.press(.right, 2)
        h.press("space")
        h.press(.right)
        h.press("space")
        h.advance(0.6)
        h.press(.right)             // the focus moves on to face-down card 4
        h.advance(0.25)             // the spin's bright segment is somewhere on card 2 or 3's border
        let matched = borderStyle(of: 2, in: h)
        let focused = borderStyle(of: 4, in: h)
        let faceDown = borderStyle(of: 5, in: h)
        h.press(.left, 4)           // over the matched pair to card 0
        h.press("space")            // the wizard face up (the sweets leave the table)
        h.press(.right, 5)
        h.advance(1)
        let faceUp = borderStyle(of: 0, in: h)
        let states = [faceDown, faceUp, matched, focused]
        #expect(Set(states).count == 4, "face-down \(faceDown), face-up \(faceUp), matched \(matched), focused \(focused)")
        // And the backs are patterned as well as reversed, so even a terminal that drops reverse shows them.
        let back = h.render()[h.view.layout.grid.itemFrames[5].minX + 2, h.view.layout.grid.itemFrames[5].minY + 2]
        #expect(back.text == (ascii ? "#" : "░"))
    }
}
