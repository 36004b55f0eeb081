/// The one place the table channel's framing is defined. Every message between a game process and
/// its table's sequencer is one frame:
///
///     byte 0      version (1)
///     bytes 1-2   L, big-endian: the length of what follows, 1...maximumBodyBytes
///     byte 3      type (TableFrame.Kind)
///     L-1 bytes   payload: UTF-8 text, the message's line(s) (TableMessage)
///
/// Length-prefixed, versioned and bounded, so the same bytes could cross TCP unchanged when a
/// seat lives on another host (DESIGN.md §9). A reader never holds more than one frame.
public struct TableFrame: Equatable, Sendable {
    public static let version: UInt8 = 1
    public static let headerBytes = 3
    /// Type byte and payload: a hello with two 16-character names and a 64-character theme name
    /// is well under this; nothing the table says needs more.
    public static let maximumBodyBytes = 1024

    public enum Kind: UInt8, Sendable {
        /// game → table: the intent of this process's own seat (a GameIntent line).
        case intent = 1
        /// table → game: your seat, the seed, the theme, the names (TableHello).
        case hello = 2
        /// table → game: intent number N at table time T from seat S (`N` + a TimedIntent line).
        case ordered = 3
        /// table → game: who sits, who is awaited, how many watch, the end (SeatStatus).
        case status = 4
        /// game → server, a server's daily only: the next whole lines of the finished run's report
        /// (DailyReport), which is larger than one frame.
        case reportPart = 5
        /// game → server: the report is whole; its length in bytes.
        case reportEnd = 6
        /// server → game, a server's daily only: whether the reported run was ranked, and why not
        /// (the player's win card says so).
        case reportVerdict = 7
    }

    public var kind: Kind
    public var payload: [UInt8]

    public init(kind: Kind, payload: [UInt8]) {
        self.kind = kind
        self.payload = payload
    }

    public init(kind: Kind, text: String) {
        self.init(kind: kind, payload: Array(text.utf8))
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unsupportedVersion(UInt8)
        case badLength(Int)
        case unknownKind(UInt8)
        case badPayload(Kind)

        public var description: String {
            switch self {
            case .unsupportedVersion(let version): "frame version \(version), not \(TableFrame.version)"
            case .badLength(let length): "frame length \(length), not 1...\(TableFrame.maximumBodyBytes)"
            case .unknownKind(let kind): "unknown frame type \(kind)"
            case .badPayload(let kind): "a \(kind) frame whose text is not a \(kind) message"
            }
        }
    }

    /// The frame's bytes; nil when the payload is over the bound (the sender's bug, never sent).
    public var bytes: [UInt8]? {
        let length = payload.count + 1
        guard length <= Self.maximumBodyBytes else { return nil }
        return [Self.version, UInt8(length >> 8), UInt8(length & 0xFF), kind.rawValue] + payload
    }
}

/// Bytes in, frames out, as they arrive in pieces. The first bad header is final: a peer that
/// sent one is not believed again (its process is ended), so the decoder does not resynchronise.
public struct TableFrameDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var failed: TableFrame.Problem?

    public init() {}

    /// Adds `bytes` and returns every whole frame now available, or the problem with the stream.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> Result<[TableFrame], TableFrame.Problem> where Bytes.Element == UInt8 {
        if let failed { return .failure(failed) }
        buffer.append(contentsOf: bytes)
        var frames: [TableFrame] = []
        var start = 0
        while buffer.count - start >= TableFrame.headerBytes {
            let version = buffer[start]
            guard version == TableFrame.version else { return fail(.unsupportedVersion(version)) }
            let length = Int(buffer[start + 1]) << 8 | Int(buffer[start + 2])
            guard length >= 1, length <= TableFrame.maximumBodyBytes else { return fail(.badLength(length)) }
            guard buffer.count - start >= TableFrame.headerBytes + length else { break }
            let kindByte = buffer[start + 3]
            guard let kind = TableFrame.Kind(rawValue: kindByte) else { return fail(.unknownKind(kindByte)) }
            let payloadStart = start + TableFrame.headerBytes + 1
            frames.append(TableFrame(kind: kind, payload: Array(buffer[payloadStart..<(start + TableFrame.headerBytes + length)])))
            start += TableFrame.headerBytes + length
        }
        buffer.removeFirst(start)
        return .success(frames)
    }

    /// Bytes held for a frame not yet whole (at most one frame's).
    public var bufferedByteCount: Int { buffer.count }

    private mutating func fail(_ problem: TableFrame.Problem) -> Result<[TableFrame], TableFrame.Problem> {
        failed = problem
        buffer = []
        return .failure(problem)
    }
}
