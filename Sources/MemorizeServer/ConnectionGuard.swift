import Logging
import NIOCore
import NIOSSH

/// Sits after the SSH handler on each connection: closes it if authentication has not succeeded
/// within the handshake timeout (a slowloris holds nothing for long), and closes it on a protocol
/// error. (NIOSSHHandler does not pass channelInactive on; the connection's closeFuture releases
/// its place in the caps.)
final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = Any

    let server: ServerContext
    let identity: ConnectionIdentity
    let logger: Logger
    private var handshakeTimer: Scheduled<Void>?

    init(server: ServerContext, identity: ConnectionIdentity, logger: Logger) {
        self.server = server
        self.identity = identity
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let timeout = server.configuration.handshakeTimeout
        handshakeTimer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { [self] in
            // The auth delegate records the player on this loop (the library's UserAuthSuccessEvent
            // is raised on the client side only).
            guard identity.player == nil else { return }
            logger.notice("refused", metadata: ["conn": "\(identity.connectionID)",
                                                "reason": "no authentication within \(DurationText.describe(timeout))"])
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        handshakeTimer?.cancel()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.info("connection error", metadata: ["conn": "\(identity.connectionID)",
                                                   "error": "\(ClientText.neutralised(String(describing: error), limit: 120))"])
        context.close(promise: nil)
    }
}
