import Foundation
@testable import MemorizeApp
import TerminalUI
import Testing

extension EndToEndTests {
    @Suite("Mouse")
    struct Mouse {
        /// xterm-256color: ncurses turns on SGR 1006 reporting; every action is a raw SGR click.
        @Test("mouse only (SGR 1006): click the deck, click every pair, win, click Restart")
        func mouseGameToTheWin() throws {
            let game = try ReferenceSession(term: "xterm-256color")
            defer { game.session.close() }
            let (reference, layout, frames, session) = (game.reference, game.layout, game.frames, game.session)
            let flags = try session.flags()
            #expect(flags.mouseAny, "mouse reporting should be on")
            #expect(flags.mouseSGR, "with TERM=xterm-256color ncurses should enable SGR 1006 mouse mode")

            try game.deal(click: session.clickSGR)

            for (number, (first, second)) in reference.pairs.enumerated() {
                try session.clickSGR(x: frames[first].centre.x, y: frames[first].centre.y)
                try session.waitUntil("\(reference.contents[first]) face up on card \(first) after a click") {
                    Check.shows(reference.contents[first], in: frames[first], on: $0)
                }
                try session.clickSGR(x: frames[second].centre.x, y: frames[second].centre.y)
                let matched = number + 1
                try session.waitForScore(4 * matched, pairsLeft: reference.pairs.count - matched)
            }
            let won = try session.waitFor("You matched every pair!")
            #expect(Check.winBannerShows(score: 32, moves: 16, won), "win banner should show the score and moves:\n\(won)")

            // A button: Restart takes every card back (score 0, 8 pairs left, the grid empty).
            // That the deck then shows its count is checked in KnownBugTests (the last frame of
            // the restart animation is not drawn today).
            let restart = layout.frame(of: .restart).centre
            try session.clickSGR(x: restart.x, y: restart.y)
            try session.waitUntil("a fresh game after clicking [Restart]", timeout: 5) { screen in
                Check.titleShows(score: 0, pairsLeft: 8, screen) && !screen.contains("You matched every pair!")
                    && frames.allSatisfy { screen.isBlank($0) }
            }

            try session.sendKeys("q")
            try session.expectTerminalRestored()
        }

        /// tmux-256color has no SGR mouse in terminfo: ncurses enables X10 (1000) reports only.
        @Test("mouse under TERM=tmux-256color: X10-encoded clicks deal, choose and press Shuffle")
        func x10Clicks() throws {
            let game = try ReferenceSession(term: "tmux-256color")
            defer { game.session.close() }
            let (reference, layout, frames, session) = (game.reference, game.layout, game.frames, game.session)
            let flags = try session.flags()
            #expect(flags.mouseAny, "mouse reporting should be on")
            #expect(!flags.mouseSGR, "tmux-256color: ncurses should not ask for SGR 1006")

            try game.deal(click: session.clickX10)

            // The last card of the grid: far from the origin, so a wrong offset would miss it.
            let target = reference.count - 1
            try session.clickX10(x: frames[target].centre.x, y: frames[target].centre.y)
            try session.waitUntil("\(reference.contents[target]) face up on card \(target) after an X10 click") {
                Check.shows(reference.contents[target], in: frames[target], on: $0)
            }
            let screen = try session.capture()
            for other in 0..<reference.count where other != target {
                #expect(!Check.shows(reference.contents[other], in: frames[other], on: screen),
                        "only card \(target) should be face up, but card \(other) shows its emoji:\n\(screen)")
            }

            // Shuffle button: the face-up card moves to where the seeded model's shuffle puts it.
            let moved = try #require(reference.indexAfterShuffle(of: target))
            try #require(moved != target, "this seed should move the card; pick another target")
            let shuffle = layout.frame(of: .shuffle).centre
            try session.clickX10(x: shuffle.x, y: shuffle.y)
            try session.waitUntil("card \(target) to move to slot \(moved) after clicking [Shuffle]", timeout: 5) {
                Check.shows(reference.contents[target], in: frames[moved], on: $0)
                    && !Check.shows(reference.contents[target], in: frames[target], on: $0)
            }

            try session.sendKeys("q")
            try session.expectTerminalRestored()
        }
    }
}
