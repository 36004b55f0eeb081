import Logging
import MemorizeLeaderboard
import NIOCore
import NIOPosix
import TableProtocol

/// A place at a table on another host, as that host granted it.
struct RemotePlace: Sendable {
    let host: String
    let code: String
    let memberID: Int
    let reservation: RemoteReservation
}

/// The joiner's host: it asks the table's host for a place, and relays its game's table channel
/// to that host and back.
extension FleetTables {
    /// `join`/`watch` of a code this host does not hold: the table's host, found in the database,
    /// is asked for a place; the answer (or why not) completes on `loop`.
    func reserveRemote(_ code: TableCode, watch: Bool, owner: KeyFingerprint?, name: String,
                       on loop: EventLoop) -> EventLoopFuture<Result<RemotePlace, TableRefusal>> {
        let promise = loop.makePromise(of: Result<RemotePlace, TableRefusal>.self)
        let unknown = TableRefusal("no table has the code \"\(code)\" (codes are 7 letters and digits, and end with their table)")
        guard let fleet else {
            promise.succeed(.failure(unknown))
            return promise.futureResult
        }
        let lease = leaseSeconds
        Task { [self] in
            let location: PostgresFleet.Location
            do {
                location = try await fleet.locate(code: code.description, lease: lease)
            } catch {
                logger.warning("a table's host cannot be looked up", metadata: ["error": "\(error)"])
                return promise.succeed(.failure(TableRefusal("the server cannot reach table \(code) right now; try again later")))
            }
            switch location {
            case .unknown: return promise.succeed(.failure(unknown))
            case .hostGone: return promise.succeed(.failure(TableRefusal("table \(code) has ended (its host stopped answering)")))
            case .host(let host) where host == fleet.hostID: return promise.succeed(.failure(unknown))
            case .host(let host):
                let request = state.withLock { state -> UInt32? in
                    guard state.pending.count < settings.maximumPendingRequests else { return nil }
                    let request = state.nextRequest
                    state.nextRequest &+= 1
                    state.pending[request] = (host, code.description, promise)
                    return request
                }
                guard let request else {
                    return promise.succeed(.failure(TableRefusal("the server is busy reaching other hosts; try again later")))
                }
                send(.reserve(code: code.description, request: request, watch: watch, owner: owner, name: name), to: host)
                loop.scheduleTask(in: TimeAmount(settings.requestTimeout)) { [self] in
                    guard let waiting = state.withLock({ $0.pending.removeValue(forKey: request) }) else { return }
                    waiting.promise.succeed(.failure(TableRefusal("table \(code)'s host did not answer; try again later")))
                }
            }
        }
        return promise.futureResult
    }

    func seatReceived(_ envelope: FleetEnvelope) {
        let from = envelope.from
        switch envelope.message {
        case .reserved(let code, let request, let member, let reservation):
            guard let waiting = answered(request, code: code, from: from) else { return }
            waiting.succeed(.success(RemotePlace(host: from, code: code, memberID: member, reservation: reservation)))
        case .refused(let code, let request, let reason):
            answered(request, code: code, from: from)?.succeed(.failure(TableRefusal(reason)))
        case .frames(let code, let member, let bytes):
            state.withLock { $0.seatsHere[Self.seatKey(from, code, member)] }?.deliver(bytes)
        case .stop(let code, let member, let reason):
            state.withLock { $0.seatsHere[Self.seatKey(from, code, member)] }?.stop(reason)
        case .reserve, .attached, .closed:
            break
        }
    }

    /// The request's promise, if `from` is the host it was asked of, about that table.
    private func answered(_ request: UInt32, code: String, from: String) -> EventLoopPromise<Result<RemotePlace, TableRefusal>>? {
        state.withLock { state in
            guard let waiting = state.pending[request], waiting.host == from, waiting.code == code else { return nil }
            state.pending[request] = nil
            return waiting.promise
        }
    }

    static func seatKey(_ host: String, _ code: String, _ member: Int) -> String { "\(host)/\(code)/\(member)" }

    /// The game has started with the other end of `descriptor`: its channel is relayed to the
    /// table's host, which is then told to welcome it. `stop` ends the game with a reason.
    func attach(_ place: RemotePlace, descriptor: Int32, on loop: EventLoop, stop: @escaping @Sendable (String) -> Void) {
        let seat = RemoteSeat(place: place, fleet: self, loop: loop, stop: stop)
        state.withLock { $0.seatsHere[Self.seatKey(place.host, place.code, place.memberID)] = seat }
        NIOPipeBootstrap(group: loop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: false)
            .takingOwnershipOfDescriptor(inputOutput: descriptor)
            .whenComplete { [self] result in
                switch result {
                case .success(let channel):
                    channel.eventLoop.execute { [self] in
                        do {
                            try channel.pipeline.syncOperations.addHandler(RemoteSeatLink(seat: seat))
                        } catch {
                            channel.close(promise: nil)
                            return
                        }
                        seat.linked(channel)
                        send(.attached(code: place.code, member: place.memberID), to: place.host)
                    }
                case .failure(let error):
                    logger.notice("cannot watch a table channel", metadata: ["error": "\(error)"])
                    stop("the server cannot seat you right now; try again later")
                    seat.closed()
                }
            }
    }

