import Logging
import MemorizeLeaderboard
import NIOCore
import TableProtocol

/// The table's host: places asked for by other hosts, their members' frames in and out, and the
/// registry rows of this host's tables.
extension FleetTables {
    func hostReceived(_ envelope: FleetEnvelope) {
        let from = envelope.from
        switch envelope.message {
        case .reserve(let code, let request, let watch, let owner, let name):
            guard let table = tables.table(code) else {
                return send(.refused(code: code, request: request, reason: "table \(code) has ended, or no table has that code"), to: from)
            }
            let name = TableName.neutralised(name) ?? TableName.fallback
            table.eventLoop.execute { [self] in
                switch table.reserve(watch ? .watch : .join, owner: owner, name: name, displayFlags: []) {
                case .success(let reservation):
                    guard let member = table.members[reservation.memberID] else { return }
                    member.remoteHost = from
                    member.stop = { [self] reason in send(.stop(code: code, member: reservation.memberID, reason: reason), to: from) }
                    state.withLock { $0.hostedRemote[Self.key(code, reservation.memberID)] = (table, reservation.memberID, from) }
                    send(.reserved(code: code, request: request, member: reservation.memberID,
                                   RemoteReservation(seat: reservation.seat, resumed: reservation.resumed, guestSeat: member.isGuestSeat,
                                                     seed: table.settings.seed, theme: table.settings.theme, names: table.names)), to: from)
                case .failure(let refusal):
                    send(.refused(code: code, request: request, reason: refusal.description), to: from)
                }
            }
        case .attached(let code, let memberID):
            onHostedMember(code, memberID, from: from) { table, member in
                member.remoteLinked = true
                table.welcome(member)
            }
        case .closed(let code, let memberID):
            onHostedMember(code, memberID, from: from) { table, _ in table.linkClosed(memberID: memberID) }
        case .frames(let code, let memberID, let bytes):
            onHostedMember(code, memberID, from: from) { [self] table, member in
                // The joiner's host checked these already; they are checked again, as any peer's.
                var decoder = TableFrameDecoder()
                guard case .success(let frames) = decoder.feed(bytes), decoder.bufferedByteCount == 0 else {
                    return logger.notice("garbled frames from another host were dropped", metadata: ["table": "\(code)", "member": "\(memberID)"])
                }
                for frame in frames {
                    guard let message = TableMessage(frame: frame), case .intent = message else { continue }
                    guard member.isLinked else { continue }
                    table.received(message, from: memberID)
                }
            }
        case .reserved, .refused, .stop:
            break
        }
    }

    /// `work` on the table's loop, for a member whose game runs on `from`; anything else is dropped.
    private func onHostedMember(_ code: String, _ memberID: Int, from: String, _ work: @escaping @Sendable (Table, Table.Member) -> Void) {
        guard let entry = state.withLock({ $0.hostedRemote[Self.key(code, memberID)] }), entry.host == from else { return }
        entry.table.eventLoop.execute {
            guard let member = entry.table.members[memberID], member.remoteHost == from else { return }
            work(entry.table, member)
        }
    }

    /// The member has left the table (its link closed, or the table ended).
    func forget(code: String, memberID: Int) {
        _ = state.withLock { $0.hostedRemote.removeValue(forKey: Self.key(code, memberID)) }
    }

    /// The other hosts this host's tables and seats depend on, checked against their leases: a
    /// seat whose host is gone is held as a dropped link is; a table whose host is gone ends.
    func watchHosts(_ fleet: PostgresFleet) async {
        let (hosted, seats) = state.withLock { (Array($0.hostedRemote.values), Array($0.seatsHere.values)) }
        let hosts = Set(hosted.map(\.host) + seats.map(\.host))
        guard !hosts.isEmpty else { return }
        let alive: Set<String>
        do {
            alive = try await fleet.alive(Array(hosts), lease: leaseSeconds)
        } catch {
            // The database is away: nobody is declared gone on its word.
            return logger.warning("the other hosts' leases cannot be read", metadata: ["error": "\(error)"])
        }
        for entry in hosted where !alive.contains(entry.host) {
            logger.notice("a seat's host is gone; its seat is held as a dropped link", metadata: ["table": "\(entry.table.code)", "host": "\(entry.host)"])
            entry.table.eventLoop.execute { entry.table.linkClosed(memberID: entry.memberID) }
        }
        for seat in seats where !alive.contains(seat.host) {
            seat.tableHostGone()
        }
    }

    /// A new table on this host: its code is claimed in the database before anyone is told it.
    func register(_ code: TableCode, on loop: EventLoop) -> EventLoopFuture<Bool> {
        let promise = loop.makePromise(of: Bool.self)
        guard let fleet else {
            logger.warning("the database is not reachable yet: table \(code) is known to this host only")
            promise.succeed(true)
            return promise.futureResult
        }
        let lease = leaseSeconds
        Task { [logger] in
            do {
                promise.succeed(try await fleet.register(code: code.description, lease: lease))
            } catch {
                logger.warning("table not registered: known to this host only", metadata: ["table": "\(code)", "error": "\(error)"])
                promise.succeed(true)
            }
        }
        return promise.futureResult
    }

    /// Who sits at `table` and until when a seat is held, for the registry row.
    func publish(_ code: TableCode, seats: [String?], heldFor: [Double?]) {
        enqueue(.write { fleet in try await fleet.update(code: code.description, seats: seats, heldFor: heldFor) })
    }

    func unregister(_ code: TableCode) {
        enqueue(.write { fleet in try await fleet.remove(code: code.description) })
    }
}
