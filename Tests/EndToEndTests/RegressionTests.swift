import Foundation
@testable import MemorizeApp
import TerminalUI
import Testing

extension EndToEndTests {
    /// Regressions for app bugs these tests found (both fixed).
    @Suite("Fixed app bugs")
    struct KnownBugs {
        /// Regression: after `r` the cards fly back to the deck, and the run loop used to go idle
        /// without drawing the final frame, leaving the deck without its border and count.
        @Test("after a restart the deck shows its count without further input")
        func restartDrawsTheDeck() throws {
            let game = try ReferenceSession()
            defer { game.session.close() }
            let (layout, session) = (game.layout, game.session)
            try game.deal()
            try session.sendKeys("r")
            // Fixed: the run loop now draws the frame after an animation ends.
            try session.waitUntil("the deck labelled 16 after r", timeout: 3) {
                $0.regionText(layout.deckFrame).contains(" 16 ")
            }
            try session.sendKeys("q")
            try session.expectTerminalRestored()
        }

        /// Regression: matching the pairs in reading order leaves holes at 0…6 and 15 with the focus on 7
        /// (the first card of the next pair): every arrow then either hits an edge or steps over
        /// holes into an edge, so cards 8…14 cannot be reached from the keyboard.
        @Test("the focus can always reach the remaining cards")
        func focusIsNeverWalledIn() throws {
            let game = try ReferenceSession()
            defer { game.session.close() }
            let (reference, layout, frames, session) = (game.reference, game.layout, game.frames, game.session)
            let grid = FocusGrid(columns: layout.grid.columnCount, count: reference.count)
            let readingOrder = reference.pairs
            // Precondition for this seed: (0,15) (1,6) (2,3) (4,5), then (7,10).
            try #require(readingOrder.prefix(5).map { [$0.0, $0.1] } == [[0, 15], [1, 6], [2, 3], [4, 5], [7, 10]])
            try game.deal()

            var holes = Set<Int>(), lastPair = Set<Int>(), focus = 0
            for (number, (first, second)) in readingOrder.prefix(4).enumerated() {
                for (step, target) in [first, second].enumerated() {
                    let moves = try #require(grid.path(from: focus, to: target, focusable: { !holes.contains($0) }))
                    try session.sendKeys(moves.map(\.arrow))
                    try session.waitUntil("focus on card \(target)") { Check.isFocusedFaceDown($0, frame: frames[target]) }
                    focus = target
                    try session.sendKeys("Space")
                    if step == 0 {
                        holes.formUnion(lastPair)
                        try session.waitUntil("card \(target) face up") {
                            Check.shows(reference.contents[target], in: frames[target], on: $0)
                        }
                    }
                }
                lastPair = [first, second]
                try session.waitForScore(4 * (number + 1), pairsLeft: 8 - (number + 1))
            }
            // Choose card 7 (its pair is card 10); the matched cards 4 and 5 become holes.
            try session.sendKeys(grid.path(from: focus, to: 7, focusable: { !holes.contains($0) })!.map(\.arrow))
            try session.waitUntil("focus on card 7") { Check.isFocusedFaceDown($0, frame: frames[7]) }
            try session.sendKeys("Space")
            try session.waitUntil("card 7 face up") { Check.shows(reference.contents[7], in: frames[7], on: $0) }

            // Fixed: down from card 7 (the hole at 15 below it) lands on the nearest card of the
            // bottom row, so Enter turns one of cards 8…14 face up.
            try session.sendKeys("Down", "Enter")
            try session.waitUntil("a card of the bottom row face up after Down, Enter", timeout: 2) { screen in
                (8...14).contains { Check.shows(reference.contents[$0], in: frames[$0], on: screen) }
            }
            try session.sendKeys("q")
            try session.expectTerminalRestored()
        }
    }
}