    func left(_ seat: RemoteSeat) {
        let place = seat.place
        _ = state.withLock { $0.seatsHere.removeValue(forKey: Self.seatKey(place.host, place.code, place.memberID)) }
        send(.closed(code: place.code, member: place.memberID), to: place.host)
    }
}

/// One game on this host whose table is on another: frames from its channel go to the table's
/// host; frames from there, checked, go to its channel. Touched on `loop` only.
final class RemoteSeat: @unchecked Sendable {
    let place: RemotePlace
    let fleet: FleetTables
    let loop: EventLoop
    let stopGame: @Sendable (String) -> Void
    private var channel: Channel?
    private var decoder = TableFrameDecoder()
    private var ended = false
    var host: String { place.host }

    init(place: RemotePlace, fleet: FleetTables, loop: EventLoop, stop: @escaping @Sendable (String) -> Void) {
        self.place = place
        self.fleet = fleet
        self.loop = loop
        stopGame = stop
    }

    func linked(_ channel: Channel) {
        loop.preconditionInEventLoop()
        self.channel = channel
    }

    /// Bytes from the table's host: whole frames, each a message of the table, or dropped.
    func deliver(_ bytes: [UInt8]) {
        loop.execute { [self] in
            guard let channel, !ended else { return }
            var decoder = TableFrameDecoder()
            guard case .success(let frames) = decoder.feed(bytes), decoder.bufferedByteCount == 0 else {
                return fleet.logger.notice("garbled frames from a table's host were dropped", metadata: ["table": "\(place.code)"])
            }
            for frame in frames {
                guard let message = TableMessage(frame: frame), let out = frame.bytes else { continue }
                if case .intent = message { continue }
                var buffer = channel.allocator.buffer(capacity: out.count)
                buffer.writeBytes(out)
                channel.writeAndFlush(buffer, promise: nil)
            }
        }
    }

    /// Bytes from the game: intents go to the table's host; anything else ends the game, as at a
    /// local table.
    func fromGame(_ bytes: ByteBufferView) {
        switch decoder.feed(bytes) {
        case .success(let frames):
            for frame in frames {
                guard let message = TableMessage(frame: frame) else { return violation() }
                switch message {
                case .intent:
                    if let out = frame.bytes { fleet.send(.frames(code: place.code, member: place.memberID, bytes: out), to: place.host) }
                case .reportPart, .reportEnd:
                    break
                default:
                    return violation()
                }
            }
        case .failure:
            violation()
        }
    }

    private func violation() {
        fleet.logger.notice("table channel violation; ending the member's game", metadata: ["table": "\(place.code)"])
        stopGame("your game broke the table's protocol and was ended")
        channel?.close(promise: nil)
    }

    /// The table's host is gone: the game hears that the table ended, then is ended.
    func tableHostGone() {
        loop.execute { [self] in
            guard !ended else { return }
            fleet.logger.notice("a table's host is gone; its seat here is told the table ended", metadata: ["table": "\(place.code)", "host": "\(host)"])
            let reason = "the table's host stopped answering"
            if let channel, let out = TableMessage.status(.ended(reason: reason)).frame.bytes {
                var buffer = channel.allocator.buffer(capacity: out.count)
                buffer.writeBytes(out)
                channel.writeAndFlush(buffer, promise: nil)
            }
            ended = true
            fleet.forgetSeat(self)
            loop.scheduleTask(in: .seconds(2)) { [self] in stopGame("the table has ended: \(reason)") }
        }
    }

    /// The game's channel closed: the table's host is told, as a dropped link.
    func closed() {
        loop.execute { [self] in
            guard !ended else { return }
            ended = true
            fleet.left(self)
        }
    }

    /// The table's host ends this game (the table ended, or the seat was taken back elsewhere).
    func stop(_ reason: String) {
        stopGame(reason)
    }
}

extension FleetTables {
    func forgetSeat(_ seat: RemoteSeat) {
        let place = seat.place
        _ = state.withLock { $0.seatsHere.removeValue(forKey: Self.seatKey(place.host, place.code, place.memberID)) }
    }
}

/// The relay's end of a remote seat's table channel.
final class RemoteSeatLink: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let seat: RemoteSeat

    init(seat: RemoteSeat) {
        self.seat = seat
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        seat.fromGame(unwrapInboundIn(data).readableBytesView)
    }

    func channelInactive(context: ChannelHandlerContext) {
        seat.closed()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
