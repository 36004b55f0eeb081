import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// The SSH server: accepts connections, authenticates players, gives each session its game,
/// and on SIGTERM or SIGINT stops accepting, asks every game to end, waits a bounded grace and
/// exits.
public final class GameServer: Sendable {
    let server: ServerContext
    let group: MultiThreadedEventLoopGroup

    /// Blocks SIGTERM and SIGINT before any thread starts, so every thread inherits the mask and
    /// `run` takes them with sigwait (games get an empty mask in the spawn shim).
    public init(configuration: ServerConfiguration, logger: Logger) throws {
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        let stateFiles = StateFiles(root: configuration.stateDirectory)
        // The players' files live there whichever host key is presented (with --host-key the
        // directory was once never made, and no key's game could start).
        try stateFiles.prepare()
        let (hostKey, fingerprint) = try configuration.hostKeyFile.map(HostKeyFile.load) ?? stateFiles.hostKey()
        var authorized: Set<KeyFingerprint>?
        if let lines = configuration.authorizedKeys {
            authorized = Set(lines.compactMap { KeyFingerprint(openSSHLine: $0) })
        }
        server = ServerContext(configuration: configuration, hostKey: hostKey, authorizedKeys: authorized, logger: logger)
        group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, min(System.coreCount, 4)))
        hostKeyFingerprint = fingerprint
    }

    public let hostKeyFingerprint: KeyFingerprint

    /// Serves until SIGTERM or SIGINT; returns once every game has ended (or been killed after
    /// the grace period) and every connection is closed.
    public func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let configuration = server.configuration
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [server] channel in
                Self.initialize(connection: channel, server: server)
            }
        let listener = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
        let bound = listener.localAddress.map { "\($0.ipAddress ?? configuration.host):\($0.port ?? configuration.port)" } ?? "?"
        server.logger.notice("listening", metadata: ["address": "\(bound)", "host_key": "\(hostKeyFingerprint)",
                                                     "game": "\(configuration.gamePath)"])

        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        var received: Int32 = 0
        while sigwait(&stopSignals, &received) != 0 {}
        server.logger.notice("stopping", metadata: ["signal": "\(received == SIGINT ? "SIGINT" : "SIGTERM")",
                                                    "games": "\(server.registry.gameCount)"])
        try? listener.close().wait()
        shutDown()
        try? group.syncShutdownGracefully()
        server.logger.notice("stopped")
    }

    /// SIGTERM to every game (each restores its player's terminal and quits; its status ends
    /// the channel), a bounded wait, SIGKILL for any left, then every connection closed.
    private func shutDown() {
        // Tables first: every process at one hears that it ended (and why) before its SIGTERM.
        if server.tables.count > 0 {
            server.tables.endAll(reason: "the server is shutting down")
            usleep(200_000)
        }
        server.registry.stopAll(signal: SIGTERM)
        let clock = ContinuousClock()
        let graceEnd = clock.now + server.configuration.shutdownGrace
        while server.registry.gameCount > 0 && clock.now < graceEnd { usleep(20_000) }
        if server.registry.gameCount > 0 {
            server.logger.warning("games left after the grace period; killing them", metadata: ["games": "\(server.registry.gameCount)"])
            server.registry.stopAll(signal: SIGKILL)
            let killEnd = clock.now + .seconds(2)
            while server.registry.gameCount > 0 && clock.now < killEnd { usleep(20_000) }
        }
        // Daily runs the games' ends left must be marked ended on the board (SIGTERM leaves them unfinished, not open).
        let boardEnd = clock.now + .seconds(2)
        while (server.daily.pendingWrites > 0 || (server.playerFiles?.pending ?? 0) > 0) && clock.now < boardEnd { usleep(20_000) }
        // Other hosts hear of this host's tables' ends, then its lease and tables leave the database.
        if let fleet = server.fleet {
            let closed = DispatchSemaphore(value: 0)
            Task {
                await fleet.close()
                closed.signal()
            }
            _ = closed.wait(timeout: .now() + 4)
        }
        // Let the last exit statuses reach their clients before the connections close.
        let flushEnd = clock.now + .seconds(2)
        while server.registry.connectionCount > 0 && clock.now < flushEnd { usleep(20_000) }
        server.registry.closeAllConnections()
        let closeEnd = clock.now + .seconds(2)
        while server.registry.connectionCount > 0 && clock.now < closeEnd { usleep(20_000) }
    }

    private static func initialize(connection channel: Channel, server: ServerContext) -> EventLoopFuture<Void> {
        let peer = channel.remoteAddress?.ipAddress ?? "unknown"
        guard let proxies = server.configuration.trustedProxies else {
            return admit(connection: channel, address: peer, server: server)
        }
        return channel.eventLoop.makeCompletedFuture {
            let reader = ProxyHeaderReader(peer: peer, peerIsTrusted: proxies.contains(peer),
                                           timeout: server.configuration.handshakeTimeout, logger: server.logger) { channel, client in
                admit(connection: channel, address: client, via: client == peer ? nil : peer, server: server).whenFailure { _ in channel.close(promise: nil) }
            }
            try channel.pipeline.syncOperations.addHandler(reader)
        }
    }

    /// Admission and the SSH handshake for a connection whose client is at `address` (its own
    /// peer, or the one a trusted proxy's header named).
    private static func admit(connection channel: Channel, address: String, via proxy: String? = nil,
                              server: ServerContext) -> EventLoopFuture<Void> {
        let decision = server.admission.connect(from: address)
        if decision == .dropped {
            server.logger.notice("refused", metadata: ["address": "\(address)", "reason": "connection caps reached; closed at once"])
            return channel.close()
        }
        guard let connectionID = server.registry.add(connection: channel) else {
            server.admission.disconnect(from: address)
            return channel.close()
        }
        var refusal: String?
        if case .refused(let reason) = decision { refusal = reason }
        var metadata: Logger.Metadata = ["conn": "\(connectionID)", "address": "\(address)", "admission": "\(refusal ?? "admitted")"]
        if let proxy { metadata["via"] = "\(proxy)" }
        server.logger.info("connect", metadata: metadata)
        channel.closeFuture.whenComplete { _ in
            server.admission.disconnect(from: address)
            server.registry.remove(connection: connectionID)
            server.logger.info("disconnect", metadata: ["conn": "\(connectionID)"])
        }
        return channel.eventLoop.makeCompletedFuture {
            let identity = ConnectionIdentity(address: address, connectionID: connectionID, refusal: refusal)
            let authenticator = PlayerAuthenticator(identity: identity, authorizedKeys: server.authorizedKeys,
                                                    allowGuests: server.configuration.allowGuests, logger: server.logger)
            var ssh = SSHServerConfiguration(hostKeys: [server.hostKey], userAuthDelegate: authenticator,
                                             globalRequestDelegate: RefusingGlobalRequests(connectionID: connectionID, logger: server.logger))
            ssh.maxAuthAttempts = 20
            ssh.transportProtectionSchemes = TransportCiphers.schemes(for: server.configuration.ciphers)
            let handler = NIOSSHHandler(role: .server(ssh), allocator: channel.allocator) { child, type in
                Self.initialize(child: child, type: type, server: server, identity: identity)
            }
            try channel.pipeline.syncOperations.addHandler(handler)
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(server: server, identity: identity, logger: server.logger))
        }
    }

    private static func initialize(child: Channel, type: SSHChannelType, server: ServerContext,
                                   identity: ConnectionIdentity) -> EventLoopFuture<Void> {
        switch type {
        case .session:
            return child.eventLoop.makeCompletedFuture {
                let hold = KeyExchangeHold(limit: server.configuration.handshakeTimeout, logger: server.logger)
                try child.pipeline.syncOperations.addHandlers([hold, GameSession(server: server, identity: identity)])
            }
        case .directTCPIP(let target):
            server.logger.notice("refused", metadata: [
                "conn": "\(identity.connectionID)", "request": "direct-tcpip (ssh -L)",
                "target": "\(ClientText.neutralised(target.targetHost, limit: 64)):\(target.targetPort)",
                "reason": "only the game is served",
            ])
            return child.eventLoop.makeFailedFuture(RefusedChannel())
        case .forwardedTCPIP:
            server.logger.notice("refused", metadata: ["conn": "\(identity.connectionID)", "request": "forwarded-tcpip"])
            return child.eventLoop.makeFailedFuture(RefusedChannel())
        }
    }

    struct RefusedChannel: Error {}
}
