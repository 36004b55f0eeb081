import Logging
import Memorize
import NIOCore
import TableProtocol

/// One table: two seats, its watchers, and the sequencer that orders what the seats choose. Each
/// process at the table (a seat's or a watcher's game) is a Member with its own channel; the table
/// sends every one of them the same ordered log. Apart from the SSH sessions: a session reserves
/// a place, spawns its game with the channel, and hands the channel over (Table+Links.swift).
/// Every property is touched on `eventLoop` only; callers hop there (hence @unchecked Sendable).
final class Table: @unchecked Sendable {
    enum Request: Sendable {
        /// `new`: the opener, in seat 0.
        case open
        /// `join CODE`: seat 1, or the caller's own seat back.
        case join
        /// `watch CODE`.
        case watch
    }

    struct Reservation: Sendable {
        let memberID: Int
        let seat: TableSeat
        /// The game's arguments at this table (TableSettings.gameArguments).
        let arguments: [String]
        /// A seat taken back after its link dropped.
        let resumed: Bool
    }

    enum SeatState {
        case empty
        case taken(memberID: Int, owner: KeyFingerprint?)
        case held(owner: KeyFingerprint, until: NIODeadline, timer: Scheduled<Void>)
    }

    final class Member {
        let id: Int
        let seat: TableSeat
        /// A guest's seat: not held for anyone when its link drops.
        let isGuestSeat: Bool
        var link: Channel?
        /// The host whose game this member is, when it is not this one (FleetTables).
        var remoteHost: String?
        /// That game's channel is relayed and welcomed.
        var remoteLinked = false
        var isLinked: Bool { link != nil || remoteLinked }
        /// Ends this member's game with a reason (hops to its session's loop).
        var stop: (@Sendable (String) -> Void)?
        init(id: Int, seat: TableSeat, isGuestSeat: Bool) {
            self.id = id
            self.seat = seat
            self.isGuestSeat = isGuestSeat
        }
    }

    let code: TableCode
    let eventLoop: EventLoop
    let settings: TableSettings
    let limits: TableLimits
    /// `ssh -t -p PORT HOST join CODE`: what the opener gives a friend.
    let invitation: String
    let watchLine: String
    let logger: Logger
    var sequencer: TableSequencer
    var seats: [SeatState] = Array(repeating: .empty, count: TableSeat.count)
    var names: [String?] = Array(repeating: nil, count: TableSeat.count)
    var members: [Int: Member] = [:]
    var nextMemberID = 0
    /// Why the table ended, once it has.
    var endReason: String?
    var lastActivity = NIODeadline.now()
    var timers: [Scheduled<Void>] = []
    let clockZero = NIODeadline.now()
    let removeFromRegistry: @Sendable (TableCode) -> Void
    /// Other hosts' seats and the database's registry; nil without --database.
    let fleet: FleetTables?

    init(code: TableCode, eventLoop: EventLoop, settings: TableSettings, limits: TableLimits, command: String,
         logger: Logger, fleet: FleetTables? = nil, removeFromRegistry: @escaping @Sendable (TableCode) -> Void) {
        self.code = code
        self.eventLoop = eventLoop
        self.settings = settings
        self.limits = limits
        invitation = "\(command) join \(code)"
        watchLine = "\(command) watch \(code)"
        var logger = logger
        logger[metadataKey: "table"] = "\(code)"
        self.logger = logger
        sequencer = TableSequencer(limits: .init(maxLogLength: limits.maxLogLength))
        self.removeFromRegistry = removeFromRegistry
        self.fleet = fleet
    }

    var watcherCount: Int { members.values.filter { $0.seat == .watcher }.count }

    /// Seconds on the table's clock (the sequencer's), monotonic.
    var now: Double { Double((NIODeadline.now() - clockZero).nanoseconds) / 1e9 }

    /// A place for `name` (owner: a key's fingerprint; nil for a guest), or the one line that says
    /// why not.
    func reserve(_ request: Request, owner: KeyFingerprint?, name: String, displayFlags: [String]) -> Result<Reservation, TableRefusal> {
        eventLoop.preconditionInEventLoop()
        if let endReason { return .failure(TableRefusal("table \(code) has ended (\(endReason))")) }
        var resumed = false
        let seat: TableSeat
        switch request {
        case .open:
            seat = .seat(0)
        case .watch:
            guard watcherCount < limits.maxWatchersPerTable else {
                return .failure(TableRefusal("table \(code) has as many watchers as it takes (\(limits.maxWatchersPerTable))"))
            }
            seat = .watcher
        case .join:
            if let owner, let mine = ownSeat(of: owner) {
                seat = .seat(mine)
                resumed = true
                takeBack(mine)
            } else if case .empty = seats[1] {
                seat = .seat(1)
            } else {
                return .failure(TableRefusal("table \(code) is full; to watch it: \(watchLine)"))
            }
        }
        let id = nextMemberID
        nextMemberID += 1
        members[id] = Member(id: id, seat: seat, isGuestSeat: seat != .watcher && owner == nil)
        if case .seat(let index) = seat {
            seats[index] = .taken(memberID: id, owner: owner)
            if !resumed { names[index] = name }
        }
        logger.info("table member", metadata: ["member": "\(id)", "place": "\(seat)", "resumed": "\(resumed)"])
        publishSeats()
        return .success(Reservation(memberID: id, seat: seat, arguments: settings.gameArguments(names: names, displayFlags: displayFlags),
                                    resumed: resumed))
    }

