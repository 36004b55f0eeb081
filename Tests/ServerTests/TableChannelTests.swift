import CGameSpawn
import Foundation
import Logging
import Memorize
import MemorizeTestSupport
@testable import MemorizeServer
import NIOCore
import NIOPosix
import Synchronization
import TableProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A real Table on an event loop, its members' games played by hand over real socketpairs: the
/// protocol as a game process meets it (garbage, oversize, out of turn, speaking for another).
@Suite struct TableChannelTests {
    /// A game process's end of a table channel, driven by the test.
    final class FakeGame {
        let descriptor: Int32
        var decoder = TableFrameDecoder()
        var pending: [TableMessage] = []
        var ended = false

        private var isOpen = true

        init(descriptor: Int32) { self.descriptor = descriptor }
        deinit { hangUp() }

        /// The game's end closes (its process went away), once.
        func hangUp() {
            if isOpen { close(descriptor) }
            isOpen = false
        }

        func send(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }

        func send(_ message: TableMessage) { send(message.frame.bytes!) }

        /// The next message, or nil at end of stream or after `timeout` seconds.
        func next(timeout: Double = 5) throws -> TableMessage? {
            let deadline = Date().addingTimeInterval(timeout)
            while pending.isEmpty {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
                guard poll(&poller, 1, left) > 0 else { return nil }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else {
                    ended = true
                    return nil
                }
                for frame in try decoder.feed(buffer[..<count]).get() {
                    pending.append(try #require(TableMessage(frame: frame)))
                }
            }
            return pending.removeFirst()
        }

        /// Messages until one matches (the others are skipped), or nil.
        func next(where matches: (TableMessage) -> Bool) throws -> TableMessage? {
            while let message = try next() { if matches(message) { return message } }
            return nil
        }

        /// Whether the table closed this channel within `timeout` (messages before that are skipped).
        func closed(timeout: Double = 5) throws -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while !ended && Date() < deadline { _ = try next(timeout: max(0.01, deadline.timeIntervalSinceNow)) }
            return ended
        }
    }

    final class Harness {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let table: Table
        /// Why each member's game was stopped, by member id.
        final class Stops: Sendable {
            let reasons = Mutex<[Int: String]>([:])
        }
        let stops = Stops()

        init(limits: TableLimits = TableLimits(), logger: Logger = Logger(label: "t", factory: { _ in SwiftLogNoOpLogHandler() })) {
            table = Table(code: TableCode(typed: "ABCD234")!, eventLoop: group.next(),
                          settings: TableSettings(seed: 42, theme: "Animals", displayFlags: []), limits: limits,
                          command: "ssh -t -p 2222 example.org", logger: logger,
                          removeFromRegistry: { _ in })
        }

        deinit { try? group.syncShutdownGracefully() }

        func seat(_ request: Table.Request, key: UInt8?, name: String) throws -> (Table.Reservation, FakeGame) {
            let owner = key.map { KeyFingerprint(blob: Data([$0])) }
            let table = self.table
            let reservation = try table.eventLoop.submit { table.reserve(request, owner: owner, name: name, displayFlags: []) }.wait().get()
            var serverEnd: Int32 = -1
            var gameEnd: Int32 = -1
            #expect(gs_channel_pair(&serverEnd, &gameEnd) == 0)
            let id = reservation.memberID
            let descriptor = serverEnd
            let stops = self.stops
            table.eventLoop.execute {
                table.attach(memberID: id, descriptor: descriptor, stop: { reason in stops.reasons.withLock { $0[id] = reason } })
            }
            return (reservation, FakeGame(descriptor: gameEnd))
        }

        func reserve(_ request: Table.Request, key: UInt8?, name: String) throws -> Result<Table.Reservation, TableRefusal> {
            let owner = key.map { KeyFingerprint(blob: Data([$0])) }
            let table = self.table
            return try table.eventLoop.submit { table.reserve(request, owner: owner, name: name, displayFlags: []) }.wait()
        }
    }

