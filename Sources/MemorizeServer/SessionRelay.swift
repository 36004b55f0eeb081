import NIOCore

/// The relay's own state, apart from the session's phase: the game's pty as a channel once it is
/// attached, the bytes typed before that (bounded), and the window-change throttle.
struct SessionRelay {
    /// Typed before the game's pty was attached: kept for it, up to this many bytes.
    static let pendingLimit = 4096

    private(set) var ptyChannel: Channel?
    private(set) var pendingInput = ByteBuffer()
    var windowTimerArmed = false
    var pendingWindow: (columns: Int, rows: Int)?

    /// Bytes from the client: to the pty when attached (returned true), else kept if they fit.
    mutating func clientBytes(_ bytes: inout ByteBuffer) -> Bool {
        if let ptyChannel {
            ptyChannel.write(bytes, promise: nil)
            return true
        }
        if pendingInput.readableBytes + bytes.readableBytes <= Self.pendingLimit { pendingInput.writeBuffer(&bytes) }
        return false
    }

    /// The pty is attached: what was typed before goes to it first.
    mutating func attach(_ channel: Channel) {
        ptyChannel = channel
        if pendingInput.readableBytes > 0 {
            channel.writeAndFlush(pendingInput, promise: nil)
            pendingInput = ByteBuffer()
        }
    }

    var pendingByteCount: Int { pendingInput.readableBytes }
}
