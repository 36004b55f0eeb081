import Logging
import MemorizeLeaderboard
import NIOCore
import NIOPosix
import TableProtocol

/// The server's end of a daily game's channel (`--report-channel 3`): the game's report of its
/// won run arrives as frames (DailyReport) and is handed to `deliver`, once. The link believes
/// only that: garbage, an oversize frame or report, a table's message, or anything after the
/// report is refused and logged, and the link closes; the game and its session go on (the
/// board only loses the run).
final class DailyReportLink: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var decoder = TableFrameDecoder()
    private var assembler: DailyReportAssembler
    private var delivered = false
    private let logger: Logger
    private let deliver: (DailyReport) -> Void

    /// The board's log bound plus the report's four header lines.
    static let maximumReportBytes = LeaderboardLimits.maximumIntentLogBytes + DailyReport.headerBytes

    init(logger: Logger, deliver: @escaping (DailyReport) -> Void) {
        self.logger = logger
        self.deliver = deliver
        assembler = DailyReportAssembler(maximumBytes: Self.maximumReportBytes)
    }

    /// Watches `descriptor` (the server's end of the pair) on `loop`, called there; the channel,
    /// to close when the game has gone.
    static func attach(descriptor: Int32, on loop: EventLoop, logger: Logger,
                       deliver: @escaping (DailyReport) -> Void) -> EventLoopFuture<Channel> {
        let link = DailyReportLink(logger: logger, deliver: deliver)
        return NIOPipeBootstrap(group: loop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: false)
            .takingOwnershipOfDescriptor(inputOutput: descriptor)
            .assumeIsolated()
            .flatMapThrowing { channel in
                try channel.pipeline.syncOperations.addHandler(link)
                return channel
            }
            .nonisolated()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        switch decoder.feed(buffer.readableBytesView) {
        case .failure(let problem):
            refuse(problem.description, context: context)
        case .success(let frames):
            for frame in frames {
                guard !delivered else {
                    logger.notice("daily report ignored: the session's run was reported already")
                    return context.close(promise: nil)
                }
                guard let message = TableMessage(frame: frame) else {
                    return refuse(TableFrame.Problem.badPayload(frame.kind).description, context: context)
                }
                switch assembler.take(message) {
                case .failure(let problem): return refuse(problem.description, context: context)
                case .success(nil): continue
                case .success(let report?):
                    delivered = true
                    deliver(report)
                }
            }
        }
    }

    private func refuse(_ problem: String, context: ChannelHandlerContext) {
        logger.notice("daily report refused", metadata: ["problem": "\(problem)"])
        context.close(promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