    @Test func bothSeatsGetHelloThenTheDealAndTheSameOrderedLog() throws {
        let harness = Harness()
        let (first, alice) = try harness.seat(.open, key: 1, name: "alice")
        #expect(first.seat == .seat(0))
        #expect(first.arguments.suffix(2) == ["--table-channel", "3"])
        #expect(try alice.next() == .hello(TableHello(seat: .seat(0), seed: 42, theme: "Animals", names: ["alice", nil], invitation: "ssh -t -p 2222 example.org join ABCD234")))
        let (second, bob) = try harness.seat(.join, key: 2, name: "bob")
        #expect(second.seat == .seat(1))
        #expect(second.arguments.contains("alice,bob"))
        #expect(try bob.next() == .hello(TableHello(seat: .seat(1), seed: 42, theme: "Animals", names: ["alice", "bob"], invitation: "ssh -t -p 2222 example.org join ABCD234")))
        #expect(try alice.next { $0 == .status(.seated(seat: 1, name: "bob")) } != nil, "seat 1 hears seat 2 sat down")
        let deal = TableMessage.ordered(sequence: 0, TimedIntent(.deal, at: 0, seat: 0))
        #expect(try alice.next { if case .ordered = $0 { true } else { false } } == deal)
        #expect(try bob.next { if case .ordered = $0 { true } else { false } } == deal)

        // Out of turn (bob first): forwarded to both in order; the model refuses it in each.
        bob.send(.intent(.choose(cardID: 4)))
        alice.send(.intent(.choose(cardID: 9)))
        for game in [alice, bob] {
            let one = try game.next { if case .ordered = $0 { true } else { false } }
            let two = try game.next { if case .ordered = $0 { true } else { false } }
            guard case .ordered(1, let b)? = one, case .ordered(2, let a)? = two else {
                Issue.record("expected ordered 1 and 2, got \(String(describing: one)) \(String(describing: two))")
                continue
            }
            #expect(b.seat == 1 && b.intent == .choose(cardID: 4))
            #expect(a.seat == 0 && a.intent == .choose(cardID: 9))
            #expect(a.time >= b.time)
        }
    }

    @Test func aWatcherSeesTheLogAndCannotPlay() throws {
        let harness = Harness()
        let (_, alice) = try harness.seat(.open, key: 1, name: "alice")
        let (_, bob) = try harness.seat(.join, key: 2, name: "bob")
        _ = try alice.next { if case .ordered = $0 { true } else { false } }
        alice.send(.intent(.choose(cardID: 1)))
        _ = try bob.next { if case .ordered(1, _) = $0 { true } else { false } }
        let (watching, watcher) = try harness.seat(.watch, key: 3, name: "carol")
        #expect(watching.seat == .watcher)
        #expect(try watcher.next() == .hello(TableHello(seat: .watcher, seed: 42, theme: "Animals", names: ["alice", "bob"], invitation: "ssh -t -p 2222 example.org join ABCD234", catchUp: 2)))
        // Catch-up: the whole log so far, in order.
        #expect(try watcher.next() == .ordered(sequence: 0, TimedIntent(.deal, at: 0, seat: 0)))
        guard case .ordered(1, let chosen)? = try watcher.next() else { Issue.record("no catch-up"); return }
        #expect(chosen.intent == .choose(cardID: 1))
        #expect(try alice.next { $0 == .status(.watchers(1)) } != nil, "the seats see how many watch")
        watcher.send(.intent(.choose(cardID: 2)))
        alice.send(.intent(.choose(cardID: 3)))
        guard case .ordered(2, let next)? = try bob.next(where: { if case .ordered = $0 { true } else { false } }) else {
            Issue.record("no ordered intent")
            return
        }
        #expect(next.seat == 0 && next.intent == .choose(cardID: 3), "the watcher's choose never reached the log")
    }

