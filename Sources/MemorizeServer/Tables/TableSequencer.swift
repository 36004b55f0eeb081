import Memorize
import TableProtocol

/// A table's order, without the model and without NIO: it stamps each intent a seat sends with
/// the table's time and the next sequence number, and keeps the log every process applies in
/// that order. It checks only what needs no model: a seat speaks for itself (the seat is the
/// link's, never the message's), watchers never speak, a seat only chooses (the deal is the
/// table's own), and rates and the log's length are bounded. Whether a choose is in turn is the
/// model's to decide, identically in every process, so an out-of-turn choose is forwarded.
struct TableSequencer {
    struct Limits: Sendable {
        /// Intents in a table's log; a game is a few hundred at most.
        var maxLogLength = 2000
        /// A seat's sustained intents per second, and the burst it may save up.
        var intentsPerSecond = 10.0
        var burst = 20.0
    }

    enum Refusal: Error, Equatable, CustomStringConvertible {
        case watcherSpoke
        case notDealt
        case notASeatsIntent(GameIntent)
        case tooFast
        case logFull

        var description: String {
            switch self {
            case .watcherSpoke: "a watcher's intents change nothing"
            case .notDealt: "the cards are not dealt yet"
            case .notASeatsIntent(let intent): "a seat may only choose, not \"\(intent.line)\""
            case .tooFast: "more intents than a seat may send"
            case .logFull: "the table's log is full"
            }
        }
    }

    /// One entry of the log: its number (0, 1, 2, … with no gap) and the stamped intent.
    struct Ordered: Equatable, Sendable {
        let sequence: Int
        let timed: TimedIntent
    }

    let limits: Limits
    private(set) var log: [TimedIntent] = []
    /// When the deal happened, on the caller's clock (seconds); the table's time is measured from it.
    private(set) var dealtAt: Double?
    private var buckets: [(tokens: Double, at: Double)]

    init(limits: Limits = Limits()) {
        self.limits = limits
        buckets = Array(repeating: (limits.burst, 0), count: TableSeat.count)
    }

    var isDealt: Bool { dealtAt != nil }

    /// The table's first intent once both seats are taken: the deal, at table time zero, as seat 0.
    mutating func deal(now: Double) -> Ordered? {
        guard dealtAt == nil, log.count < limits.maxLogLength else { return nil }
        dealtAt = now
        for seat in buckets.indices { buckets[seat] = (limits.burst, now) }
        return append(TimedIntent(.deal, at: 0, seat: 0))
    }

    /// `intent` from whoever sits at `speaker`, at `now` on the caller's clock: its place in the log.
    mutating func accept(_ intent: GameIntent, from speaker: TableSeat, now: Double) -> Result<Ordered, Refusal> {
        guard case .seat(let seat) = speaker, buckets.indices.contains(seat) else { return .failure(.watcherSpoke) }
        guard case .choose = intent else { return .failure(.notASeatsIntent(intent)) }
        guard let dealtAt else { return .failure(.notDealt) }
        var bucket = buckets[seat]
        bucket.tokens = min(limits.burst, bucket.tokens + (now - bucket.at) * limits.intentsPerSecond)
        bucket.at = now
        guard bucket.tokens >= 1 else {
            buckets[seat] = bucket
            return .failure(.tooFast)
        }
        bucket.tokens -= 1
        buckets[seat] = bucket
        guard log.count < limits.maxLogLength else { return .failure(.logFull) }
        // Milliseconds: the line stays short, and every process reads back the same Double.
        let time = min(TimedIntent.maximumTime, (max(0, now - dealtAt) * 1000).rounded() / 1000)
        return .success(append(TimedIntent(intent, at: time, seat: seat)))
    }

    private mutating func append(_ timed: TimedIntent) -> Ordered {
        log.append(timed)
        return Ordered(sequence: log.count - 1, timed: timed)
    }
}
