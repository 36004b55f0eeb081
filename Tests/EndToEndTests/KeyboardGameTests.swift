import Foundation
@testable import MemorizeApp
import TerminalUI
import Testing

extension EndToEndTests {
    @Suite("Keyboard")
    struct Keyboard {
        /// Deals with `d`, walks the focus to each card of each pair (arrows for some pairs, h j k l
        /// for others), chooses with space or enter, checks the title after every pair, wins, quits.
        @Test("keyboard only: deal, match all 8 pairs, win banner, q exits 0 and restores the terminal")
        func keyboardGameToTheWin() throws {
            let game = try ReferenceSession()
            defer { game.session.close() }
            let (reference, layout, frames, session) = (game.reference, game.layout, game.frames, game.session)
            try #require(!layout.isTooSmall)
            let grid = FocusGrid(columns: layout.grid.columnCount, count: reference.count)
            let started = try session.flags()
            #expect(started.alternateOn, "the game should run on the alternate screen")
            #expect(started.mouseAny, "the game should turn mouse reporting on")
            #expect(try session.capture().contains(" \(ReferenceGame.themeName)"), "title should name the theme")

            try game.deal()

            // UI state the test tracks alongside the app: which cards are still on the table.
            var removed = Set<Int>()        // matched and turned face down: holes
            var matchedFaceUp = Set<Int>()  // matched, still showing until the next choice
            var focus = 0
            let focusable = { (i: Int) in !removed.contains(i) }

            // Matching in plain left-to-right order walls the focus in for this seed (see the
            // focus-trap test), so play an order a keyboard player can finish.
            let plan = try #require(reference.keyboardPlan(in: grid), "no keyboard-playable order of pairs")
            for (number, (first, second)) in plan.enumerated() {
                let useArrows = number.isMultiple(of: 2)
                for (step, target) in [first, second].enumerated() {
                    let moves = try #require(grid.path(from: focus, to: target, focusable: focusable),
                                             "no focus path from \(focus) to \(target); holes \(removed.sorted()); pairs \(reference.pairs)")
                    try session.sendKeys(moves.map { useArrows ? $0.arrow : $0.vi })
                    try session.waitUntil("focus highlight on card \(target) after \(moves) from \(focus)") {
                        Check.isFocusedFaceDown($0, frame: frames[target])
                    }
                    focus = target
                    try session.sendKeys(step == 0 ? "Space" : "Enter")
                    if step == 0 {
                        // Choosing turns the previous (matched) pair face down: they leave holes.
                        removed.formUnion(matchedFaceUp)
                        matchedFaceUp = []
                        try session.waitUntil("\(reference.contents[target]) face up on card \(target)") {
                            Check.shows(reference.contents[target], in: frames[target], on: $0)
                        }
                    }
                }
                matchedFaceUp = [first, second]
                // Both cards matched well within the 6 s bonus: 2 points plus 1 bonus each.
                let matched = number + 1
                try session.waitForScore(4 * matched, pairsLeft: reference.pairs.count - matched)
            }

            let won = try session.waitFor("You matched every pair!")
            #expect(Check.winBannerShows(score: 32, moves: 16, won), "win banner should show the score and moves:\n\(won)")

            try session.sendKeys("q")
            try session.expectTerminalRestored()
        }
    }
}
