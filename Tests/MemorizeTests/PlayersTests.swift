import Testing
@testable import Memorize
import TerminalUI

/// Games of two: turns, per-player scores, and the public table.
@Suite struct PlayersTests {
    func makeTwoPlayerGame(pairs: Int = 4) -> IntGame {
        IntGame(numberOfPairsOfCards: pairs, numberOfPlayers: 2, seed: 1) { $0 }
    }

    @Test func soloIsOnePlayerWhoseScoreIsTheGames() {
        var game = makeGame()
        #expect(game.players.count == 1 && game.currentPlayer == 0)
        for id in [0, 1, 2, 4, 6, 2] { game.choose(id: id) }
        #expect(game.currentPlayer == 0, "alone, the turn always comes back to you")
        #expect(game.players[0].score == game.score && game.players[0].moves == game.moves)
        #expect(game.players[0].pairs == 1)
        #expect(game.invariantViolations() == [])
    }

    @Test func aMatchScoresForThePlayerWhoGoesAgain() {
        var game = makeTwoPlayerGame()
        game.choose(id: 2)
        game.choose(id: 3)
        #expect(game.currentPlayer == 0)
        #expect(game.players[0].score == 4 && game.players[0].pairs == 1, "2 + a bonus for each card on a frozen clock")
        #expect(game.players[1] == Player())
    }

    @Test func aMismatchEndsTheTurnAndLeavesBothCardsUpUntilTheNextPlayersChoice() {
        var game = makeTwoPlayerGame()
        game.choose(id: 0)
        game.choose(id: 2)
        #expect(game.currentPlayer == 1 && game.turnsEnded == 1)
        #expect(game.faceUpIDs == [0, 2], "the mismatch stays on the table for the next player to see")
        game.choose(id: 4)
        #expect(game.faceUpIDs == [4], "the next player's first choice turns them down")
        #expect(game.players[1].moves == 1 && game.players[0].moves == 2)
        game.choose(id: 6)
        #expect(game.currentPlayer == 0, "two seats: the turn comes back")
        #expect(game.invariantViolations() == [])
    }

    @Test func seenIsPublicSoAnotherPlayersMismatchCostsWhoeverMakesIt() {
        var game = makeTwoPlayerGame()
        game.choose(id: 0)
        game.choose(id: 2)          // player 1 shows 0 and 2 to everyone, no cost (first sight)
        #expect(game.players[0].score == 0)
        game.choose(id: 0)          // ignored: face up
        game.choose(id: 4)
        game.choose(id: 2)          // player 2 mismatches 4 (new) with 2 (seen by player 1)
        #expect(game.players[1].score == -1 && game.players[1].penaltiesPaid == 1)
        #expect(game.players[0].score == 0)
        #expect(game.score == -1 && game.currentPlayer == 0)
        #expect(game.invariantViolations() == [])
    }

    @Test func scoresAreEachPlayersOwnAndAddUpToTheTable() {
        let time = VirtualClock()
        var game = makeTwoPlayerGame()
        for id in [0, 2, 4, 5, 6, 0, 1, 0, 2, 3, 6, 7] {
            time.advance(by: 2)
            game.choose(id: id, at: time.now)
        }
        #expect(game.isOver)
        #expect(game.players.map(\.pairs) == [3, 1])
        #expect(game.players.map(\.score).reduce(0, +) == game.score)
        #expect(game.invariantViolations() == [])
    }

    @Test func brokenTurnsAndTalliesAreReported() {
        var game = makeTwoPlayerGame()
        for id in [0, 2, 4, 5, 6, 0] { game.choose(id: id) }
        #expect(game.invariantViolations() == [])
        func check(players: [Player]? = nil, current: Int? = nil, turns: Int? = nil, score: Int? = nil) -> [String] {
            IntGame.playerInvariantViolations(players: players ?? game.players, currentPlayer: current ?? game.currentPlayer,
                                              turnsEnded: turns ?? game.turnsEnded, score: score ?? game.score,
                                              moves: game.moves, bonusPointsEarned: game.bonusPointsEarned,
                                              penaltiesPaid: game.penaltiesPaid, matchedPairs: game.matchedPairCount)
        }
        func mentions(_ problems: [String], _ text: String) -> Bool { problems.contains { $0.contains(text) } }
        #expect(check() == [])
        #expect(mentions(check(current: 2), "not one of the 2 players"))
        #expect(mentions(check(current: 1 - game.currentPlayer), "turn order"))
        #expect(mentions(check(turns: 40), "turns ended"))
        var players = game.players
        players[1].score += 1
        #expect(mentions(check(players: players), "player 2: score"))
        #expect(mentions(check(players: players, score: game.score + 1), "player 2: score"))
        var moved = game.players
        moved[1].pairs -= 1
        moved[0].pairs += 1
        moved[1].score -= 2
        moved[0].score += 2
        #expect(check(players: moved).isEmpty, "a pair moved between players with its points still adds up")
        var lostPair = game.players
        lostPair[1].pairs -= 1
        lostPair[1].score -= 2
        #expect(mentions(check(players: lostPair), "players' pairs add up"))
        #expect(mentions(check(players: [], current: 0), "no players"))
    }
}
