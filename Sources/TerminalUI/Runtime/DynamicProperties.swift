@_spi(Reflection) import Swift

/// How the graph reaches a view's `@State`, `@ObservedObject` and `@Namespace` properties at each
/// evaluation. SwiftUI reads them at the field offsets its type's metadata gives, and so does
/// this, once per view type: the standard library's `_forEachField` (an SPI, not public API)
/// lists a struct's stored fields with their offsets and types, without a `Mirror` or a value.
/// Later views of the type are read at those offsets (reflecting a card's view at every frame
/// of its animation was a third of that frame's cost). A view that is a class is reflected
/// (`Mirror`) every time instead.
struct DynamicProperties {
    typealias Binder = (UnsafeRawBufferPointer, ViewGraph, ViewID) -> Void
    /// Read at their offsets, one per property.
    private var binders: [Binder] = []
    /// Read by reflection at every evaluation.
    private var reflects = false

    var isEmpty: Bool { binders.isEmpty && !reflects }

    static func find<V>(in view: V) -> DynamicProperties {
        var found = DynamicProperties()
        guard !(V.self is AnyClass) else {
            found.reflects = Mirror(reflecting: view).children.contains { dynamicProperty($0) != nil }
            return found
        }
        _ = _forEachField(of: V.self, options: []) { name, offset, type, _ in
            guard name.pointee == UInt8(ascii: "_"), let property = type as? any DynamicViewProperty.Type else { return true }
            found.binders.append(binder(for: property, at: offset, label: String(cString: name + 1)))
            return true
        }
        return found
    }

    func bind<V>(_ view: V, in graph: ViewGraph, id: ViewID) {
        guard !reflects else {
            for child in Mirror(reflecting: view).children {
                Self.dynamicProperty(child)?.bind(in: graph, id: id, label: Self.label(of: child))
            }
            return
        }
        withUnsafeBytes(of: view) { bytes in
            for binder in binders { binder(bytes, graph, id) }
        }
    }

    /// The property as a dynamic one, if it is one. `@State`, `@ObservedObject` and `@Namespace`
    /// are property wrappers, stored as `_name`: only those are asked. (The first time a type is
    /// asked about, the Swift runtime scans every conformance in the binary for it; asking of
    /// every stored property of the page's first views was a millisecond of start-up.)
    private static func dynamicProperty(_ child: Mirror.Child) -> (any DynamicViewProperty)? {
        guard child.label?.utf8.first == UInt8(ascii: "_") else { return nil }
        return child.value as? any DynamicViewProperty
    }

    /// `@State var x` is stored as `_x`: the inspector shows the name as written.
    private static func label(of child: Mirror.Child) -> String {
        child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "?"
    }

    /// Reads a property of type `P` at `offset` among a view's bytes.
    private static func binder<P: DynamicViewProperty>(for type: P.Type, at offset: Int, label: String) -> Binder {
        { bytes, graph, id in
            bytes.load(fromByteOffset: offset, as: P.self).bind(in: graph, id: id, label: label)
        }
    }
}
