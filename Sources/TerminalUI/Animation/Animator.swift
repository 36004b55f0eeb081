/// Names one animatable property of one view: SwiftUI keeps these per view identity; so do we.
public struct AnimationKey: Hashable, Sendable {
    public var id: Int
    public var property: String
    public init(_ id: Int, _ property: String) { self.id = id; self.property = property }

    /// A frame reads every card's presented values (a dozen lookups per card); hashing each
    /// property name in full cost more than drawing. The id with the name's length and first
    /// byte tells apart the names a view uses; equality still compares the whole name.
    public func hash(into hasher: inout Hasher) {
        let utf8 = property.utf8
        hasher.combine(id &* 4096 &+ utf8.count &* 256 &+ Int(utf8.first ?? 0))
    }
}

/// Holds the *presented* value of every animatable property (SwiftUI's render-tree values): the
/// `animatableData` of the values views declare (a card's `Cardify`, its `Pie`, its frame), or a
/// plain number.
///
/// Model state changes instantly; views declare the value they want with `setTarget`, and the
/// Animator moves the presented value there along the transaction's `Animation`. A new target
/// starts from where the value is *presented now*, so animations are interruptible: hammering
/// A re-targeted value never jumps. Reading (`value(_:at:)`) is pure, so rendering stays a pure
/// function of (state, time, size).
public final class Animator {
    /// Internal, not private: the inspector (RunningAnimation.swift) reads tracks, never writes.
    struct Track {
        /// A value's `animatableData` (a Double for a plain number), unboxed where it can be.
        var from: TrackData
        var to: TrackData
        var start: Double
        var animation: Animation?

        func value(at time: Double) -> TrackData {
            guard let animation else { return to }
            return from.interpolated(to: to, fraction: animation.progress(elapsed: time - start).fraction)
        }
        func isMoving(at time: Double) -> Bool {
            guard let animation else { return false }
            return !animation.progress(elapsed: time - start).isComplete
        }
    }

    public let clock: TimeSource
    /// The track name of each `Animatable` type read so far (a handful: searched, not hashed).
    private var propertyNames: [(type: ObjectIdentifier, name: String)] = []
    /// `--reduced-motion`: targets jump instead of animating (SwiftUI's accessibility setting).
    public var reducedMotion = false
    private(set) var tracks = TrackTable<Track>()
    /// Keys whose track has an animation attached: the only ones that can still move.
    private(set) var active: Set<AnimationKey> = []
    /// How many of `active` belong to each view id: a short list (a few ids move at once, a
    /// deal's twenty at most), searched faster than hashed, as every frame asks of every card.
    private var activeKeysPerID: [(id: Int, count: Int)] = []

    /// False when no property of `id` can move: all its presented values are their targets.
    public func mayMove(id: Int) -> Bool { activeKeysPerID.contains { $0.id == id } }

    public init(clock: TimeSource) { self.clock = clock }

    // MARK: - Animatable values (lecture 8: the Animator interpolates `animatableData`)

    /// The track of `Value`'s `animatableData` on view `id` (named after the type: a card's
    /// `Cardify` and its `Pie` are two tracks of one card).
    public static func key<Value: Animatable>(_ type: Value.Type, id: Int) -> AnimationKey {
        AnimationKey(id, Value.animatablePropertyName)
    }

    /// `Self.key(_:id:)` with the type's name worked out once: `String(describing:)` of a type
    /// asks the runtime for its name and conformances, and a frame asks for two per card.
    private func key<Value: Animatable>(of type: Value.Type, id: Int) -> AnimationKey {
        let identifier = ObjectIdentifier(type)
        for entry in propertyNames where entry.type == identifier { return AnimationKey(id, entry.name) }
        let name = Value.animatablePropertyName
        propertyNames.append((identifier, name))
        return AnimationKey(id, name)
    }

    /// Declares the value a view should show: its `animatableData` becomes the target, reached
    /// from what is presented now along `animation` (nil: at once).
    public func setTarget<Value: Animatable>(_ value: Value, for id: Int, animation: Animation?) {
        setTarget(key(of: Value.self, id: id), data: value.animatableData, animation: animation)
    }

    /// `value` as presented at `time`: the declared value with its `animatableData` replaced by
    /// the interpolated one. Everything else of it is the caller's (only the data animates).
    public func presented<Value: Animatable>(_ value: Value, for id: Int, at time: Double) -> Value {
        presented(value, key: key(of: Value.self, id: id), at: time)
    }

    /// `presented(_:for:at:)` under a property name of the caller's (a card's frame).
    public func presented<Value: Animatable>(_ value: Value, key: AnimationKey, at time: Double) -> Value {
        guard let data = tracks[key]?.value(at: time).value(as: Value.AnimatableData.self) else { return value }
        var presented = value
        presented.animatableData = data
        return presented
    }

