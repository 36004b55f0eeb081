import Testing
@testable import Memorize
import TerminalUI

@Suite struct ChooseTests {
    @Test func firstChoiceTurnsTheCardUpAsTheOneAndOnly() throws {
        var game = makeGame()
        game.choose(id: 5)
        #expect(game.faceUpIDs == [5])
        let index = try #require(game.indexOfTheOneAndOnlyFaceUpCard)
        #expect(game.cards[index].id == 5)
        #expect(game.moves == 1)
    }

    @Test func choosingAFaceUpCardIsIgnored() {
        var game = makeGame()
        game.choose(id: 0)
        let before = game.cards
        game.choose(id: 0)
        #expect(game.cards == before)
        #expect(game.moves == 1)
    }

    @Test func choosingAMatchedCardIsIgnored() {
        var game = makeGame()
        game.choose(id: 0)
        game.choose(id: 1)
        game.choose(id: 4)  // turns the matched pair down
        let (cards, score, moves) = (game.cards, game.score, game.moves)
        game.choose(id: 0)
        #expect(game.cards == cards && game.score == score && game.moves == moves)
        #expect(game.card(0).isMatched && !game.card(0).isFaceUp)
    }

    @Test func aMatchMarksBothMatchedAndScoresTwoPlusBonus() {
        var game = makeGame()
        game.choose(id: 6)
        game.choose(id: 7)
        #expect(game.card(6).isMatched && game.card(7).isMatched)
        #expect(game.faceUpIDs == [6, 7], "a match stays up until the next choice")
        #expect(game.score == 2 + 2, "both matched at once on a frozen clock: both earn the bonus")
        #expect(game.matchedPairCount == 1 && game.pairsLeft == 3)
    }

    @Test func aMismatchStaysVisibleUntilTheNextChoice() throws {
        var game = makeGame()
        game.choose(id: 0)
        game.choose(id: 2)
        #expect(game.faceUpIDs == [0, 2])
        #expect(!game.card(0).isMatched && !game.card(2).isMatched)
        #expect(game.indexOfTheOneAndOnlyFaceUpCard == nil)
        #expect(game.score == 0, "neither card had been seen")
        game.choose(id: 4)
        #expect(game.faceUpIDs == [4])
        let index = try #require(game.indexOfTheOneAndOnlyFaceUpCard)
        #expect(game.cards[index].id == 4)
    }

    @Test func eachPreviouslySeenCardInAMismatchCostsAPoint() {
        var game = makeGame()
        game.choose(id: 0)
        game.choose(id: 2)
        #expect(game.card(0).hasBeenSeen && game.card(2).hasBeenSeen && !game.card(4).hasBeenSeen)
        #expect(game.score == 0)
        game.choose(id: 4)  // turns 0 and 2 down
        game.choose(id: 0)
        #expect(game.score == -1, "card 0 was seen, card 4 was not")
        game.choose(id: 2)
        game.choose(id: 4)
        #expect(game.score == -3, "both seen")
    }

    @Test func aScriptedGameScoresStepByStep() {
        // Two seconds a move: some cards run out of bonus (6 s of face-up time) before matching.
        let time = VirtualClock()
        var game = makeGame(pairs: 3)
        let script: [(id: Int, score: Int)] = [
            (0, 0), (2, 0),  // mismatch of unseen cards: no penalty
            (4, 0), (1, 0),  // mismatch again
            (0, 0), (1, 3),  // match: card 0 has been up 4 + 2 = 6 s (no bonus), card 1 only 2 s (bonus)
            (4, 3), (2, 1),  // mismatch of two seen cards: -2
            (5, 1), (4, 4),  // match: card 4 up 8 s (no bonus), card 5 for 2 s (bonus)
            (2, 4), (3, 7),  // match: card 2 up 6 s, card 3 for 0 s
        ]
        var scores: [Int] = []
        for step in script {
            game.choose(id: step.id, at: time.now)
            scores.append(game.score)
            time.advance(by: 2)
        }
        #expect(scores == script.map(\.score))
        #expect(game.isOver && game.pairsLeft == 0 && game.matchedPairCount == 3)
        #expect(game.moves == 12)
    }
}
