import Foundation
import Testing
import MemorizeStore
import Memorize
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

/// Every way a game is played in the app — the view model's intents, keys, a key script run
/// headless, clicks, the computer — ends in `EmojiMemoryGame.apply`, whose record replays into a
/// fresh game equal in everything: cards and their bonus clocks, score, each player's tally,
/// turn, the computer's memory.
@Suite struct IntentReplayAppTests {
    /// Replays `game`'s record into a fresh game and compares it with `game`.
    static func expectReplays(_ game: EmojiMemoryGame, sourceLocation: SourceLocation = #_sourceLocation) {
        let replayed = game.record.replay(themes: game.themes)
        #expect(!game.record.isOverflowed, sourceLocation: sourceLocation)
        #expect(replayed == game.gameState, sourceLocation: sourceLocation)
        #expect(replayed.model.score == game.score && replayed.model.players == game.players, sourceLocation: sourceLocation)
    }

    /// Positions (indices in the model's order) of each pair.
    static func pairs(_ cards: [EmojiMemoryGame.Card]) -> [[Int]] {
        var byContent: [String: [Int]] = [:]
        var order: [String] = []
        for (index, card) in cards.enumerated() {
            if byContent[card.content] == nil { order.append(card.content) }
            byContent[card.content, default: []].append(index)
        }
        return order.map { byContent[$0]! }
    }

    /// A whole game as (position, seconds to wait after choosing it): two free mismatches, a
    /// mismatch of two seen cards (a penalty each), a match where the first card waited 7 s (its
    /// bonus lost), then the rest, quickly (bonuses earned).
    static func plan(_ cards: [EmojiMemoryGame.Card]) -> [(index: Int, wait: Double)] {
        let p = pairs(cards)
        var steps: [(Int, Double)] = [(p[0][0], 1), (p[1][0], 1), (p[0][1], 1), (p[1][1], 1), (p[0][0], 1), (p[1][0], 1),
                                      (p[2][0], 7), (p[2][1], 1)]
        for pair in p.indices where pair != 2 { steps += [(p[pair][0], 0.5), (p[pair][1], 0.5)] }
        return steps
    }

