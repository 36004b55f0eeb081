import NIOCore
import NIOSSH

/// The game's side: the pty master as a NIO channel. What the game draws goes to the player's
/// SSH channel; when either side cannot keep up, the other stops reading (backpressure), so a
/// slow client or a huge paste holds no more than a window of bytes in memory.
final class PtyRelay: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: GameSession

    init(session: GameSession) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        guard let ssh = session.context, !session.machine.isEnding else { return }
        session.lastWrite = ssh.channel.write(SSHChannelData(type: .channel, data: .byteBuffer(bytes)))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard let ssh = session.context else { return }
        ssh.channel.flush()
        if !session.mayReadGameOutput {
            context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The game reads slower than the player types (a 64 KB paste): stop reading the client.
        session.context?.channel.setOption(ChannelOptions.autoRead, value: context.channel.isWritable).whenFailure { _ in }
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.gameOutputEnded()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // EIO: every slave descriptor has closed, i.e. the game has exited.
        context.close(promise: nil)
    }
}
