import Testing
import Memorize

/// The game as intents change it (`GameState.apply`), and a record of them replayed into a fresh
/// game: the same set-up and the same timed intents give the same game, bonus clocks, tallies,
/// turn and the computer's memory included.
@Suite struct IntentReplayTests {
    static let theme = Theme(name: "Digits", emoji: ["1", "2", "3", "4", "5", "6"], pairs: 4, color: RGBColor(red: 0, green: 0, blue: 0))
    static let themes = [theme, Theme(name: "Letters", emoji: ["a", "b", "c"], pairs: 3, color: RGBColor(red: 1, green: 1, blue: 1))]

    /// Ids of the two cards of each content, in the order the contents first appear.
    static func pairs(_ state: GameState) -> [[Int]] {
        var byContent: [String: [Int]] = [:]
        var order: [String] = []
        for card in state.model.cards {
            if byContent[card.content] == nil { order.append(card.content) }
            byContent[card.content, default: []].append(card.id)
        }
        return order.map { byContent[$0]! }
    }

    @discardableResult
    static func apply(_ state: inout GameState, _ intent: GameIntent, at time: Double, seat: Int = 0) -> Bool {
        state.apply(TimedIntent(intent, at: time, seat: seat), themes: themes)
    }

    /// A whole solo game: two free mismatches, a mismatch of seen cards (penalties), a match
    /// inside the bonus time, one after it, a shuffle, the rest quickly.
    static func playedGame() -> GameState {
        var state = GameState(setup: GameSetup(theme: theme, seed: 7))
        let p = pairs(state)
        var t = 1.0
        func choose(_ id: Int, after seconds: Double) {
            t += seconds
            #expect(apply(&state, .choose(cardID: id), at: t), "choose \(id) at \(t)")
        }
        apply(&state, .deal, at: t)
        choose(p[0][0], after: 1); choose(p[1][0], after: 1)        // unseen: free
        choose(p[2][0], after: 1); choose(p[3][0], after: 1)        // unseen: free
        choose(p[0][0], after: 1); choose(p[2][0], after: 1)        // both seen: -2
        choose(p[1][0], after: 1); choose(p[1][1], after: 1)        // match: both inside 6 s, +2 +2
        choose(p[0][0], after: 1); choose(p[0][1], after: 5)        // p0a up 4 s before, 9 s in all: no bonus; p0b +1
        apply(&state, .shuffle, at: t + 0.5)
        choose(p[2][0], after: 1); choose(p[2][1], after: 1)
        choose(p[3][0], after: 1); choose(p[3][1], after: 1)
        return state
    }

    @Test func aRecordedGameReplaysToTheSameGame() {
        let played = Self.playedGame()
        #expect(played.model.isOver && played.endTime != nil && played.startTime == 1)
        #expect(played.model.penaltiesPaid == 2, "the mismatch of two seen cards")
        #expect(played.model.bonusPointsEarned > 0 && played.model.bonusPointsEarned < 8, "some bonuses earned, some lost")
        #expect(played.model.invariantViolations() == [])
        #expect(played.record.intents.count == 16 && !played.record.isOverflowed)

        let replayed = played.record.replay(themes: Self.themes)
        #expect(replayed == played)
        #expect(replayed.model.score == played.model.score && replayed.model.players == played.model.players)
        #expect(replayed.model.cards == played.model.cards, "bonus clocks included")
    }

    @Test func aReplayAtOtherTimesScoresOtherwise() {
        let played = Self.playedGame()
        let late = played.record.intents.map { intent in
            TimedIntent(intent.intent, at: intent.time * 3, seat: intent.seat)
        }
        let replayed = GameRecord(setup: played.record.setup, intents: late)!.replay(themes: Self.themes)
        #expect(replayed.model.cards.map(\.id) == played.model.cards.map(\.id), "the same deal and shuffle")
        #expect(replayed.model.bonusPointsEarned < played.model.bonusPointsEarned, "the time is the intent's")
    }

    @Test func aChoiceOutOfTurnIsRefused() {
        var state = GameState(setup: GameSetup(theme: Self.theme, seed: 3, mode: .hotSeat))
        let p = Self.pairs(state)
        Self.apply(&state, .deal, at: 0)
        let before = state
        #expect(!Self.apply(&state, .choose(cardID: p[0][0]), at: 1, seat: 1), "seat 1 while seat 0 plays")
        #expect(state == before, "a refused intent changes nothing, the record included")
        #expect(Self.apply(&state, .choose(cardID: p[0][0]), at: 1, seat: 0))
        #expect(Self.apply(&state, .choose(cardID: p[1][0]), at: 2, seat: 0))
        #expect(state.model.currentPlayer == 1)
        #expect(!Self.apply(&state, .choose(cardID: p[2][0]), at: 3, seat: 0), "seat 0 after its mismatch")
        #expect(Self.apply(&state, .choose(cardID: p[2][0]), at: 3, seat: 1))
        #expect(state.model.players[1].moves == 1 && state.model.players[0].moves == 2)
    }

