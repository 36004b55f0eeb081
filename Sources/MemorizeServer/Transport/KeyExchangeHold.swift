import Logging
import NIOCore
import NIOSSH

/// Keeps a session channel's messages through a key exchange the client started.
///
/// While a key exchange is under way only its own messages may be sent (RFC 4253 §7.1), and
/// swift-nio-ssh fails any other write's promise then: the bytes are gone. A client that rekeys
/// (OpenSSH's `RekeyLimit`, PuTTY every hour) would lose a frame of the game (its screen stays
/// wrong: the game draws only what changed), its exit status, or the channel's close (the client
/// waits for ever). This handler, nearest the channel in each session's pipeline, keeps what was
/// refused, in order, with everything written after it, and sends it again until the exchange is
/// over: after 5 ms, then twice as long each time up to 100 ms (a quick exchange costs a frame's
/// delay, a stalled one ten tries a second). Meanwhile it tells the session (`Holding`), which
/// stops reading the game's output, so what is kept stays one read's worth. An exchange that has
/// not ended within the handshake timeout closes the connection.
final class KeyExchangeHold: ChannelOutboundHandler {
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    /// Sent towards the session when holding starts (true) and when all that was kept went out.
    struct Holding { let isHolding: Bool }

    private enum Message {
        case data(SSHChannelData)
        case event(Any)
        case close(CloseMode)
    }

    private let firstRetry: TimeAmount
    private let lastRetry: TimeAmount
    private var nextRetry: TimeAmount
    private let limit: Duration
    private let logger: Logger
    private var held = CircularBuffer<(Message, EventLoopPromise<Void>?)>()
    private var holdingSince: NIODeadline?
    private var retry: Scheduled<Void>?

    init(limit: Duration, firstRetry: TimeAmount = .milliseconds(5), lastRetry: TimeAmount = .milliseconds(100), logger: Logger) {
        self.limit = limit
        self.firstRetry = firstRetry
        self.lastRetry = lastRetry
        self.nextRetry = firstRetry
        self.logger = logger
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        pass(.data(unwrapOutboundIn(data)), promise, context: context)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        pass(.event(event), promise, context: context)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        pass(.close(mode), promise, context: context)
    }

    /// Behind what is kept, a message waits its turn; else it goes now.
    private func pass(_ message: Message, _ promise: EventLoopPromise<Void>?, context: ChannelHandlerContext) {
        if held.isEmpty { send(message, promise, context: context, flush: false) } else { held.append((message, promise)) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        dropHeld()
    }

    private func dropHeld() {
        retry?.cancel()
        retry = nil
        while let (_, promise) = held.popFirst() { promise?.fail(ChannelError.ioOnClosedChannel) }
    }

    /// Hands one message on. A refusal comes back at once, inside the flush that delivers it (the
    /// library fails the promise there), so messages refused together are kept in their order.
    private func send(_ message: Message, _ promise: EventLoopPromise<Void>?, context: ChannelHandlerContext, flush: Bool) {
        switch message {
        case .data(let data):
            context.write(wrapOutboundOut(data), promise: attempt(message, promise, context: context))
            if flush { context.flush() }
        case .event(let event):
            context.triggerUserOutboundEvent(event, promise: attempt(message, promise, context: context))
        case .close(let mode):
            // The library sends the close without a promise of its own, and marks it sent even when
            // it was refused; an empty data message (RFC 4254 allows it) asks first whether an
            // exchange is under way. (With the client's window full it waits, and the close goes.)
            var refused = false
            let probe = context.eventLoop.makePromise(of: Void.self)
            probe.futureResult.assumeIsolated().whenFailure { error in refused = Self.isRefusal(error) }
            context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer()))), promise: probe)
            if refused { hold(message, promise, context: context) } else { context.close(mode: mode, promise: promise) }
        }
    }

    /// The promise one try of `message` is made with: it settles the caller's, or keeps the message.
    private func attempt(_ message: Message, _ promise: EventLoopPromise<Void>?, context: ChannelHandlerContext) -> EventLoopPromise<Void> {
        let attempt = context.eventLoop.makePromise(of: Void.self)
        attempt.futureResult.assumeIsolated().whenComplete { [self] result in
            settle(message, promise, result, context: context)
        }
        return attempt
    }

    private func settle(_ message: Message, _ promise: EventLoopPromise<Void>?, _ result: Result<Void, Error>,
                        context: ChannelHandlerContext) {
        switch result {
        case .success: promise?.succeed(())
        case .failure(let error) where Self.isRefusal(error): hold(message, promise, context: context)
        case .failure(let error): promise?.fail(error)
        }
    }

    private func hold(_ message: Message, _ promise: EventLoopPromise<Void>?, context: ChannelHandlerContext) {
        held.append((message, promise))
        if holdingSince == nil {
            holdingSince = .now()
            nextRetry = firstRetry
            logger.debug("holding the channel's output through a key exchange")
            context.fireUserInboundEventTriggered(Holding(isHolding: true))
        }
        guard retry == nil else { return }
        let delay = nextRetry
        nextRetry = min(nextRetry * 2, lastRetry)
        retry = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            retry = nil
            sendHeld(context: context)
        }
    }

    /// Everything kept goes out again, each message flushed before the next (an event is delivered
    /// at once, data at its flush). Refused again, it is kept again, in order, for the next try.
    private func sendHeld(context: ChannelHandlerContext) {
        if let holdingSince, NIODeadline.now() - holdingSince > TimeAmount(limit) {
            logger.notice("closing the connection", metadata: ["reason": "its key exchange did not end within \(DurationText.describe(limit))"])
            dropHeld()
            context.channel.parent?.close(promise: nil)
            return
        }
        let kept = held
        held.removeAll()
        for (message, promise) in kept { send(message, promise, context: context, flush: true) }
        if held.isEmpty, holdingSince != nil {
            holdingSince = nil
            context.fireUserInboundEventTriggered(Holding(isHolding: false))
        }
    }

    /// What swift-nio-ssh answers a channel message sent during a key exchange.
    private static func isRefusal(_ error: Error) -> Bool {
        (error as? NIOSSHError)?.type == .protocolViolation
    }
}
