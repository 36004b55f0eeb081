import Logging
import Memorize
import NIOCore
import NIOPosix
import TableProtocol
#if canImport(Glibc)
import Glibc
#endif

extension Table {
    /// The member's game has started with the other end of `descriptor`: the channel is watched
    /// on the table's loop, and the member is told where it sits and everything so far (the whole
    /// log: a resumed seat or a late watcher catches up by applying it). With both seats taken
    /// the first time, the table deals.
    func attach(memberID: Int, descriptor: Int32, stop: @escaping @Sendable (String) -> Void) {
        eventLoop.preconditionInEventLoop()
        guard let member = members[memberID], endReason == nil else {
            Self.close(descriptor)
            stop("the table has ended: \(endReason ?? "your place was given up")")
            return
        }
        member.stop = stop
        NIOPipeBootstrap(group: eventLoop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: false)
            .takingOwnershipOfDescriptor(inputOutput: descriptor)
            .assumeIsolated()
            .whenComplete { [self] result in
                switch result {
                case .success(let channel):
                    do {
                        try channel.pipeline.syncOperations.addHandler(TableLink(table: self, memberID: memberID))
                    } catch {
                        channel.close(promise: nil)
                        return
                    }
                    guard members[memberID] === member else { return channel.close(promise: nil) }
                    member.link = channel
                    welcome(member)
                case .failure(let error):
                    logger.notice("cannot watch a table channel", metadata: ["error": "\(error)"])
                    stop("the server cannot seat you right now; try again later")
                    linkClosed(memberID: memberID)
                }
            }
    }

    /// The member's channel is watched (here, or relayed from its host): its place and the log so far.
    func welcome(_ member: Member) {
        send(.hello(TableHello(seat: member.seat, seed: settings.seed, theme: settings.theme, names: names,
                               invitation: invitation, catchUp: sequencer.log.count,
                               guestSeat: member.isGuestSeat)), to: member)
        for (sequence, timed) in sequencer.log.enumerated() {
            send(.ordered(sequence: sequence, timed), to: member)
        }
        for index in seats.indices {
            let name = names[index] ?? "Player \(index + 1)"
            switch seats[index] {
            case .taken: send(.status(.seated(seat: index, name: name)), to: member)
            case .held(_, let until, _): send(.status(.waiting(seat: index, seconds: heldSeconds(until), name: name)), to: member)
            case .empty: break
            }
        }
        if case .seat(let index) = member.seat {
            for other in members.values where other !== member {
                send(.status(.seated(seat: index, name: names[index] ?? "Player \(index + 1)")), to: other)
            }
        }
        broadcast(.status(.watchers(watcherCount)))
        let seated = seats.allSatisfy { if case .taken = $0 { true } else { false } }
        let linked = members.values.filter { if case .seat = $0.seat { $0.isLinked } else { false } }.count == TableSeat.count
        if seated, linked, !sequencer.isDealt, let deal = sequencer.deal(now: now) {
            lastActivity = .now()
            logger.info("table dealt")
            broadcast(.ordered(sequence: deal.sequence, deal.timed))
        }
    }

    /// A message from a member's game. Only intents travel this way; whatever the sequencer
    /// refuses (a watcher's, too fast, not yet dealt) is dropped, never forwarded.
    func received(_ message: TableMessage, from memberID: Int) {
        guard let member = members[memberID], endReason == nil else { return }
        guard case .intent(let intent) = message else {
            return violation(memberID: memberID, problem: "sent a table's message as if it were the table")
        }
        switch sequencer.accept(intent, from: member.seat, now: now) {
        case .success(let entry):
            lastActivity = .now()
            broadcast(.ordered(sequence: entry.sequence, entry.timed))
        case .failure(let refusal):
            logger.debug("intent dropped", metadata: ["member": "\(memberID)", "reason": "\(refusal)"])
            if refusal == .logFull { end(reason: "the table's log is full (\(limits.maxLogLength) intents)") }
        }
    }

    /// Garbage or an oversize frame: the member's game is ended, not believed.
    func violation(memberID: Int, problem: String) {
        guard let member = members[memberID] else { return }
        logger.notice("table channel violation; ending the member's game", metadata: ["member": "\(memberID)", "problem": "\(problem)"])
        member.stop?("your game broke the table's protocol and was ended")
        member.link?.close(promise: nil)
    }

    func broadcast(_ message: TableMessage) {
        for member in members.values { send(message, to: member) }
    }

    func send(_ message: TableMessage, to member: Member) {
        if let host = member.remoteHost {
            // Relayed unchanged to the member's host, once its game is there to read it.
            guard member.remoteLinked, let fleet, let bytes = message.frame.bytes else { return }
            return fleet.send(.frames(code: code.description, member: member.id, bytes: bytes), to: host)
        }
        guard let link = member.link, let bytes = message.frame.bytes else { return }
        var buffer = link.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        link.writeAndFlush(buffer, promise: nil)
    }

    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}

/// The server's end of one member's table channel: bytes to frames to messages. The first frame
/// that is not one ends the member (TableFrameDecoder does not resynchronise).
final class TableLink: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let table: Table
    let memberID: Int
    var decoder = TableFrameDecoder()
    /// A report was refused already (so a flood of them is logged once).
    var reportRefused = false

    init(table: Table, memberID: Int) {
        self.table = table
        self.memberID = memberID
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        switch decoder.feed(buffer.readableBytesView) {
        case .success(let frames):
            for frame in frames {
                guard let message = TableMessage(frame: frame) else {
                    return table.violation(memberID: memberID, problem: TableFrame.Problem.badPayload(frame.kind).description)
                }
                switch message {
                case .reportPart, .reportEnd:
                    // A daily run's report has no place at a table (it ranks nothing here): refused
                    // and logged once, and the game plays on.
                    if !reportRefused {
                        reportRefused = true
                        table.logger.notice("daily report refused: not a daily session", metadata: ["member": "\(memberID)"])
                    }
                default:
                    table.received(message, from: memberID)
                }
            }
        case .failure(let problem):
            table.violation(memberID: memberID, problem: problem.description)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        table.linkClosed(memberID: memberID)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
