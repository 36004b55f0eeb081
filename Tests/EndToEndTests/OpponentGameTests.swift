import Foundation
@testable import MemorizeApp
import TerminalUI
import Testing

extension EndToEndTests {
    @Suite("Opponent")
    struct Opponent {
        /// A game against the computer in the real binary: a whole game against `hard`, the human by mouse only (SGR
        /// clicks). The cards lie as in the solo reference game (the computer draws from the
        /// generator only after the deal is decided). The human mismatches once so the computer
        /// plays, twice more on their next turns, then clicks a pair still face down each turn, until
        /// the win screen.
        @Test("a game against the computer at hard, played to the end with the mouse")
        func mouseGameAgainstHard() throws {
            let game = try ReferenceSession(term: "xterm-256color", extra: ["--opponent", "hard"], readyText: "▸You 0")
            defer { game.session.close() }
            let (reference, frames, session) = (game.reference, game.frames, game.session)
            try game.deal(click: session.clickSGR)

            // A deliberate mismatch: the first cards of two different pairs.
            let (a, b) = (reference.pairs[0].0, reference.pairs[1].0)
            for index in [a, b] {
                try session.clickSGR(x: frames[index].centre.x, y: frames[index].centre.y)
                try session.waitUntil("card \(index) face up") { Check.shows(reference.contents[index], in: frames[index], on: $0) }
            }
            try session.waitFor("▸Computer")
            // A click on a card during its turn is refused, with a note.
            let refused = reference.pairs[2].0
            try session.clickSGR(x: frames[refused].centre.x, y: frames[refused].centre.y)
            try session.waitFor("wait: computer's turn")

            var turns = 0
            while true {
                let screen = try session.waitUntil("the human's turn or the end", timeout: 40) {
                    $0.contains("▸You") || $0.contains("Against hard:")
                }
                if screen.contains("Against hard:") { break }
                turns += 1
                try #require(turns < 20, "the game should end")
                // Pairs still face down on both cards (gone cards are blank, face-up ones show).
                let left = reference.pairs.filter { pair in
                    [pair.0, pair.1].allSatisfy { !screen.isBlank(frames[$0]) && !Check.shows(reference.contents[$0], in: frames[$0], on: screen) }
                }
                try #require(!left.isEmpty, "a pair left for the human:\n\(screen)")
                // Twice more a mismatch, shown to the computer (hard remembers it all); then pairs.
                let cards = turns <= 2 && left.count >= 2 ? [left[0].0, left[1].0] : [left[0].0, left[0].1]
                for index in cards {
                    try session.clickSGR(x: frames[index].centre.x, y: frames[index].centre.y)
                    // (The last card of the game may be under the win screen at once.)
                    try session.waitUntil("card \(index) face up after a click") {
                        Check.shows(reference.contents[index], in: frames[index], on: $0) || $0.contains("Against hard:")
                    }
                }
            }
            let end = try session.waitFor("Against hard:", timeout: 5)
            #expect(end.contains("You: ") && end.contains("Computer: "), "each player's pairs and score:\n\(end)")
            #expect(end.contains("Computer wins!") || end.contains("You win!") || end.contains("A tie!"))
            #expect(end.contains("Pairs left: 0"))
            #expect(!end.contains("Computer: 0 pairs"), "the computer matched what it was shown:\n\(end)")
            try session.sendKeys("q")
            try session.expectTerminalRestored()
            // The result is in the scores file, under the level.
            let scores = try String(contentsOf: session.directory.appendingPathComponent("state/memorize-tui/scores.json"), encoding: .utf8)
            #expect(scores.contains("\"versus\"") && scores.contains("\"hard\""), "\(scores)")
        }
    }
}