    static func expectBonusesMixedAndPenalties(_ game: EmojiMemoryGame, sourceLocation: SourceLocation = #_sourceLocation) {
        let model = game.gameState.model
        #expect(game.isOver, sourceLocation: sourceLocation)
        #expect(model.penaltiesPaid == 2, sourceLocation: sourceLocation)
        #expect(model.bonusPointsEarned > 0 && model.bonusPointsEarned < model.cards.count, "some bonuses earned, some lost",
                sourceLocation: sourceLocation)
    }

    @Test func aGameThroughTheViewModelReplays() {
        final class Time: @unchecked Sendable { var now = 100.0 }
        let time = Time()
        let game = EmojiMemoryGame(themes: ThemeLibrary.builtIn(), seed: 42, clock: GameClock { time.now })
        func wait(_ seconds: Double) { time.now += seconds }
        game.deal()
        game.shuffle()
        for step in Self.plan(game.cards) {
            game.choose(game.cards[step.index])
            wait(step.wait)
        }
        Self.expectBonusesMixedAndPenalties(game)
        #expect(game.record.intents.first == TimedIntent(.deal, at: 0), "stamped on the game's timeline, from 0")
        Self.expectReplays(game)
    }

    @Test func aGameByKeysReplays() {
        let h = ThemeHarness()
        h.press(.character("d"))
        h.advance(3)
        for step in Self.plan(h.view.game.cards) {
            h.view.focus(on: step.index)
            h.press(.character(" "))
            h.advance(step.wait)
        }
        Self.expectBonusesMixedAndPenalties(h.view.game)
        Self.expectReplays(h.view.game)
    }

    @Test func aGameByClicksReplays() {
        let h = ThemeHarness()
        h.press(.character("d"))
        h.advance(3)
        h.click(h.view.layout.frame(of: .shuffle).origin)
        h.advance(1)
        #expect(h.view.game.record.intents.map(\.intent.line) == ["deal", "shuffle"])
        for step in Self.plan(h.view.game.cards) {
            h.click(h.centre(ofCard: step.index))
            h.advance(step.wait)
        }
        Self.expectBonusesMixedAndPenalties(h.view.game)
        Self.expectReplays(h.view.game)
    }

    /// The key script is written beforehand: the arrow keys to each card are found on a twin of
    /// the game (same seed), whose focus moves exactly as the script's will.
    @Test func aGameByAKeyScriptRunHeadlessReplays() throws {
        let twin = ThemeHarness()
        var script = "size 80x24\nseed 42\ntheme Halloween\nkey d\nwait 3s\n"
        twin.press(.character("d"))
        twin.advance(3)
        for step in Self.plan(twin.view.game.cards) {
            for key in try Self.keys(from: twin.view.focusIndex, to: step.index, on: twin.view) {
                twin.press(key)
                script += "key \(key)\n"
            }
            #expect(twin.view.focusIndex == step.index)
            twin.press(.character(" "))
            twin.advance(step.wait)
            script += "key space\nwait \(Int(step.wait * 1000))ms\n"
        }
        #expect(twin.view.game.isOver, "the twin won with these keys")

        let clock = VirtualClock()
        let size = Size(width: 80, height: 24)
        let themes = ThemeLibrary.builtIn()
        let view = Launcher.makeView(AppOptions(), clock: clock, size: size, themes: themes, theme: themes.named("Halloween"), seed: 42)
        let parsed = try KeyScript.parseGame(script, source: "replay.keys")
        _ = try RunLoop(screen: HeadlessScreen(size: size, clock: clock), clock: clock, content: MemorizeApplication(view: view),
                        fps: 30, script: parsed, endsWithScript: true).run()
        Self.expectBonusesMixedAndPenalties(view.game)
        #expect(view.game.record.intents.map(\.intent) == twin.view.game.record.intents.map(\.intent))
        Self.expectReplays(view.game)
    }

    /// Arrow keys from one card to another, the shortest found by trying each key on `view`'s own
    /// focus rule (its focus is put back after).
    static func keys(from start: Int, to target: Int, on view: GamePage) throws -> [String] {
        let moves = [("left", -1, 0), ("right", 1, 0), ("up", 0, -1), ("down", 0, 1)]
        var previous: [Int: (from: Int, key: String)] = [start: (start, "")]
        var queue = [start]
        while !queue.isEmpty, previous[target] == nil {
            let here = queue.removeFirst()
            for (key, dx, dy) in moves {
                view.focus(on: here)
                view.moveFocus(dx: dx, dy: dy)
                let next = view.focusIndex
                if previous[next] == nil {
                    previous[next] = (here, key)
                    queue.append(next)
                }
            }
        }
        view.focus(on: start)
        var path: [String] = []
        var at = target
        while at != start {
            let step = try #require(previous[at], "card \(target) cannot be reached from \(start)")
            path.insert(step.key, at: 0)
            at = step.from
        }
        return path
    }

    @Test func aGameAgainstTheComputerReplays() {
        let h = OpponentTurnTests.harness(.medium)
        h.press(.character("d"))
        h.advance(3)
        var steps = 0
        while !h.view.game.isOver, steps < 2_000 {
            steps += 1
            if h.view.game.isComputersTurn {
                h.advance(0.1)
                continue
            }
            // The human remembers nothing: the first face-down card in play.
            let cards = h.view.game.cards
            guard let index = cards.indices.first(where: { !cards[$0].isFaceUp && !cards[$0].isMatched }) else { break }
            h.click(h.centre(ofCard: index))
            h.advance(0.6)
        }
        let game = h.view.game
        #expect(game.isOver)
        #expect(game.record.intents.contains { $0.seat == GameState.computerSeat }, "the computer's choices are in the log")
        #expect(game.players[1].moves > 0 && game.players[0].moves > 0)
        Self.expectReplays(game)
    }

    @Test func aChoiceOutOfTurnIsRefusedByTheModel() {
        let h = OpponentTurnTests.harness()
        OpponentTurnTests.humanMismatches(h)
        let game = h.view.game
        let before = game.gameState
        let card = game.cards.first { !$0.isFaceUp && !$0.isMatched }!
        #expect(!game.apply(TimedIntent(.choose(cardID: card.id), at: game.now, seat: 0)), "the keyboard's seat, in the computer's turn")
        #expect(game.gameState == before)
        #expect(game.apply(TimedIntent(.choose(cardID: card.id), at: game.now, seat: GameState.computerSeat)))
    }

    @Test func observersHearEachAppliedIntentAndTheInspectorShowsItsLine() {
        let h = ThemeHarness()
        var heard: [String] = []
        let token = h.view.game.appliedIntents.sink { heard.append($0.intent.line) }
        h.press(.character("d"))
        h.press(.character("d"))                    // dealt already: refused, not heard
        h.press(.character("s"))
        h.view.focus(on: 0)
        h.press(.character(" "))
        #expect(heard == ["deal", "shuffle", "choose \(h.view.game.cards[0].id)"])
        #expect(h.view.game.lastIntent == heard.last)
        token.cancel()
        h.press(.character("s"))
        #expect(heard.count == 3)
    }
}
