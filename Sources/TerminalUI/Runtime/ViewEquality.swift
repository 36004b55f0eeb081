/// How the graph compares two views of one type at every frame (a kept body's view with the new
/// one, the last root with this one), without boxing them: `view as? any Equatable` copies a
/// view — a card, its palette and all — into an existential box, and `as? Self` copies the
/// other out again, at each comparison of each card.
final class ViewBox<V>: AnyViewBox {
    private(set) var view: V
    init(_ view: V) { self.view = view }
    var anyView: Any { view }

    /// Holds `view`, equal to the one held, from now on (ViewGraph.update).
    func replace(with view: V) { self.view = view }
}

/// A `ViewBox` of any view type.
protocol AnyViewBox: AnyObject {
    var anyView: Any { get }
}

extension ViewGraph {
    /// `V` as an `Equatable` type (nil: it is not one), worked out once per type.
    func equatableType<V>(of type: V.Type) -> (any Equatable.Type)? {
        let key = ObjectIdentifier(type)
        if let known = equatableTypes[key] { return known }
        let answer = type as? any Equatable.Type
        equatableTypes[key] = answer
        return answer
    }

    /// True when `view` equals the view in `box` (false when its type is not `Equatable`).
    func isEqual<V>(_ view: V, to box: ViewBox<V>) -> Bool {
        guard let type = equatableType(of: V.self) else { return false }
        return withUnsafePointer(to: view) { new in
            withUnsafePointer(to: box.view) { old in type.equals(UnsafeRawPointer(new), UnsafeRawPointer(old)) }
        }
    }
}

extension Equatable {
    /// `==` of two values of this type, where they lie.
    fileprivate static func equals(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: Self.self).pointee == rhs.assumingMemoryBound(to: Self.self).pointee
    }
}