    @Test func garbageAndOversizeEndTheSender() throws {
        for bad in [Array("hello\n".utf8), [1, 0xFF, 0xFF, 1], TableFrame(kind: .intent, text: "0.5 1 choose 3").bytes!,
                    TableMessage.status(.ended(reason: "I say so")).frame.bytes!] {
            let harness = Harness()
            let (first, alice) = try harness.seat(.open, key: 1, name: "alice")
            let (_, bob) = try harness.seat(.join, key: 2, name: "bob")
            _ = try alice.next { if case .ordered = $0 { true } else { false } }
            alice.send(bad)
            #expect(try alice.closed(), "the table hung up on \(bad.prefix(8))")
            try eventually("the sender's game to be stopped") { harness.stops.reasons.withLock { $0[first.memberID] } != nil }
            #expect(harness.stops.reasons.withLock { $0[first.memberID] }?.contains("broke the table's protocol") == true)
            // Alice's seat is held for her key (a key, not a guest); bob is told, and nothing was believed.
            #expect(try bob.next { if case .status(.waiting(0, _, "alice")) = $0 { true } else { false } } != nil)
            #expect(!bob.pending.contains { if case .ordered(1, _) = $0 { true } else { false } })
        }
    }

    /// A daily run's report has no place at a table: refused and logged (once, however many
    /// come), and the seat plays on — nothing else ends.
    @Test func aReportAtATableIsRefusedAndLoggedAndTheSeatPlaysOn() throws {
        let log = CapturedLog()
        let harness = Harness(logger: log.logger)
        let (first, alice) = try harness.seat(.open, key: 1, name: "alice")
        let (_, bob) = try harness.seat(.join, key: 2, name: "bob")
        for game in [alice, bob] { _ = try game.next { if case .ordered = $0 { true } else { false } } }   // the deal
        let report = DailyReport(date: DailyDate(daysSinceEpoch: 20_000)!, score: 2, moves: 1, intents: "0.0 0 deal")
        for _ in 0..<3 { for message in report.messages { alice.send(message) } }
        alice.send(.intent(.choose(cardID: 9)))
        let entry = try bob.next { if case .ordered = $0 { true } else { false } }
        guard case .ordered(1, let timed)? = entry else {
            Issue.record("alice's choose after her report never reached the log: \(String(describing: entry))")
            return
        }
        #expect(timed.seat == 0 && timed.intent == .choose(cardID: 9))
        #expect(log.count(of: "daily report refused: not a daily session") == 1, "\(log.text)")
        #expect(!log.text.contains("violation"), "\(log.text)")
        #expect(harness.stops.reasons.withLock { $0[first.memberID] } == nil)
        #expect(!(try alice.closed(timeout: 0.3)))
    }

    @Test func aThirdKeyIsRefusedAndTheSameKeyGetsItsSeatBack() throws {
        let harness = Harness()
        let (_, alice) = try harness.seat(.open, key: 1, name: "alice")
        let (second, bob) = try harness.seat(.join, key: 2, name: "bob")
        _ = try alice.next { if case .ordered = $0 { true } else { false } }
        alice.send(.intent(.choose(cardID: 5)))
        _ = try alice.next { if case .ordered(1, _) = $0 { true } else { false } }
        guard case .failure(let full) = try harness.reserve(.join, key: 3, name: "mallory") else {
            Issue.record("a third key sat down")
            return
        }
        #expect(full.description.contains("is full") && full.description.contains("ssh -t -p 2222 example.org watch ABCD234"))
        // Bob's link drops: held for his key; alice is told with the time left.
        bob.hangUp()
        guard case .status(.waiting(1, let seconds, "bob"))? = try alice.next(where: { if case .status(.waiting) = $0 { true } else { false } }) else {
            Issue.record("no waiting status")
            return
        }
        #expect(seconds == 60)
        let (back, bobAgain) = try harness.seat(.join, key: 2, name: "bob")
        #expect(back.seat == second.seat && back.resumed)
        #expect(try bobAgain.next() == .hello(TableHello(seat: .seat(1), seed: 42, theme: "Animals", names: ["alice", "bob"], invitation: "ssh -t -p 2222 example.org join ABCD234", catchUp: 2)))
        #expect(try bobAgain.next() == .ordered(sequence: 0, TimedIntent(.deal, at: 0, seat: 0)))
        guard case .ordered(1, let caughtUp)? = try bobAgain.next() else { Issue.record("no catch-up"); return }
        #expect(caughtUp.intent == .choose(cardID: 5))
        #expect(try alice.next { $0 == .status(.seated(seat: 1, name: "bob")) } != nil)
    }

