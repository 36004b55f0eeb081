/// The graph's answers about what the last update laid out: which view a click taps, and what
/// the inspector shows (each view's `@State`, the animations by view).
extension ViewGraph {
    /// `.onTapGesture` for a click at `point`: the topmost tappable view there runs its action.
    @discardableResult
    public func tap(at point: Point) -> Bool {
        guard let action = tapTarget(at: point)?.tapAction else { return false }
        action()
        return true
    }

    /// The view a click at `point` would tap, as the last update laid it out (HitTesting.swift).
    public func tapTarget(at point: Point) -> ViewNode? { root?.tapTarget(at: point) }

    /// The presented `animatableData` of the first animated value whose property name starts
    /// with `property` (`"Cardify"`, `"Pie"`, `"RotationEffect"`) in a view under `component`
    /// (a `ForEach` element's id): what is drawn now, for hit tests and the inspector.
    public func presentedData<Data: VectorArithmetic>(_ type: Data.Type, property: String, under component: ViewID.Component) -> Data? {
        guard let animator, let key = animationKey(property: property, under: component) else { return nil }
        return animator.presentedData(key, at: animator.clock.now) as? Data
    }

    /// The animator's key of that value (see `presentedData`), if the graph animates one.
    public func animationKey(property: String, under component: ViewID.Component) -> AnimationKey? {
        for (id, entry) in animationIDs where id.contains(component) {
            guard let name = entry.properties.first(where: { $0.hasPrefix(property) }) else { continue }
            return AnimationKey(entry.number, name)
        }
        return nil
    }

    /// The view whose animated value `key` is (the inspector labels the running animations).
    public func owner(of key: AnimationKey) -> ViewID? {
        animationIDs.first { $0.value.number == key.id }?.key
    }

    /// Every `@State` the graph keeps, by view identity (the inspector's "runtime" section).
    public var keptState: [(id: ViewID, label: String, value: String)] {
        states.flatMap { id, entries in entries.map { (id, $0.label, $0.location.valueDescription) } }
            .sorted { ($0.id.description, $0.label) < ($1.id.description, $1.label) }
    }
}
