import Logging
import NIOCore

/// First on a connection when `--proxy-protocol` is on. From a trusted proxy it reads the PROXY
/// header (bounded in size and time), then hands the client's address to `admit`, which builds the
/// rest of the pipeline (admission, SSH) after this handler, and passes on the bytes that followed
/// the header. From anyone else it closes a connection whose first bytes look like a header, and
/// otherwise steps aside at once.
final class ProxyHeaderReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let peer: String
    private let peerIsTrusted: Bool
    private let timeout: Duration
    private let logger: Logger
    private let admit: (Channel, _ client: String) -> Void
    private var received: [UInt8] = []
    private var timer: Scheduled<Void>?
    private var finished = false

    init(peer: String, peerIsTrusted: Bool, timeout: Duration, logger: Logger, admit: @escaping (Channel, String) -> Void) {
        self.peer = peer
        self.peerIsTrusted = peerIsTrusted
        self.timeout = timeout
        self.logger = logger
        self.admit = admit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard peerIsTrusted else {
            // An untrusted peer is admitted under its own address at once; this handler stays only
            // to look at its first bytes.
            admit(context.channel, peer)
            return
        }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { [self] in
            refuse(context: context, reason: "no PROXY header within \(DurationText.describe(timeout))")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished else { return context.fireChannelRead(data) }
        var buffer = unwrapInboundIn(data)
        received += buffer.readBytes(length: min(buffer.readableBytes, ProxyHeader.maximumLength + 1 - received.count)) ?? []
        guard peerIsTrusted else {
            if ProxyHeader.startsLikeHeader(received) {
                return refuse(context: context, reason: "a PROXY header from an address that is not a trusted proxy")
            }
            return stepAside(context: context, passing: received + (buffer.readBytes(length: buffer.readableBytes) ?? []))
        }
        switch ProxyHeader.parse(received) {
        case .needMore:
            if received.count > ProxyHeader.maximumLength { refuse(context: context, reason: "PROXY header too long") }
        case .malformed(let reason):
            refuse(context: context, reason: reason)
        case .header(let client, let length):
            let rest = Array(received[length...]) + (buffer.readBytes(length: buffer.readableBytes) ?? [])
            finished = true
            timer?.cancel()
            admit(context.channel, client ?? peer)
            stepAside(context: context, passing: rest)
        }
    }

    private func stepAside(context: ChannelHandlerContext, passing bytes: [UInt8]) {
        finished = true
        if !bytes.isEmpty { context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: bytes))) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func refuse(context: ChannelHandlerContext, reason: String) {
        guard !finished else { return }
        finished = true
        timer?.cancel()
        logger.notice("refused", metadata: ["address": "\(peer)", "reason": "\(reason)"])
        context.close(promise: nil)
    }
}
