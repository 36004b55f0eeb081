import Foundation
import Logging
import MemorizeLeaderboard
import NIOCore
import Synchronization

/// Tables across hosts (`--database postgres://…`): a table stays on the host that opened it, with
/// its sequencer; a seat or watcher whose SSH session landed on another host reaches it through
/// PostgreSQL. Each host LISTENs on its own channel and NOTIFYs the others (FleetEnvelope): the
/// joiner's host asks the table's host for a place, starts the game as for a local seat, and
/// relays the table channel's frames both ways, unchanged. Each host renews a lease in the
/// database; a host whose lease runs out is gone, and so are its tables and the links of its seats.
final class FleetTables: Sendable {
    struct Settings: Sendable {
        /// A host that has not renewed its lease for this long is gone (`--host-lease`).
        var lease: Duration = .seconds(10)
        /// Messages waiting to be sent; beyond this, the newest are dropped (and logged).
        var maximumOutbox = 20_000
        /// Places asked of other hosts and not yet answered.
        var maximumPendingRequests = 256
        /// How long a host waits for another to answer `join`/`watch`.
        var requestTimeout: Duration = .seconds(5)
    }

    enum Outgoing: Sendable {
        case message(host: String, FleetMessage)
        case write(@Sendable (PostgresFleet) async throws -> Void)
    }

    struct State {
        var fleet: PostgresFleet?
        var outbox: [Outgoing] = []
        var droppedOutgoing = 0
        var nextRequest: UInt32 = 1
        var pending: [UInt32: (host: String, code: String, promise: EventLoopPromise<Result<RemotePlace, TableRefusal>>)] = [:]
        /// Members at this host's tables whose games run on other hosts, by "code/member".
        var hostedRemote: [String: (table: Table, memberID: Int, host: String)] = [:]
        /// Games on this host whose tables are elsewhere, by "host/code/member".
        var seatsHere: [String: RemoteSeat] = [:]
        var garbled = 0
        var closing = false
    }

    let settings: Settings
    let url: PostgresURL
    let tables: TableRegistry
    let logger: Logger
    let state = Mutex(State())
    private let wake: AsyncStream<Void>.Continuation
    private let runner: Mutex<Task<Void, Never>?> = Mutex(nil)

    var leaseSeconds: Double { Double(settings.lease.components.seconds) + Double(settings.lease.components.attoseconds) / 1e18 }

