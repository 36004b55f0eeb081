/// A track's `animatableData`, kept unboxed for the shapes views here declare — a Double (a card's
/// `Cardify` rotation, a plain number), a pair of Doubles (the `Pie`'s angles), a pair of pairs
/// (a `FloatRect` frame) — and as `any VectorArithmetic` for anything else.
///
/// Why: holding every value as an existential cost a dynamic cast on each read and an opened
/// existential on each interpolation; the frames of the deal and the flip read a dozen per card
/// (Benchmarks/README.md, "Animator fast path"). Packing and unpacking compare metatypes, which
/// the optimiser folds away once `presented<Value>` is specialised. The arithmetic is the same
/// `from + (to - from) · fraction`, component by component, so every presented value is the same
/// to the last bit as the generic `interpolate` gives.
enum TrackData {
    typealias Pair = AnimatablePair<Double, Double>
    typealias PairOfPairs = AnimatablePair<Pair, Pair>

    case scalar(Double)
    case pair(Double, Double)
    case pairOfPairs(SIMD4<Double>)
    /// Behind a reference, not inline: an inline `any VectorArithmetic` makes every track
    /// address-only, and each read copied it through the runtime's value witnesses.
    case boxed(Box)

    final class Box {
        let value: any VectorArithmetic
        init(_ value: any VectorArithmetic) { self.value = value }
    }

    @inline(__always)
    init<Data: VectorArithmetic>(_ value: Data) {
        // Same types only, so the bit casts reinterpret nothing.
        if Data.self == Double.self {
            self = .scalar(unsafeBitCast(value, to: Double.self))
        } else if Data.self == Pair.self {
            let pair = unsafeBitCast(value, to: Pair.self)
            self = .pair(pair.first, pair.second)
        } else if Data.self == PairOfPairs.self {
            let rect = unsafeBitCast(value, to: PairOfPairs.self)
            self = .pairOfPairs(SIMD4(rect.first.first, rect.first.second, rect.second.first, rect.second.second))
        } else {
            self = .boxed(Box(value))
        }
    }

    /// The data as `Data`; nil when the track holds another type.
    @inline(__always)
    func value<Data: VectorArithmetic>(as type: Data.Type) -> Data? {
        switch self {
        case .scalar(let value):
            return Data.self == Double.self ? unsafeBitCast(value, to: Data.self) : nil
        case .pair(let first, let second):
            return Data.self == Pair.self ? unsafeBitCast(Pair(first, second), to: Data.self) : nil
        case .pairOfPairs(let v):
            guard Data.self == PairOfPairs.self else { return nil }
            return unsafeBitCast(PairOfPairs(Pair(v[0], v[1]), Pair(v[2], v[3])), to: Data.self)
        case .boxed(let box):
            return box.value as? Data
        }
    }

    /// The data whatever its type (the inspector prints it).
    var anyValue: any VectorArithmetic {
        switch self {
        case .scalar(let value): value
        case .pair(let first, let second): Pair(first, second)
        case .pairOfPairs(let v): PairOfPairs(Pair(v[0], v[1]), Pair(v[2], v[3]))
        case .boxed(let box): box.value
        }
    }

    /// `self + (to - self) · fraction`. A track re-declared with another type of data jumps
    /// (never happens in one view).
    @inline(__always)
    func interpolated(to target: TrackData, fraction: Double) -> TrackData {
        switch (self, target) {
        case let (.scalar(from), .scalar(to)):
            return .scalar(from + (to - from) * fraction)
        case let (.pair(from0, from1), .pair(to0, to1)):
            return .pair(from0 + (to0 - from0) * fraction, from1 + (to1 - from1) * fraction)
        case let (.pairOfPairs(from), .pairOfPairs(to)):
            return .pairOfPairs(from + (to - from) * fraction)
        case let (.boxed(from), .boxed(to)):
            return .boxed(Box(Self.interpolate(from.value, to.value, fraction)))
        default:
            return target
        }
    }

    /// True when both hold the same type and value (a re-declared target that changed nothing).
    func isSame(as other: TrackData) -> Bool {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): a == b
        case let (.pair(a0, a1), .pair(b0, b1)): a0 == b0 && a1 == b1
        case let (.pairOfPairs(a), .pairOfPairs(b)): a == b
        case let (.boxed(a), .boxed(b)): Self.isSame(a.value, as: b.value)
        default: false
        }
    }

    private static func interpolate<Data: VectorArithmetic>(_ from: Data, _ to: any VectorArithmetic,
                                                             _ fraction: Double) -> any VectorArithmetic {
        guard let to = to as? Data else { return to }
        return TerminalUI.interpolate(from: from, to: to, fraction: fraction)
    }

    private static func isSame<Data: VectorArithmetic>(_ value: Data, as other: any VectorArithmetic) -> Bool {
        (other as? Data) == value
    }
}