    @Test func anExpiredHoldEndsTheTableForEveryone() throws {
        var limits = TableLimits()
        limits.seatHold = .milliseconds(300)
        let harness = Harness(limits: limits)
        let (_, alice) = try harness.seat(.open, key: 1, name: "alice")
        let (_, bob) = try harness.seat(.join, key: 2, name: "bob")
        _ = try alice.next { if case .ordered = $0 { true } else { false } }
        bob.hangUp()
        #expect(try alice.next { $0 == .status(.ended(reason: "bob did not come back within 300ms")) } != nil)
        guard case .failure(let ended) = try harness.reserve(.join, key: 2, name: "bob") else {
            Issue.record("an ended table seated someone")
            return
        }
        #expect(ended.description.contains("has ended"))
    }

    @Test func aGuestsDroppedSeatEndsTheTable() throws {
        let harness = Harness()
        let (_, alice) = try harness.seat(.open, key: nil, name: "guest")
        // The guest's game is told (its bottom line says so: stderr is covered by the screen).
        guard case .hello(let guestHello)? = try alice.next() else { Issue.record("no hello"); return }
        #expect(guestHello.guestSeat)
        let (_, bob) = try harness.seat(.join, key: 2, name: "bob")
        guard case .hello(let keyHello)? = try bob.next() else { Issue.record("no hello"); return }
        #expect(!keyHello.guestSeat)
        let (_, watcher) = try harness.seat(.watch, key: nil, name: "guest")
        guard case .hello(let watcherHello)? = try watcher.next() else { Issue.record("no hello"); return }
        #expect(!watcherHello.guestSeat, "a watcher has no seat to lose")
        _ = try bob.next { if case .ordered = $0 { true } else { false } }
        alice.hangUp()
        #expect(try bob.next { if case .status(.ended(let reason)) = $0 { reason.contains("guest's seat cannot be taken back") } else { false } } != nil)
    }

    @Test func watchersAreBounded() throws {
        var limits = TableLimits()
        limits.maxWatchersPerTable = 1
        let harness = Harness(limits: limits)
        let (_, alice) = try harness.seat(.open, key: 1, name: "alice")
        let (_, first) = try harness.seat(.watch, key: 5, name: "w1")
        // Both still connected (a closed channel would free the place).
        #expect(try first.next() != nil && alice.next() != nil)
        guard case .failure(let refusal) = try harness.reserve(.watch, key: 6, name: "w2") else {
            Issue.record("a second watcher")
            return
        }
        #expect(refusal.description.contains("as many watchers as it takes (1)"))
    }

    @Test func anIdleTableEnds() throws {
        var limits = TableLimits()
        limits.idleTimeout = .milliseconds(300)
        let harness = Harness(limits: limits)
        let (_, alice) = try harness.seat(.open, key: 1, name: "alice")
        let table = harness.table
        table.eventLoop.execute { table.scheduleIdleCheck(after: .milliseconds(300)) }
        #expect(try alice.next { $0 == .status(.ended(reason: "nothing happened at the table for 300ms")) } != nil)
    }

    @Test func aFullLogEndsTheTable() throws {
        var limits = TableLimits()
        limits.maxLogLength = 3
        let harness = Harness(limits: limits)
        let (_, alice) = try harness.seat(.open, key: 1, name: "alice")
        let (_, bob) = try harness.seat(.join, key: 2, name: "bob")
        _ = try bob.next { if case .ordered = $0 { true } else { false } }
        for card in 0..<3 { alice.send(.intent(.choose(cardID: card))) }
        #expect(try bob.next { $0 == .status(.ended(reason: "the table's log is full (3 intents)")) } != nil)
        #expect(!bob.pending.contains { if case .ordered(3, _) = $0 { true } else { false } })
    }
}
