/// SwiftUI's `VectorArithmetic`: a value that can be added, subtracted and scaled, so the Animator
/// can go a fraction of the way from one to another (`from + (to - from) · fraction`).
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
    mutating func scale(by rhs: Double)
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
}

/// SwiftUI's `AnimatablePair`: two animatable values interpolated together (the Pie's two angles;
/// a rectangle's origin and size).
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public static var zero: Self { Self(.zero, .zero) }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.first + rhs.first, lhs.second + rhs.second) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.first - rhs.first, lhs.second - rhs.second) }
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
}

/// SwiftUI's `Animatable`: a value whose `animatableData` the Animator interpolates frame by
/// frame, so a view (Cardify) or a shape (Pie) is drawn at every value in between, not only at
/// the ends. The Animator reads and writes nothing else of it.
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

extension Animatable {
    /// What the Animator calls the track of this type's `animatableData` on a view: its type
    /// name, so a card's `Cardify` and its `Pie` are two tracks of one view id. (`_typeName`
    /// is what `String(describing:)` of a type prints, without first asking the Swift runtime
    /// whether the type conforms to three printing protocols: each answer, the first time, scans
    /// every conformance of the binary.)
    static var animatablePropertyName: String { _typeName(Self.self, qualified: false) }
}

/// A rectangle animates as its origin and size, as SwiftUI's `CGRect` does: a card's frame moving
/// from the deck to its slot (`matchedGeometryEffect`) or to its new slot (a shuffle).
extension FloatRect: Animatable {
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        get { AnimatablePair(AnimatablePair(x, y), AnimatablePair(width, height)) }
        set {
            x = newValue.first.first
            y = newValue.first.second
            width = newValue.second.first
            height = newValue.second.second
        }
    }
}

/// `from + (to - from) · fraction` for any `VectorArithmetic`: the one interpolation the Animator does.
@inlinable
func interpolate<Value: VectorArithmetic>(from: Value, to: Value, fraction: Double) -> Value {
    var step = to - from
    step.scale(by: fraction)
    return from + step
}

/// Lets the inspector print a pair's halves without knowing their types.
public protocol AnimatablePairInspectable {
    var inspectedFirst: any VectorArithmetic { get }
    var inspectedSecond: any VectorArithmetic { get }
}

extension AnimatablePair: AnimatablePairInspectable {
    public var inspectedFirst: any VectorArithmetic { first }
    public var inspectedSecond: any VectorArithmetic { second }
}
