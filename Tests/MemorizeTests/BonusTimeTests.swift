import Testing
@testable import Memorize

/// Lecture 8's bonus time, with time as an argument: the model is asked "at what time?" and
/// scores a match from the time the choice was made, never from a clock of its own.
@Suite struct BonusTimeTests {
    @Test func bonusDecreasesWhileFaceUp() {
        var game = makeGame()
        #expect(game.card(0).bonusRemaining(at: 100) == 1)
        #expect(!game.card(0).isConsumingBonusTime(at: 100))
        game.choose(id: 0, at: 100)
        #expect(game.card(0).lastFaceUpDate == 100)
        #expect(game.card(0).isConsumingBonusTime(at: 100))
        #expect(game.card(0).faceUpTime(at: 101.5) == 1.5)
        #expect(game.card(0).bonusTimeRemaining(at: 101.5) == 4.5)
        #expect(game.card(0).bonusRemaining(at: 101.5) == 0.75)
        #expect(game.card(0).bonusRemaining(at: 104.5) == 0.25)
    }

    @Test func bonusPausesWhileFaceDown() {
        var game = makeGame()
        game.choose(id: 0, at: 0)
        game.choose(id: 2, at: 1)
        game.choose(id: 4, at: 2)  // turns 0 and 2 down
        let card = game.card(0)
        #expect(!card.isConsumingBonusTime(at: 102) && card.lastFaceUpDate == nil)
        #expect(card.pastFaceUpTime == 2 && card.faceUpTime(at: 102) == 2 && card.bonusTimeRemaining(at: 102) == 4)
        #expect(game.card(2).faceUpTime(at: 102) == 1)
        // Face up again: the bonus clock resumes from the time already used.
        game.choose(id: 0, at: 102)
        #expect(game.card(0).faceUpTime(at: 105) == 5)
    }

    @Test func bonusRunsOutAfterTheLimit() {
        var game = makeGame()
        game.choose(id: 0, at: 0)
        #expect(game.card(0).bonusTimeLimit == 6)
        #expect(game.card(0).bonusTimeRemaining(at: 6) == 0 && game.card(0).bonusRemaining(at: 6) == 0)
        #expect(!game.card(0).isConsumingBonusTime(at: 6), "face up but nothing left to consume")
        #expect(game.card(0).bonusTimeRemaining(at: 16) == 0)
    }

    @Test func aTimeBeforeThePeriodBeganGivesNothingBack() {
        var game = makeGame()
        game.choose(id: 0, at: 10)
        #expect(game.card(0).faceUpTime(at: 4) == 0)
    }

    @Test(arguments: [(5.9, true), (6.0, false), (6.5, false)])
    func hasEarnedBonusOnlyWithinSixSeconds(wait: Double, earned: Bool) {
        var game = makeGame()
        game.choose(id: 2, at: 0)
        game.choose(id: 3, at: wait)
        #expect(game.card(2).hasEarnedBonus == earned)
        #expect(game.card(3).hasEarnedBonus, "the second card was up for no time")
        #expect(game.score == 2 + 1 + (earned ? 1 : 0))
    }

    @Test func matchingStopsTheBonusClock() {
        var game = makeGame()
        game.choose(id: 2, at: 0)
        game.choose(id: 3, at: 2)
        let card = game.card(2)
        #expect(card.isFaceUp && card.isMatched)
        #expect(!card.isConsumingBonusTime(at: 32) && card.lastFaceUpDate == nil)
        #expect(card.faceUpTime(at: 32) == 2 && card.hasEarnedBonus)
        #expect(abs(card.bonusRemaining(at: 32) - 4.0 / 6.0) < 1e-12)
    }

    @Test func unmatchedCardsHaveNotEarnedABonus() {
        let game = makeGame()
        #expect(!game.card(0).hasEarnedBonus, "full bonus left but not matched")
    }

    /// The point of taking time as an argument: the score depends on the choices' times alone, so
    /// two processes that apply the same timed choices score the same, however late each one runs.
    @Test func theScoreDependsOnlyOnTheChoicesTimes() {
        func play() -> IntGame {
            var game = makeGame(pairs: 3)
            let choices = [(0, 0.0), (2, 1.0), (4, 2.0), (5, 3.0), (0, 4.0), (1, 9.0), (2, 9.5), (3, 10.0)]
            for (id, time) in choices { game.choose(id: id, at: time) }
            return game
        }
        let (a, b) = (play(), play())
        #expect(a == b)
        #expect(a.isOver && a.bonusPointsEarned == 5)
        #expect(!a.card(0).hasEarnedBonus && a.card(1).hasEarnedBonus, "card 0 was up 2 + 5 s, its partner 0 s")
    }
}
