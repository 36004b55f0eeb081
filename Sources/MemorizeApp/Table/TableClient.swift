#if canImport(Glibc)
import Glibc
#endif
import Memorize
import TableProtocol

/// The game's end of its table channel (`--table-channel 3`, set by the server alone): what this
/// process's player chooses goes out as an intent; the table's ordered log, the hello and the seat
/// news come in. Plain descriptors and poll, no NIO: the run loop waits on the descriptor with
/// the terminal (NcursesScreen.watchedDescriptor) and calls `readAvailable` when it is readable.
/// The table is believed only as far as the protocol allows: the first frame that is not a
/// message, or a log entry out of sequence, ends the client (`failure`).
public final class TableClient {
    public let descriptor: Int32
    private var decoder = TableFrameDecoder()
    /// Frames not yet written (the channel was full); bounded, as a game sends little.
    private var outbound: [UInt8] = []
    private static let outboundLimit = 64 * 1024

    public private(set) var hello: TableHello?
    public private(set) var names: [String?] = Array(repeating: nil, count: TableSeat.count)
    /// Seats whose link dropped: the time left when told, and when it was told (the caller's clock).
    public private(set) var waiting: [Int: (seconds: Int, name: String, since: Double)] = [:]
    public private(set) var watchers = 0
    /// Why the table ended, once it has.
    public private(set) var ended: String?
    /// Why this process stopped believing the table (or the table hung up).
    public private(set) var failure: String?
    /// The next log entry expected: entries come numbered 0, 1, 2, … with no gap.
    public private(set) var nextSequence = 0

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    deinit { close(descriptor) }

    /// Whether a descriptor is open (the flag names one the server passed).
    public static func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) >= 0 }

    public var seat: TableSeat? { hello?.seat }
    public var isOver: Bool { ended != nil || failure != nil }

    /// This process's player's intent, for the table to order (it comes back in the log).
    public func send(_ intent: GameIntent) {
        guard failure == nil, case .seat? = seat, let bytes = TableMessage.intent(intent).frame.bytes else { return }
        guard outbound.count + bytes.count <= Self.outboundLimit else { return }
        outbound += bytes
        flush()
    }

    /// Writes what is queued, as far as the channel takes it now.
    public func flush() {
        while !outbound.isEmpty {
            // send, not write: a table that hung up is an error here, never a SIGPIPE that ends the game.
            let written = outbound.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                outbound.removeFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                if written < 0 && errno != EAGAIN && errno != EWOULDBLOCK { failure = "the table's channel closed" }
                return
            }
        }
    }

    /// Reads everything waiting and returns the log entries it carried, in order; the hello and
    /// the seat news update this client. `now` stamps a waiting seat's countdown.
    public func readAvailable(now: Double) -> [TimedIntent] {
        var entries: [TimedIntent] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while failure == nil {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            guard count > 0 else {
                if ended == nil { failure = "the table's channel closed" }
                break
            }
            switch decoder.feed(chunk[0..<count]) {
            case .failure(let problem): failure = "the table sent \(problem)"
            case .success(let frames):
                for frame in frames where failure == nil {
                    guard let message = TableMessage(frame: frame) else {
                        failure = "the table sent \(TableFrame.Problem.badPayload(frame.kind))"
                        break
                    }
                    if let entry = take(message, now: now) { entries.append(entry) }
                }
            }
        }
        flush()
        return entries
    }

    private func take(_ message: TableMessage, now: Double) -> TimedIntent? {
        switch message {
        case .hello(let hello):
            self.hello = hello
            names = hello.names
        case .ordered(let sequence, let timed):
            guard hello != nil, sequence == nextSequence else {
                failure = "the table's log skipped from \(nextSequence) to \(sequence)"
                return nil
            }
            nextSequence += 1
            return timed
        case .status(.seated(let seat, let name)):
            names[seat] = name
            waiting[seat] = nil
        case .status(.waiting(let seat, let seconds, let name)):
            waiting[seat] = (seconds, name, now)
        case .status(.watchers(let count)):
            watchers = count
        case .status(.ended(let reason)):
            ended = reason
        case .intent, .reportPart, .reportEnd, .reportVerdict:
            failure = "the table sent a game's message as if it were a game"
        }
        return nil
    }

    /// The line the title shows for a held seat: "waiting for NAME (42 s)"; nil when none is held.
    public func waitingLine(now: Double) -> String? {
        guard let (_, held) = waiting.min(by: { $0.key < $1.key }) else { return nil }
        let left = max(0, held.seconds - Int(now - held.since))
        return "waiting for \(held.name) (\(left) s)"
    }
}
