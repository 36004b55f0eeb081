import ThemeFormat
import Memorize
@testable import MemorizeApp
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
import Testing

/// A table's log replayed headless: the same seed and the same ordered log give the same board
/// and scores in every process, whatever its size, live or caught up at once (a late watcher).
@Suite struct TableLogTests {
    static func process(size: Size, clock: VirtualClock = VirtualClock()) -> EmojiMemoryGameView {
        var options = AppOptions()
        options.mode = .hotSeat
        options.names = ["alice", "bob"]
        let themes = ThemeLibrary.builtIn()
        return Launcher.makeView(options, clock: clock, size: size, themes: themes, theme: themes.named("Animals"), seed: 42)
    }

    /// A whole game as a table would order it: each seat plays when it is its turn (a seat that
    /// remembers what was shown), with a few out-of-turn chooses from the other seat in between,
    /// which every process refuses alike.
    static func wholeGameLog(playing view: EmojiMemoryGameView) -> [TimedIntent] {
        var log = [TimedIntent(.deal, at: 0, seat: 0)]
        TableLog.apply(log[0], to: view)
        var time = 0.0
        var seen: [String: [Int]] = [:]
        func play(_ id: Int) {
            time += 0.7
            let entry = TimedIntent(.choose(cardID: id), at: time, seat: view.game.currentPlayer)
            log.append(entry)
            TableLog.apply(entry, to: view)
            if let card = view.game.cards.first(where: { $0.id == id }) { seen[card.content, default: []].append(id) }
        }
        var turns = 0
        while !view.game.isOver, turns < 200 {
            turns += 1
            // Out of turn: the seat not playing asks too; the log carries it, the model refuses it.
            let other = 1 - view.game.currentPlayer
            log.append(TimedIntent(.choose(cardID: view.game.cards[0].id), at: time, seat: other))
            let before = state(view)
            TableLog.apply(log.last!, to: view)
            #expect(state(view) == before, "a choose out of turn changes nothing")
            let open = view.game.cards.filter { !$0.isMatched }
            if let pair = seen.values.first(where: { ids in Set(ids).count == 2 && ids.allSatisfy { id in open.contains { $0.id == id } } }) {
                play(pair[0])
                play(Set(pair).first { $0 != pair[0] }!)
                continue
            }
            let unseen = open.filter { card in !seen.values.contains { $0.contains(card.id) } }
            guard let first = unseen.first else { break }
            play(first.id)
            let content = view.game.cards.first { $0.id == first.id }!.content
            if let mate = seen[content]?.first(where: { $0 != first.id }) {
                play(mate)
            } else if let second = unseen.dropFirst().first {
                play(second.id)
            }
        }
        return log
    }

    static func state(_ view: EmojiMemoryGameView) -> [String] {
        view.game.cards.map { "\($0.id) \($0.content) \($0.isFaceUp) \($0.isMatched)" } + view.game.players.map { "\($0.score) \($0.pairs)" }
    }

    @Test func aWholeGamesLogGivesEveryProcessTheSameBoardAndScores() throws {
        let seatOne = Self.process(size: Size(width: 80, height: 24))
        let log = Self.wholeGameLog(playing: seatOne)
        #expect(seatOne.game.isOver, "the game was played to its end")
        #expect(log.contains { $0.seat == 1 }, "both seats played")

        // Seat 2, at another size, applies the same log entry by entry; a late watcher gets it in
        // one batch. Both end where seat 1 ended.
        let seatTwo = Self.process(size: Size(width: 120, height: 40))
        for entry in log { TableLog.apply(entry, to: seatTwo) }
        let watcher = Self.process(size: Size(width: 60, height: 20))
        watcher.animator.reducedMotion = true
        log.forEach { TableLog.apply($0, to: watcher) }
        #expect(Self.state(seatTwo) == Self.state(seatOne))
        #expect(Self.state(watcher) == Self.state(seatOne))
        #expect(seatOne.game.players.map(\.pairs).reduce(0, +) == seatOne.game.cards.count / 2)

        // The log as it travels (TimedIntent lines) reads back to the same game.
        let lines = log.map(\.line)
        let readBack = lines.compactMap { TimedIntent(line: Substring($0)) }
        #expect(readBack == log)
    }
}