    @Test func nothingIsChosenBeforeTheDealAndTheDealIsOnce() {
        var state = GameState(setup: GameSetup(theme: Self.theme, seed: 3))
        #expect(!Self.apply(&state, .choose(cardID: 0), at: 1))
        #expect(Self.apply(&state, .deal, at: 2) && state.startTime == 2)
        #expect(!Self.apply(&state, .deal, at: 3) && state.startTime == 2)
    }

    @Test func aGameAgainstTheComputerReplays() {
        var state = GameState(setup: GameSetup(theme: Self.theme, seed: 11, mode: .computer(.medium)))
        var human = SeededRandomNumberGenerator(seed: 5)
        var t = 0.0
        Self.apply(&state, .deal, at: t)
        var steps = 0
        while !state.model.isOver, steps < 500 {
            steps += 1
            t += 0.75
            if state.isComputersTurn {
                let card = state.computerChoice()!
                #expect(Self.apply(&state, .choose(cardID: card.id), at: t, seat: GameState.computerSeat))
            } else {
                let choosable = state.model.cards.filter { !$0.isFaceUp && !$0.isMatched }
                Self.apply(&state, .choose(cardID: choosable.randomElement(using: &human)!.id), at: t, seat: 0)
            }
        }
        #expect(state.model.isOver)
        #expect(state.record.intents.contains { $0.seat == 1 } && state.model.players[1].moves > 0)
        #expect(state.record.replay(themes: Self.themes) == state, "the computer's memory and chances included")
    }

    @Test func restartAndNewGameStartANewRecordThatContinuesTheSession() {
        var state = Self.playedGame()
        let nextSeed = state.nextSeed
        #expect(Self.apply(&state, .setMode(.hotSeat), at: 30))
        #expect(Self.apply(&state, .restart, at: 31))
        #expect(state.record.setup == GameSetup(theme: Self.theme, seed: nextSeed, mode: .hotSeat))
        #expect(state.record.intents.isEmpty && state.model.players.count == 2 && state.startTime == nil)
        #expect(!Self.apply(&state, .newGame(theme: "Nope", seed: 1), at: 32), "a theme not in the catalog")
        #expect(Self.apply(&state, .newGame(theme: "letters", seed: 1), at: 32) && state.theme.name == "Letters")
    }

    @Test func anEarlierTimeCountsAsTheLastOne() {
        var state = GameState(setup: GameSetup(theme: Self.theme, seed: 3))
        Self.apply(&state, .deal, at: 10)
        Self.apply(&state, .choose(cardID: 0), at: 4)
        #expect(state.model.cards.first { $0.id == 0 }?.lastFaceUpDate == 10)
        #expect(state.record.intents.last?.time == 4, "the record keeps what was sent")
        #expect(state.record.replay(themes: Self.themes) == state)
    }

    @Test func theRecordIsBounded() {
        var state = GameState(setup: GameSetup(theme: Self.theme, seed: 3))
        for step in 0..<GameRecord.maximumIntents {
            Self.apply(&state, .setMode(step.isMultiple(of: 2) ? .solo : .hotSeat), at: 0)
        }
        #expect(state.record.intents.count == GameRecord.maximumIntents && !state.record.isOverflowed)
        #expect(Self.apply(&state, .shuffle, at: 0), "play goes on at the bound")
        #expect(state.record.intents.count == GameRecord.maximumIntents && state.record.isOverflowed)
        let tooMany = Array(repeating: TimedIntent(.shuffle, at: 0), count: GameRecord.maximumIntents + 1)
        #expect(GameRecord(setup: state.record.setup, intents: tooMany) == nil)
    }

    @Test func theFirstGameOfASessionIsDealtAsItAlwaysWas() {
        // `--seed 42` with no theme: the theme is drawn first, then the same generator deals.
        var generator = SeededRandomNumberGenerator(seed: 42)
        let theme = Self.themes.randomElement(using: &generator)!
        let setup = GameSetup.first(theme: nil, from: Self.themes, seed: 42)
        #expect(setup?.theme == theme && setup?.seed == generator.continuingSeed)
        #expect(SeededRandomNumberGenerator(seed: generator.continuingSeed) == generator)
    }
}
