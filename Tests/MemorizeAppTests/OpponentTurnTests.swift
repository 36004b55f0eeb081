import Foundation
import Testing
import MemorizeStore
import Memorize
import TerminalUI
@testable import MemorizeApp

/// The computer's turn in the app: on the clock, visible, interruptible, refused input.
@Suite struct OpponentTurnTests {
    static func harness(_ level: OpponentLevel = .hard, scores: ScoreRecording = InMemoryScores()) -> ThemeHarness {
        var options = AppOptions()
        options.mode = .computer(level)
        return ThemeHarness(options: options, scores: scores)
    }

    /// Deals and makes the human mismatch two cards: the turn passes to the computer at `clock.now`.
    static func humanMismatches(_ h: ThemeHarness) {
        h.press(.character("d"))
        h.advance(3)
        let cards = h.view.game.cards
        let other = cards.indices.first { cards[$0].content != cards[0].content }!
        for index in [0, other] {
            h.view.focus(on: index)
            h.press(.character(" "))
        }
        #expect(h.view.game.isComputersTurn)
    }

    @Test func theComputerWaitsForTheFlipThinksThenChooses() {
        let h = Self.harness()
        Self.humanMismatches(h)
        let moves = h.view.game.moves
        h.advance(0.9)
        #expect(h.view.game.moves == moves, "the human's mismatch stays in view, then it thinks")
        let plan = h.view.opponent.plan
        #expect(plan != nil)
        h.advance(0.7)
        #expect(h.view.game.moves == moves + 1, "chosen by 1.5 s: flip 0.5 + turn change 0.5 + think 0.5")
        #expect(h.view.game.cards[h.view.focusIndex].id == plan?.cardID, "the focus rests on the card it chose")
        #expect(h.view.game.cards[h.view.focusIndex].isFaceUp)
    }

    @Test func theFocusTravelsToItsCard() {
        let h = Self.harness()
        Self.humanMismatches(h)
        h.advance(0.01)
        let plan = try! #require(h.view.opponent.plan)
        var visited: [Int] = []
        while h.clock.now < plan.due - 0.02 {
            h.advance(0.02)
            if visited.last != h.view.focusIndex { visited.append(h.view.focusIndex) }
        }
        #expect(visited.last == plan.path.last, "it arrives before it chooses")
        #expect(visited.count == plan.path.count + 1 || visited.count == plan.path.count, "one step at a time: \(visited) for \(plan.path)")
    }

    @Test func theHelpHoldsItAndClosingItLetsItPlay() {
        let h = Self.harness()
        Self.humanMismatches(h)
        let moves = h.view.game.moves
        h.press(.character("?"))
        h.advance(5)
        #expect(h.view.game.moves == moves && h.view.opponent.plan == nil, "nothing happens under the help")
        h.press(.escape)
        h.advance(1.2)
        #expect(h.view.game.moves == moves + 1)
    }

    @Test func aResizeMakesItThinkAgain() {
        let h = Self.harness()
        Self.humanMismatches(h)
        let moves = h.view.game.moves
        h.advance(1.3)
        h.router.handle(.resize(Size(width: 100, height: 30)))
        h.router.tick()
        #expect(h.view.opponent.plan == nil || h.view.opponent.plan!.start >= h.clock.now)
        h.advance(0.3)
        #expect(h.view.game.moves == moves, "the choice due at 1.5 s was dropped with the old layout")
        h.advance(1.5)
        #expect(h.view.game.moves == moves + 1)
    }

    @Test func aHumanChoiceDuringItsTurnIsRefusedWithANote() {
        let h = Self.harness()
        Self.humanMismatches(h)
        let (moves, focus) = (h.view.game.moves, h.view.focusIndex)
        h.press(.character(" "))
        h.press(.right)
        #expect(h.view.game.moves == moves && h.view.focusIndex == focus)
        #expect(h.text.contains("wait: computer's turn"))
        h.click(h.centre(ofCard: 5))
        #expect(h.view.game.moves == moves)
        h.advance(1.0)
        h.advance(0.6)
        #expect(!h.text.contains("wait: computer's turn"), "the note goes after 1.5 s")
    }

    @Test func qQuitsWhileItThinks() {
        let h = Self.harness()
        Self.humanMismatches(h)
        h.advance(1.2)
        h.press(.character("q"))
        #expect(h.router.exitCode == 0)
    }

    @Test func theTitleMarksWhoseTurnItIs() {
        let h = Self.harness()
        h.press(.character("d"))
        h.advance(3)
        #expect(h.text.contains("▸You 0"))
        Self.humanMismatches(h)
        #expect(h.text.contains("▸Computer 0"))
    }

    @Test(arguments: OpponentLevel.allCases)
    func aGameAgainstTheComputerCountsForItsLevelOnly(level: OpponentLevel) throws {
        let scores = CountingScores()
        let url = GoldenScreenTests.directory.appendingPathComponent("opponent-\(level.rawValue)-80x24.keys")
        let run = try ScriptedSession.run(try KeyScript.loadGame(path: url.path), scores: scores)
        #expect(run.text.contains("Against \(level.rawValue):"))
        #expect(scores.versus.map(\.level) == [level.rawValue])
        #expect(scores.recorded.isEmpty, "no solo best for a game of two")
    }

    @Test func aHotSeatGameIsNotRecorded() throws {
        let scores = CountingScores()
        var options = AppOptions()
        options.mode = .hotSeat
        let h = ThemeHarness(options: options, scores: scores)
        h.winGame()
        #expect(h.view.win != nil && h.text.contains("Player 1 wins!"))
        #expect(scores.recorded.isEmpty && scores.versus.isEmpty)
    }

    @Test func sameSeedSameInputSameGameTheComputersChoicesIncluded() throws {
        let url = GoldenScreenTests.directory.appendingPathComponent("opponent-medium-80x24.keys")
        let script = try KeyScript.loadGame(path: url.path)
        let first = try HeadlessSession.output(of: script)
        let second = try HeadlessSession.output(of: script)
        #expect(first == second)
        var other = ""
        try HeadlessSession.run(script: script, seed: 43) { other += $0 }
        #expect(other != first, "another seed, another game")
    }
}