    init(url: PostgresURL, settings: Settings, tables: TableRegistry, logger: Logger) {
        self.url = url
        self.settings = settings
        self.tables = tables
        var logger = logger
        logger[metadataKey: "part"] = "fleet"
        self.logger = logger
        let (stream, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        let task = Task { [self] in await run(wakes: stream) }
        runner.withLock { $0 = task }
    }

    /// The database's connection, once made (nil until then, or when it cannot be made).
    var fleet: PostgresFleet? { state.withLock { $0.fleet } }

    /// Connects (again every two seconds until it can), then listens, renews the lease, watches
    /// the other hosts and sends, until closed.
    private func run(wakes: AsyncStream<Void>) async {
        var fleet: PostgresFleet?
        while fleet == nil, !Task.isCancelled {
            do {
                fleet = try await PostgresFleet(url: url, logger: logger)
            } catch {
                logger.error("tables cannot reach other hosts yet: the database cannot be used", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(2))
            }
        }
        guard let fleet else { return }
        state.withLock { $0.fleet = fleet }
        logger.notice("tables reach other hosts through the database", metadata: ["host": "\(fleet.hostID)"])
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await listen(fleet) }
            group.addTask { [self] in await send(fleet, wakes: wakes) }
            group.addTask { [self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: settings.lease / 4)
                    do { try await fleet.heartbeat() } catch { logger.warning("lease not renewed", metadata: ["error": "\(error)"]) }
                    await watchHosts(fleet)
                }
            }
        }
    }

    private func listen(_ fleet: PostgresFleet) async {
        while !Task.isCancelled {
            do {
                try await fleet.listen(ready: {}) { [self] payload in received(payload) }
            } catch {
                if Task.isCancelled { return }
                logger.error("listening for other hosts failed; again in a second", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Sends the outbox in order, one NOTIFY at a time (so the other host reads them in order),
    /// with consecutive frames to one member packed into one message.
    private func send(_ fleet: PostgresFleet, wakes: AsyncStream<Void>) async {
        for await _ in wakes {
            while true {
                let items = state.withLock { state -> [Outgoing] in
                    defer { state.outbox = [] }
                    return state.outbox
                }
                if items.isEmpty { break }
                for item in Self.packed(items) {
                    do {
                        switch item {
                        case .message(let host, let message):
                            try await fleet.notify(host: host, payload: FleetEnvelope(from: fleet.hostID, message: message).text)
                        case .write(let write):
                            try await write(fleet)
                        }
                    } catch {
                        logger.warning("a message to another host was not sent", metadata: ["error": "\(error)"])
                    }
                }
            }
        }
    }

    static func packed(_ items: [Outgoing]) -> [Outgoing] {
        var packed: [Outgoing] = []
        for item in items {
            if case .message(let host, .frames(let code, let member, let bytes)) = item,
               case .message(let lastHost, .frames(let lastCode, let lastMember, let lastBytes))? = packed.last,
               lastHost == host, lastCode == code, lastMember == member,
               lastBytes.count + bytes.count <= FleetEnvelope.maximumFrameBytes {
                packed[packed.count - 1] = .message(host: host, .frames(code: code, member: member, bytes: lastBytes + bytes))
            } else {
                packed.append(item)
            }
        }
        return packed
    }

    func enqueue(_ item: Outgoing) {
        let accepted = state.withLock { state -> Bool? in
            // Before the database is reached no other host knows this one: nothing to tell.
            guard state.fleet != nil else { return nil }
            guard state.outbox.count < settings.maximumOutbox else {
                state.droppedOutgoing += 1
                return false
            }
            state.outbox.append(item)
            return true
        }
        switch accepted {
        case true?: wake.yield()
        case false?: logger.warning("the outbox to other hosts is full; a message was dropped")
        case nil: break
        }
    }

    func send(_ message: FleetMessage, to host: String) {
        enqueue(.message(host: host, message))
    }

    /// A message from another host, as the database delivered it. Anything that is not exactly
    /// one message is dropped (counted, and logged the first time).
    func received(_ payload: String) {
        guard let envelope = FleetEnvelope(text: payload) else {
            let count = state.withLock { state -> Int in
                state.garbled += 1
                return state.garbled
            }
            if count == 1 || count % 1000 == 0 {
                logger.notice("a garbled message from the database was dropped", metadata: ["count": "\(count)", "bytes": "\(payload.utf8.count)"])
            }
            return
        }
        switch envelope.message {
        case .reserve, .attached, .closed:
            hostReceived(envelope)
        case .frames where state.withLock({ $0.hostedRemote[Self.key(envelope.message.code, envelope.memberID)] != nil }):
            hostReceived(envelope)
        case .reserved, .refused, .frames, .stop:
            seatReceived(envelope)
        }
    }

    static func key(_ code: String, _ member: Int) -> String { "\(code)/\(member)" }

    /// An orderly stop: what is queued is sent (bounded), and the host's lease and tables go.
    func close(timeout: Duration = .seconds(2)) async {
        state.withLock { $0.closing = true }
        let clock = ContinuousClock()
        let end = clock.now + timeout
        while clock.now < end, state.withLock({ !$0.outbox.isEmpty && $0.fleet != nil }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
        let fleet = state.withLock { $0.fleet }
        runner.withLock { $0?.cancel() }
        await fleet?.close()
    }
}

extension FleetEnvelope {
    var memberID: Int {
        switch message {
        case .reserved(_, _, let member, _), .attached(_, let member), .frames(_, let member, _), .closed(_, let member),
             .stop(_, let member, _): member
        case .reserve, .refused: -1
        }
    }
}
