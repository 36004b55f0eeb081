import Foundation
@testable import MemorizeApp
import TerminalUI
import Testing

extension EndToEndTests {
    @Suite("Resize")
    struct Resize {
        @Test("80x24 → 160x48 re-fits the grid, → 40x12 says too small, → 80x24 brings the same game back")
        func resizeKeepsTheGame() throws {
            let reference = try ReferenceGame()
            let small = Check.size80x24, big = Size(width: 160, height: 48), tiny = Size(width: 40, height: 12)
            let smallLayout = reference.layout(small), bigLayout = reference.layout(big), tinyLayout = reference.layout(tiny)
            try #require(!smallLayout.isTooSmall && !bigLayout.isTooSmall && tinyLayout.isTooSmall)
            try #require(bigLayout.grid.itemFrames[0].width > smallLayout.grid.itemFrames[0].width)

            let session = try TmuxSession(size: small, arguments: ReferenceGame.arguments)
            defer { session.close() }
            try session.waitForGame()
            try session.sendKeys("d")
            try session.waitForDealToSettle(smallLayout)

            // Focus starts on card 0: choose it.
            let chosen = 0, emoji = reference.contents[chosen]
            try session.sendKeys("Space")
            try session.waitUntil("\(emoji) face up on card \(chosen)") {
                Check.shows(emoji, in: smallLayout.grid.itemFrames[chosen], on: $0)
            }

            /// The chosen card face up in its slot, every other card face down in its own, same title.
            func sameGame(_ screen: ScreenText, _ layout: GameLayout) -> Bool {
                let frames = layout.grid.itemFrames
                return Check.titleShows(score: 0, pairsLeft: 8, screen)
                    && Check.shows(emoji, in: frames[chosen], on: screen)
                    && frames.indices.allSatisfy { i in
                        i == chosen || (screen.cell(x: frames[i].minX, y: frames[i].minY) == "░"
                            && screen.cell(x: frames[i].maxX - 1, y: frames[i].maxY - 1) == "░")
                    }
                    && screen.contains("[Restart]") && screen.contains("[Shuffle]")
                    && screen.isBlank(layout.deckFrame)
            }

            try session.resize(to: big)
            let grown = try session.waitUntil("the grid re-fitted to 160x48 (bigger cards, same game)") { sameGame($0, bigLayout) }
            #expect(grown.lines.count == big.height, "capture should be 48 lines:\n\(grown)")
            #expect(grown.lines.last?.hasSuffix("[Shuffle]") == true, "Shuffle on the right of the bottom row at 160 columns")

            try session.resize(to: tiny)
            let need = tinyLayout.minimumSize
            let message = try session.waitUntil("the too-small message at 40x12") {
                $0.contains("Terminal too small (40x12)") && $0.contains("needs at least \(need.width)x\(need.height)")
            }
            #expect(!message.contains("Pairs left"), "no game drawn while too small:\n\(message)")
            // Keys other than q are ignored while too small: d, s, r must not change the game.
            try session.sendKeys("s", "r", "n")

            try session.resize(to: small)
            try session.waitUntil("the same game back at 80x24") { sameGame($0, smallLayout) }

            try session.sendKeys("q")
            try session.expectTerminalRestored()
        }
    }
}