    /// Starts `Value`'s animation from an explicit value (the lecture's pie: on appear, the
    /// remaining bonus, then `withAnimation(.linear(duration: bonusTimeRemaining))` to none).
    public func animate<Value: Animatable>(_ value: Value, from start: Value, for id: Int, animation: Animation?) {
        self.start(key(of: Value.self, id: id), from: TrackData(start.animatableData),
                   to: TrackData(value.animatableData), animation: animation, at: clock.now)
    }

    /// Forgets `Value`'s track on `id` (a view leaving the hierarchy, a pie that stopped).
    public func remove<Value: Animatable>(_ type: Value.Type, for id: Int) { remove(key(of: type, id: id)) }

    /// Declares where the data of `key` should be (see `setTarget(_:for:animation:)`).
    public func setTarget<Data: VectorArithmetic>(_ key: AnimationKey, data value: Data, animation: Animation?) {
        // The clock is read only when something changes: a view re-declares every target of
        // every card on each model change, and nearly all of them are unchanged.
        let value = TrackData(value)
        guard let track = tracks[key] else {
            tracks[key] = Track(from: value, to: value, start: clock.now, animation: nil)
            return
        }
        if value.isSame(as: track.to) { return }
        let now = clock.now
        start(key, from: track.value(at: now), to: value, animation: animation, at: now)
    }

    // MARK: - Plain numbers (a Double is its own animatableData)

    /// The presented value at `time`, or `fallback` for a property never set.
    public func value(_ key: AnimationKey, at time: Double, default fallback: Double) -> Double {
        tracks[key]?.value(at: time).value(as: Double.self) ?? fallback
    }

    /// The value the property is heading for (the model's truth), if any.
    public func target(_ key: AnimationKey) -> Double? { tracks[key]?.to.value(as: Double.self) }

    /// Any track's presented data and target, whatever its type (the inspector prints them).
    public func presentedData(_ key: AnimationKey, at time: Double) -> (any VectorArithmetic)? { tracks[key]?.value(at: time).anyValue }
    public func targetData(_ key: AnimationKey) -> (any VectorArithmetic)? { tracks[key]?.to.anyValue }

    /// Declares where a property should be. Unchanged targets leave a running animation alone;
    /// a changed one animates from the presented value with `animation`, or jumps when it is nil.
    public func setTarget(_ key: AnimationKey, _ value: Double, animation: Animation?) {
        setTarget(key, data: value, animation: animation)
    }

    /// Starts an animation from an explicit value (a button's press: lit, then fading out).
    public func animate(_ key: AnimationKey, from: Double, to: Double, animation: Animation?) {
        start(key, from: .scalar(from), to: .scalar(to), animation: animation, at: clock.now)
    }

    /// Forgets a property, so its next `setTarget` jumps (a view leaving the hierarchy).
    public func remove(_ key: AnimationKey) {
        _ = tracks.removeValue(forKey: key)
        deactivate(key)
    }

    /// True while the property's animation has not finished (including its delay).
    public func isAnimating(_ key: AnimationKey, at time: Double) -> Bool {
        tracks[key]?.isMoving(at: time) ?? false
    }

    /// True once the property has begun to move (its delay is over) or has nothing to do.
    public func hasStarted(_ key: AnimationKey, at time: Double) -> Bool {
        guard let track = tracks[key], let animation = track.animation else { return true }
        return time - track.start >= animation.delay
    }

    /// Anything still moving? The run loop draws at `--fps` only while this is true.
    public func isAnimating(at time: Double) -> Bool {
        var finished: [AnimationKey] = []
        var moving = false
        for key in active {
            if let track = tracks[key], track.isMoving(at: time) { moving = true } else { finished.append(key) }
        }
        // Settle finished tracks so idle checks stay cheap; the value read afterwards is unchanged.
        for key in finished {
            deactivate(key)
            if var track = tracks[key] { track.from = track.to; track.animation = nil; tracks[key] = track }
        }
        return moving
    }

    private func start(_ key: AnimationKey, from: TrackData, to: TrackData, animation: Animation?,
                       at now: Double) {
        let animation = reducedMotion ? nil : animation
        tracks[key] = Track(from: animation == nil ? to : from, to: to, start: now, animation: animation)
        if animation == nil {
            deactivate(key)
        } else if active.insert(key).inserted {
            if let index = activeKeysPerID.firstIndex(where: { $0.id == key.id }) {
                activeKeysPerID[index].count += 1
            } else {
                activeKeysPerID.append((key.id, 1))
            }
        }
    }

    private func deactivate(_ key: AnimationKey) {
        guard active.remove(key) != nil, let index = activeKeysPerID.firstIndex(where: { $0.id == key.id }) else { return }
        activeKeysPerID[index].count -= 1
        if activeKeysPerID[index].count == 0 { activeKeysPerID.remove(at: index) }
    }
}
