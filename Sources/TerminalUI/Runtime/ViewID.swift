/// A view's identity, as SwiftUI has it: its structural position (the path of blocks, branches
/// and view types from the root) or, inside a `ForEach`, the id of its element. `@State`,
/// `onAppear` and animations belong to an identity: they live while a view of that identity is
/// in the tree and are dropped when it leaves.
public struct ViewID: Hashable, CustomStringConvertible {
    public enum Component: Hashable, CustomStringConvertible {
        /// The n-th view of a `@ViewBuilder` block.
        case index(Int)
        /// A side of an `if`/`else` (1, 2) or an `if` alone (0).
        case branch(Int)
        /// A composite view of this type (swapping types at one position is a new view).
        case type(ViewType)
        /// An element of a `ForEach`, by its id.
        case id(AnyHashable)
        /// Something a modifier owns under the view (an `onAppear`, an animated value).
        case named(String)

        public var description: String {
            switch self {
            case .index(let index): "\(index)"
            case .branch(let side): ["if", "then", "else"][min(side, 2)]
            case .type(let type): type.description
            case .id(let id): "[\(id)]"
            case .named(let name): name
            }
        }
    }

    public private(set) var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public func appending(_ component: Component) -> ViewID { ViewID(components + [component]) }

    /// The path the inspector shows: view types and ids, not the block positions between them.
    public var description: String {
        let shown = components.filter { if case .index = $0 { false } else if case .branch = $0 { false } else { true } }
        return shown.isEmpty ? "root" : shown.map(\.description).joined(separator: "/")
    }
}

/// A view type as an identity component: compared by the type itself, named for the inspector.
public struct ViewType: Hashable, CustomStringConvertible {
    public let type: Any.Type
    public init(_ type: Any.Type) { self.type = type }
    public static func == (lhs: ViewType, rhs: ViewType) -> Bool { lhs.type == rhs.type }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
    /// The name without generic arguments (`ModifiedContent`, not the whole nested type).
    public var description: String {
        let name = String(describing: type)
        return name.firstIndex(of: "<").map { String(name[..<$0]) } ?? name
    }
}
