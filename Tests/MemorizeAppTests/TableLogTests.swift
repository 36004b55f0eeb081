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
    static func process(size: Size, clock: VirtualClock = VirtualClock()) -> GamePage {
        var options = AppOptions()
        options.mode = .hotSeat
        options.names = ["alice", "bob"]
        let themes = ThemeLibrary.builtIn()
        return Launcher.makeView(options, clock: clock, size: size, themes: themes, theme: themes.named("Animals"), seed: 42)
    }

    /// A whole game as a table would order it: each seat plays when it is its turn (a seat that
    /// remembers what was shown), with a few out-of-turn chooses from the other seat in between,
    /// which every process refuses alike.
    static func wholeGameLog(playing view: GamePage) -> [TimedIntent] {
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

    static func state(_ view: GamePage) -> [String] {
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

    /// A late watcher (and a seat resumed after a drop) catches up on the log in one batch, on a
    /// clock that started long after the table's. Alice leaves a card face up 7.5 s, then matches
    /// it: that card's bonus is spent, its mate's is not, so she scores 2 + 1 on every screen.
    /// (Catch-up once clamped the early entries to time 0: the watcher scored 2 + 2.)
    @Test func aLateWatcherAndAResumedSeatScoreTheSpentBonusAsTheSeatsDid() throws {
        let dealt = Self.process(size: Size(width: 80, height: 24))
        TableLog.apply(TimedIntent(.deal, at: 0, seat: 0), to: dealt)
        let first = try #require(dealt.game.cards.first)
        let mate = try #require(dealt.game.cards.first { $0.id != first.id && $0.content == first.content })
        let log = [TimedIntent(.deal, at: 2, seat: 0),
                   TimedIntent(.choose(cardID: first.id), at: 3, seat: 0),
                   TimedIntent(.choose(cardID: mate.id), at: 10.5, seat: 0)]

        // The seats read each entry as it happens, anchored on the deal.
        var seats: [GamePage] = []
        for start in [50.0, 400.0] {
            let clock = VirtualClock(start: start)
            let seat = Self.process(size: Size(width: 80, height: 24), clock: clock)
            var timeline = TableTimeline()
            for entry in log {
                clock.advance(to: start + entry.time)
                timeline.anchor([entry], catchUpCount: 0, now: seat.game.now)
                TableLog.apply(entry, to: seat, offset: try #require(timeline.offset))
            }
            seats.append(seat)
        }
        #expect(seats[0].game.players[0].score == 3, "one bonus: \(seats[0].game.players.map(\.score))")
        #expect(Self.state(seats[1]) == Self.state(seats[0]))

        // A late watcher and a resumed seat: the whole log at once, their clocks just started.
        for size in [Size(width: 60, height: 20), Size(width: 120, height: 40)] {
            let late = Self.process(size: size, clock: VirtualClock(start: 0.5))
            late.animator.reducedMotion = true
            var timeline = TableTimeline()
            timeline.anchor(log, catchUpCount: log.count, now: late.game.now)
            let offset = try #require(timeline.offset)
            #expect(offset < -9, "the anchor is the last entry, taken as now")
            for entry in log { TableLog.apply(entry, to: late, offset: offset) }
            #expect(late.game.players.map(\.score) == seats[0].game.players.map(\.score))
            #expect(Self.state(late) == Self.state(seats[0]))
        }
    }

    /// A resumed seat catches up on a card just chosen: its pie counts down from the catch-up
    /// on, frame after frame. (Once a card's `onAppear` evaluated the card's view alone, the
    /// page around it, laid out with nothing moving, was skipped at every frame: the pie stayed
    /// full on the resumed seat's screen.)
    @Test func aResumedSeatsPieCountsDownAfterTheCatchUp() throws {
        let clock = VirtualClock(start: 0.5)
        let resumed = Self.process(size: Size(width: 80, height: 24), clock: clock)
        _ = resumed.render(in: resumed.size)
        let dealt = Self.process(size: Size(width: 80, height: 24))
        TableLog.apply(TimedIntent(.deal, at: 0, seat: 0), to: dealt)
        let first = try #require(dealt.game.cards.first)
        let log = [TimedIntent(.deal, at: 2, seat: 0), TimedIntent(.choose(cardID: first.id), at: 3, seat: 0)]
        resumed.animator.reducedMotion = true
        var timeline = TableTimeline()
        timeline.anchor(log, catchUpCount: log.count, now: resumed.game.now)
        for entry in log { TableLog.apply(entry, to: resumed, offset: try #require(timeline.offset)) }
        resumed.animator.reducedMotion = false
        var screens: [String] = []
        for _ in 0..<60 {
            clock.advance(by: 1.0 / 30)
            resumed.tick()
            screens.append(resumed.render(in: resumed.size).plainText)
        }
        #expect(resumed.isAnimating)
        #expect(Set(screens).count > 20, "the pie did not count down: \(Set(screens).count) screens in 2 s")
    }
}
