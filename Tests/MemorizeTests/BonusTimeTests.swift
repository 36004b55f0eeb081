import Testing
@testable import Memorize
import TerminalUI

@Suite struct BonusTimeTests {
    @Test func bonusDecreasesWhileFaceUp() {
        let time = VirtualClock(start: 100)
        var game = makeGame(time: time)
        #expect(game.card(0).bonusRemaining == 1)
        #expect(!game.card(0).isConsumingBonusTime)
        game.choose(id: 0)
        #expect(game.card(0).lastFaceUpDate == 100)
        #expect(game.card(0).isConsumingBonusTime)
        time.advance(by: 1.5)
        #expect(game.card(0).faceUpTime == 1.5)
        #expect(game.card(0).bonusTimeRemaining == 4.5)
        #expect(game.card(0).bonusRemaining == 0.75)
        time.advance(by: 3)
        #expect(game.card(0).bonusRemaining == 0.25)
    }

    @Test func bonusPausesWhileFaceDown() {
        let time = VirtualClock()
        var game = makeGame(time: time)
        game.choose(id: 0)
        time.advance(by: 1)
        game.choose(id: 2)
        time.advance(by: 1)
        game.choose(id: 4)  // turns 0 and 2 down
        time.advance(by: 100)
        let card = game.card(0)
        #expect(!card.isConsumingBonusTime && card.lastFaceUpDate == nil)
        #expect(card.pastFaceUpTime == 2 && card.faceUpTime == 2 && card.bonusTimeRemaining == 4)
        #expect(game.card(2).faceUpTime == 1)
        // Face up again: the clock resumes from the time already used.
        game.choose(id: 0)
        time.advance(by: 3)
        #expect(game.card(0).faceUpTime == 5)
    }

    @Test func bonusRunsOutAfterTheLimit() {
        let time = VirtualClock()
        var game = makeGame(time: time)
        game.choose(id: 0)
        #expect(game.card(0).bonusTimeLimit == 6)
        time.advance(by: 6)
        #expect(game.card(0).bonusTimeRemaining == 0 && game.card(0).bonusRemaining == 0)
        #expect(!game.card(0).isConsumingBonusTime, "face up but nothing left to consume")
        time.advance(by: 10)
        #expect(game.card(0).bonusTimeRemaining == 0)
    }

    @Test(arguments: [(5.9, true), (6.0, false), (6.5, false)])
    func hasEarnedBonusOnlyWithinSixSeconds(wait: Double, earned: Bool) {
        let time = VirtualClock()
        var game = makeGame(time: time)
        game.choose(id: 2)
        time.advance(by: wait)
        game.choose(id: 3)
        #expect(game.card(2).hasEarnedBonus == earned)
        #expect(game.card(3).hasEarnedBonus, "the second card was up for no time")
        #expect(game.score == 2 + 1 + (earned ? 1 : 0))
    }

    @Test func matchingStopsTheBonusClock() {
        let time = VirtualClock()
        var game = makeGame(time: time)
        game.choose(id: 2)
        time.advance(by: 2)
        game.choose(id: 3)
        time.advance(by: 30)
        let card = game.card(2)
        #expect(card.isFaceUp && card.isMatched)
        #expect(!card.isConsumingBonusTime && card.lastFaceUpDate == nil)
        #expect(card.faceUpTime == 2 && card.hasEarnedBonus)
        #expect(abs(card.bonusRemaining - 4.0 / 6.0) < 1e-12)
    }

    @Test func unmatchedCardsHaveNotEarnedABonus() {
        let game = makeGame()
        #expect(!game.card(0).hasEarnedBonus, "full bonus left but not matched")
    }

    @Test func cardEqualityIgnoresTheClock() {
        let a = IntGame.Card(id: 1, content: 0, clock: VirtualClock(start: 0).gameClock)
        let b = IntGame.Card(id: 1, content: 0, clock: VirtualClock(start: 500).gameClock)
        #expect(a == b)
        var c = b
        c.isFaceUp = true
        #expect(a != c)
    }
}