    /// The seat this key holds (dropped and held, or still taken by an older connection).
    private func ownSeat(of owner: KeyFingerprint) -> Int? {
        seats.indices.first { index in
            switch seats[index] {
            case .held(let holder, _, _): holder == owner
            case .taken(_, let holder?): holder == owner
            default: false
            }
        }
    }

    /// The key's seat is coming back: its hold ends, or its older connection is let go.
    private func takeBack(_ index: Int) {
        switch seats[index] {
        case .held(_, _, let timer): timer.cancel()
        case .taken(let oldID, _):
            // Forget the old member first, so its closing link does not hold the seat again.
            if let old = members.removeValue(forKey: oldID) {
                if old.remoteHost != nil { fleet?.forget(code: code.description, memberID: oldID) }
                old.stop?("your seat at table \(code) was taken back from another connection")
                old.link?.close(promise: nil)
            }
        case .empty: break
        }
    }

    /// The member's game could not start: its place is given up as if its link had dropped.
    func cancel(memberID: Int) {
        linkClosed(memberID: memberID)
    }

    /// A member's channel closed (its game ended, or its player left).
    func linkClosed(memberID: Int) {
        eventLoop.preconditionInEventLoop()
        guard let member = members.removeValue(forKey: memberID) else { return }
        if member.remoteHost != nil { fleet?.forget(code: code.description, memberID: memberID) }
        guard endReason == nil else { return }
        switch member.seat {
        case .watcher:
            broadcast(.status(.watchers(watcherCount)))
        case .seat(let index):
            let name = names[index] ?? "Player \(index + 1)"
            guard case .taken(_, let owner) = seats[index], let owner else {
                return end(reason: "\(name) left, and a guest's seat cannot be taken back")
            }
            let until = NIODeadline.now() + TimeAmount(limits.seatHold)
            let timer = eventLoop.assumeIsolated().scheduleTask(deadline: until) { [self] in
                end(reason: "\(name) did not come back within \(DurationText.describe(limits.seatHold))")
            }
            seats[index] = .held(owner: owner, until: until, timer: timer)
            logger.info("seat held", metadata: ["seat": "\(index)", "for": "\(DurationText.describe(limits.seatHold))"])
            broadcast(.status(.waiting(seat: index, seconds: heldSeconds(until), name: name)))
            publishSeats()
        }
    }

    func heldSeconds(_ until: NIODeadline) -> Int {
        max(0, Int(((until - .now()).nanoseconds + 999_999_999) / 1_000_000_000))
    }

    /// The table is over for everyone: each process is told why, and its game is ended shortly
    /// after (time to show the final scores); the code stops working at once.
    func end(reason: String, linger: TimeAmount = .seconds(2)) {
        eventLoop.preconditionInEventLoop()
        guard endReason == nil else { return }
        endReason = reason
        logger.notice("table ended", metadata: ["reason": "\(reason)", "intents": "\(sequencer.log.count)"])
        removeFromRegistry(code)
        fleet?.unregister(code)
        for timer in timers { timer.cancel() }
        for case .held(_, _, let timer) in seats { timer.cancel() }
        broadcast(.status(.ended(reason: reason)))
        let everyone = Array(members.values)
        eventLoop.assumeIsolated().scheduleTask(in: linger) {
            for member in everyone {
                member.stop?("the table has ended: \(reason)")
                if member.remoteHost != nil { self.fleet?.forget(code: self.code.description, memberID: member.id) }
            }
        }
    }

    /// Ends the table if nothing was chosen for the idle timeout; checks again when it could be.
    func scheduleIdleCheck(after delay: TimeAmount) {
        timers.append(eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            let due = lastActivity + TimeAmount(limits.idleTimeout)
            if NIODeadline.now() >= due {
                end(reason: "nothing happened at the table for \(DurationText.describe(limits.idleTimeout))")
            } else {
                scheduleIdleCheck(after: due - .now())
            }
        })
    }
}

/// One line for the player: why they cannot sit or watch.
struct TableRefusal: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
