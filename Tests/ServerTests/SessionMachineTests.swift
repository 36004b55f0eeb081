import Crypto
import Logging
@testable import MemorizeServer
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing

/// GameSession's phases on NIO's EmbeddedChannel: no socket, no process, every event by hand.
@Suite struct SessionMachineTests {
    @Test func phasesGoForwardOnlyAndEndingIsFinal() {
        var machine = SessionMachine()
        var moves: [Bool] = []
        for phase in [SessionPhase.starting, .relaying, .authenticated, .authenticated, .starting, .authenticated, .relaying, .ending] {
            moves.append(machine.advance(to: phase))
        }
        // Admitted cannot skip ahead; no phase twice; never back; then on to ending.
        #expect(moves == [false, false, true, false, true, false, true, true])
        for phase in [SessionPhase.admitted, .authenticated, .starting, .relaying, .ending] {
            let moved = machine.advance(to: phase)
            #expect(!moved, "nothing leaves ending (\(phase))")
        }
        #expect(machine.phase == .ending)
    }

    @Test func everyPhaseBeforeEndingMayEnd() {
        for start in [SessionPhase.admitted, .authenticated, .starting, .relaying] {
            #expect(SessionMachine.allows(from: start, to: .ending))
        }
    }

    @Test func execWithoutATerminalIsRefusedAndEnds() throws {
        let (channel, session, events) = try Self.session()
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "--theme Animals", wantReply: true))
        #expect(session.machine.phase == .ending)
        #expect(try Self.stderr(channel).contains("the game needs a terminal"))
        channel.embeddedEventLoop.run()
        #expect(events.recorded.contains { ($0 as? SSHChannelRequestEvent.ExitStatus)?.exitStatus == 2 })
        #expect(!channel.isActive, "the channel closes after the exit status")
    }

    @Test func refusedConnectionEndsFromAdmitted() throws {
        let (channel, session, _) = try Self.session(refusal: "too many connections")
        try Self.pty(channel)
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        #expect(session.machine.phase == .ending)
        #expect(try Self.stderr(channel).contains("too many connections"))
    }

    @Test func badGameFlagsEndFromAuthenticated() throws {
        let (channel, session, events) = try Self.session()
        try Self.pty(channel)
        #expect(events.recorded.contains { $0 is ChannelSuccessEvent }, "the pty request is granted")
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "--table-channel 3", wantReply: true))
        #expect(session.machine.phase == .ending)
        #expect(try Self.stderr(channel).contains("is not offered over SSH"))
        // A second exec after the first is refused outright, and changes nothing.
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "", wantReply: true))
        #expect(events.recorded.contains { $0 is ChannelFailureEvent })
        #expect(session.machine.phase == .ending)
    }

    @Test func envAndSubsystemAreRefusedWithoutMovingThePhase() throws {
        let (channel, session, events) = try Self.session()
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LD_PRELOAD", value: "x"))
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true))
        #expect(events.recorded.filter { $0 is ChannelFailureEvent }.count == 2)
        #expect(session.machine.phase == .admitted)
    }

    @Test func bytesTypedBeforeTheGameAreKeptBounded() throws {
        let (channel, session, _) = try Self.session()
        var buffer = channel.allocator.buffer(capacity: 3000)
        buffer.writeRepeatingByte(UInt8(ascii: "d"), count: 3000)
        try channel.writeInbound(SSHChannelData(type: .channel, data: .byteBuffer(buffer)))
        try channel.writeInbound(SSHChannelData(type: .channel, data: .byteBuffer(buffer)))
        #expect(session.relay.pendingByteCount == 3000, "the second 3000 would pass the 4096 bound")
        #expect(session.machine.phase == .admitted)
    }

    // MARK: Helpers

    /// Records the events the session sends out (replies, exit status) and lets them succeed.
    final class OutboundEvents: ChannelOutboundHandler {
        typealias OutboundIn = Any
        var recorded: [Any] = []
        func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
            recorded.append(event)
            promise?.succeed(())
        }
    }

    static func session(refusal: String? = nil) throws -> (EmbeddedChannel, GameSession, OutboundEvents) {
        let configuration = ServerConfiguration(gamePath: "/nonexistent/memorize-tui", stateDirectory: "/nonexistent/state")
        let context = ServerContext(configuration: configuration, hostKey: NIOSSHPrivateKey(ed25519Key: .init()),
                                    authorizedKeys: nil, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let identity = ConnectionIdentity(address: "127.0.0.1", connectionID: 1, refusal: refusal)
        identity.player = .guest
        identity.userName = "guest"
        let session = GameSession(server: context, identity: identity)
        let events = OutboundEvents()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(events)
        try channel.pipeline.syncOperations.addHandler(session)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22)).wait()
        return (channel, session, events)
    }

    static func pty(_ channel: EmbeddedChannel) throws {
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: true, term: "xterm-256color", terminalCharacterWidth: 80, terminalRowHeight: 24,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:])))
    }

    /// Everything written to the client's stderr so far.
    static func stderr(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let data = try channel.readOutbound(as: SSHChannelData.self) {
            if case .stdErr = data.type, case .byteBuffer(let buffer) = data.data { text += String(buffer: buffer) }
        }
        return text
    }
}
