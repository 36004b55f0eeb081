import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// One SSH session channel: collects the pty request, then on shell or exec starts the game in
/// its own pty and relays bytes both ways until the game exits, whose status ends the channel.
/// Everything else a client asks of the channel (env, subsystems, a second exec) is refused.
/// Its life is `machine`'s phases (SessionPhase); the relay's state is `relay`'s.
final class GameSession: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = Never
    typealias OutboundOut = SSHChannelData

    struct Terminal {
        var term: String
        var columns: Int
        var rows: Int
    }

    let server: ServerContext
    let identity: ConnectionIdentity
    var logger: Logger
    var context: ChannelHandlerContext?
    /// The session channel's loop, kept after the channel is gone: a game started just before
    /// its player dropped is still reaped here, and its slots freed (gameOutputEnded, abandon).
    var eventLoop: EventLoop?
    var terminal: Terminal?
    var requestedTerm = ""
    var machine = SessionMachine()
    var relay = SessionRelay()
    var game: GameProcess?
    var guestDirectory: String?
    var startTime = ContinuousClock.now
    var lastWrite: EventLoopFuture<Void>?
    /// Why the server ended the game, told to the player after it has restored their terminal.
    var endReason: String?
    var lastInput = NIODeadline.now()
    /// The client's key exchange holds what we send (KeyExchangeHold): the game's output waits.
    var outputHeld = false
    /// Whether the game's output may be read now: the client keeps up, and no exchange holds it.
    var mayReadGameOutput: Bool { context.map { $0.channel.isWritable && !outputHeld } ?? false }
    var timers: [Scheduled<Void>] = []
    /// A table's watcher: it never types, so the input idle timeout does not apply to it; it
    /// leaves when its table ends (Table.end stops every member) or at --max-session-length.
    var watchesATable = false
    /// Set when this session plays the server's daily deal (GameSession+Daily.swift).
    var dailyRun: DailyRun?
    /// With `--database`, a key's files are fetched before its game starts (GameSession+Start.swift).
    var filesFetch = FilesFetch.notYet

    enum FilesFetch { case notYet, fetching, done }

    init(server: ServerContext, identity: ConnectionIdentity) {
        self.server = server
        self.identity = identity
        var logger = server.logger
        logger[metadataKey: "conn"] = "\(identity.connectionID)"
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        eventLoop = context.eventLoop
        context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            pseudoTerminal(request, context: context)
        case let request as SSHChannelRequestEvent.ShellRequest:
            reply(request.wantReply, success: !machine.hasStarted, context: context)
            start(command: nil)
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(request.wantReply, success: !machine.hasStarted, context: context)
            start(command: request.command)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            windowChange(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            logger.notice("refused", metadata: ["request": "env", "name": "\(ClientText.neutralised(request.name, limit: 32))",
                                                "reason": "no client environment reaches the game"])
            reply(request.wantReply, success: false, context: context)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            logger.notice("refused", metadata: ["request": "subsystem", "name": "\(ClientText.neutralised(request.subsystem, limit: 32))",
                                                "reason": "only the game is served"])
            reply(request.wantReply, success: false, context: context)
        case let request as SSHChannelRequestEvent.SignalRequest:
            logger.notice("refused", metadata: ["request": "signal", "name": "\(ClientText.neutralised(request.signal, limit: 16))"])
        case is SSHChannelRequestEvent.LocalFlowControlRequest:
            break
        case let holding as KeyExchangeHold.Holding:
            outputHeld = holding.isHolding
            relay.ptyChannel?.setOption(ChannelOptions.autoRead, value: mayReadGameOutput).whenFailure { _ in }
        case let event as ChannelEvent where event == .inputClosed:
            // The client sent EOF; the game keeps its terminal until it quits or the channel closes.
            break
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(var bytes) = message.data else { return }
        lastInput = .now()
        guard !machine.isEnding else { return }
        _ = relay.clientBytes(&bytes)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        relay.ptyChannel?.flush()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The client reads slower than the game draws: stop reading the pty until it catches up.
        relay.ptyChannel?.setOption(ChannelOptions.autoRead, value: mayReadGameOutput).whenFailure { _ in }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The player went away: hang up the game's terminal, as closing a terminal window does.
        if let game, !machine.isEnding {
            game.signal(SIGHUP)
            relay.ptyChannel?.close(promise: nil)
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.debug("channel error", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    private func reply(_ wanted: Bool, success: Bool, context: ChannelHandlerContext) {
        guard wanted else { return }
        if success {
            context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    private func pseudoTerminal(_ request: SSHChannelRequestEvent.PseudoTerminalRequest, context: ChannelHandlerContext) {
        guard !machine.hasStarted else { return reply(request.wantReply, success: false, context: context) }
        let size = server.clamp(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
        requestedTerm = request.term
        terminal = Terminal(term: TerminalType.chosen(from: request.term), columns: size.columns, rows: size.rows)
        reply(request.wantReply, success: true, context: context)
    }

    /// Writes one line to the client's stderr; `then` runs once it has gone out.
    func tell(_ line: String) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count + 2)
        buffer.writeString("memorize-tui-server: " + line + "\r\n")
        lastWrite = context.channel.writeAndFlush(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer)))
    }

    /// Refuses the game with one line and exit status 2.
    func refuse(_ line: String, reason: String) {
        logger.notice("refused", metadata: ["reason": "\(reason)", "user": "\(ClientText.neutralised(identity.userName, limit: 32))"])
        tell(line)
        finish(status: 2)
    }

    /// Sends the exit status after everything written so far, then closes the channel.
    func finish(status: Int32) {
        guard let context, machine.advance(to: .ending) else { return }
        for timer in timers { timer.cancel() }
        timers.removeAll()
        let channel = context.channel
        let sent = (lastWrite ?? channel.eventLoop.makeSucceededVoidFuture()).flatMap {
            channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status)))
        }
        sent.whenComplete { _ in channel.close(promise: nil) }
    }
}
