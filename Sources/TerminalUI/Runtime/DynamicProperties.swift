/// How the graph reaches a view's `@State`, `@ObservedObject` and `@Namespace` properties at each
/// evaluation. SwiftUI reads them at the field offsets its type's metadata gives; Swift has no
/// public API for those, so the first view of a type is reflected (`Mirror`) and each dynamic
/// property's offset is found by its bytes among the view's; later views of the type are read
/// there, without reflection (reflecting a card's view at every frame of its animation was a
/// third of that frame's cost). If a property's bytes are not found exactly once, or the view
/// is a class, views of that type are reflected every time instead.
struct DynamicProperties {
    typealias Binder = (UnsafeRawBufferPointer, ViewGraph, ViewID) -> Void
    /// Read at their offsets, one per property.
    private var binders: [Binder] = []
    /// Read by reflection at every evaluation.
    private var reflects = false

    var isEmpty: Bool { binders.isEmpty && !reflects }

    static func find<V>(in view: V) -> DynamicProperties {
        var found = DynamicProperties()
        for child in Mirror(reflecting: view).children {
            guard let property = child.value as? any DynamicViewProperty else { continue }
            guard !found.reflects, !(V.self is AnyClass), let binder = binder(for: property, in: view, label: label(of: child)) else {
                found.reflects = true
                continue
            }
            found.binders.append(binder)
        }
        if found.reflects { found.binders = [] }
        return found
    }

    func bind<V>(_ view: V, in graph: ViewGraph, id: ViewID) {
        guard !reflects else {
            for child in Mirror(reflecting: view).children {
                (child.value as? any DynamicViewProperty)?.bind(in: graph, id: id, label: Self.label(of: child))
            }
            return
        }
        withUnsafeBytes(of: view) { bytes in
            for binder in binders { binder(bytes, graph, id) }
        }
    }

    /// `@State var x` is stored as `_x`: the inspector shows the name as written.
    private static func label(of child: Mirror.Child) -> String {
        child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "?"
    }

    /// Reads `property`'s type at the one offset where its bytes lie among `view`'s.
    private static func binder<V, P: DynamicViewProperty>(for property: P, in view: V, label: String) -> Binder? {
        let size = MemoryLayout<P>.size, alignment = MemoryLayout<P>.alignment
        let offsets: [Int] = withUnsafeBytes(of: view) { viewBytes in
            withUnsafeBytes(of: property) { propertyBytes in
                guard size > 0, viewBytes.count >= size else { return [] }
                return stride(from: 0, through: viewBytes.count - size, by: alignment).filter { offset in
                    viewBytes[offset..<(offset + size)].elementsEqual(propertyBytes)
                }
            }
        }
        guard offsets.count == 1, let offset = offsets.first else { return nil }
        return { bytes, graph, id in
            bytes.load(fromByteOffset: offset, as: P.self).bind(in: graph, id: id, label: label)
        }
    }
}
