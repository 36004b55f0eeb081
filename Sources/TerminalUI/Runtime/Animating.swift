extension ResolveContext {
    /// `value` as presented now: when it is `Animatable`, its `animatableData` is the target of
    /// a track the graph keeps for this identity, reached along this update's animation from
    /// where it was presented (interruptible, as in SwiftUI). Anything else is as given.
    func presented<Value>(_ value: Value) -> Value {
        guard graph.animator != nil, let type = graph.animatableType(Value.self) else { return value }
        // Presented in place, through its type: `value as? any Animatable` would copy the value
        // (a card's modifier, palette and all) into a box and back, at every frame it moves.
        var presented = value
        withUnsafeMutablePointer(to: &presented) { type.present(at: UnsafeMutableRawPointer($0), in: self) }
        return presented
    }

    /// `value` as presented whenever the returned function is called (nil: it is not
    /// `Animatable`, so it is always as given). SwiftUI's renderer interpolates a shape's
    /// `animatableData` at each frame without evaluating any body: so does a node drawing the
    /// shape, asking the animator at the moment it draws. Its track belongs to no body (a body
    /// around it stays settled, kept whole, while only the shape moves).
    func presentedWhenDrawn<Value>(_ value: Value) -> (() -> Value)? {
        guard let animator = graph.animator, let type = graph.animatableType(Value.self) else { return nil }
        var target = value
        let key = withUnsafeMutablePointer(to: &target) { type.targetWhenDrawn(at: UnsafeMutableRawPointer($0), in: self) }
        return {
            var presented = value
            withUnsafeMutablePointer(to: &presented) { type.present(at: UnsafeMutableRawPointer($0), key: key, by: animator) }
            return presented
        }
    }

    fileprivate func presentedAnimatable<Value: Animatable>(_ value: Value) -> Value {
        guard let animator = graph.animator else { return value }
        let key = graph.animationKey(id, property: graph.propertyName(of: Value.self))
        animator.setTarget(key, data: value.animatableData, animation: animation)
        return animator.presented(value, key: key, at: animator.clock.now)
    }
}

extension Animatable {
    /// The value of this type at `pointer`, replaced by its presented value (ResolveContext.presented).
    fileprivate static func present(at pointer: UnsafeMutableRawPointer, in context: ResolveContext) {
        let value = pointer.assumingMemoryBound(to: Self.self)
        value.pointee = context.presentedAnimatable(value.pointee)
    }

    /// The value at `pointer` becomes its track's target (ResolveContext.presentedWhenDrawn).
    fileprivate static func targetWhenDrawn(at pointer: UnsafeMutableRawPointer, in context: ResolveContext) -> AnimationKey {
        let graph = context.graph
        let key = graph.animationKey(context.id, property: graph.propertyName(of: Self.self), presentedOutsideBodies: true)
        graph.animator?.setTarget(key, data: pointer.assumingMemoryBound(to: Self.self).pointee.animatableData,
                                  animation: context.animation)
        return key
    }

    /// The value at `pointer`, replaced by its track's presented value now.
    fileprivate static func present(at pointer: UnsafeMutableRawPointer, key: AnimationKey, by animator: Animator) {
        let value = pointer.assumingMemoryBound(to: Self.self)
        value.pointee = animator.presented(value.pointee, key: key, at: animator.clock.now)
    }
}

/// SwiftUI's `.animation(_:value:)`: when `value` differs from the last update's, whatever
/// changes inside this view animates with `animation` (an implicit animation).
public struct ValueAnimation<Content: View, Value: Equatable>: View {
    public var content: Content
    public var animation: Animation?
    public var value: Value

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        let changed = context.withComponent(.named("animation")) { $0.graph.exchange(value, for: $0.id) }
        let outer = context.animation
        if changed { context.animation = animation }
        content._makeNodes(&context, into: &nodes)
        context.animation = outer
    }
}

extension View {
    public consuming func animation<Value: Equatable>(_ animation: Animation?, value: Value) -> ValueAnimation<Self, Value> {
        ValueAnimation(content: self, animation: animation, value: value)
    }
}
