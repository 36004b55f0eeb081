/// A view's identity, as SwiftUI has it: its structural position (the path of blocks, branches
/// and view types from the root) or, inside a `ForEach`, the id of its element. `@State`,
/// `onAppear` and animations belong to an identity: they live while a view of that identity is
/// in the tree and are dropped when it leaves.
///
/// Every frame makes the identities of the views it evaluates, so one is cheap to make, hash and
/// compare: a link to its parent's path plus one component, with the whole path's hash worked
/// out once when the link is made (not an array copied and hashed again at every step).
public struct ViewID: Hashable, CustomStringConvertible {
    public enum Component: Hashable, CustomStringConvertible {
        /// The n-th view of a `@ViewBuilder` block.
        case index(Int)
        /// A side of an `if`/`else` (1, 2) or an `if` alone (0).
        case branch(Int)
        /// A composite view of this type (swapping types at one position is a new view).
        case type(ViewType)
        /// An element of a `ForEach` (or a matched group), by its id.
        case id(ElementID)
        /// Something a modifier owns under the view (an `onAppear`, an animated value).
        case named(String)

        /// What this step adds to a path's hash: the case and its value, without a `Hasher`
        /// (an element's id is hashed by its own type, once).
        var stepHash: Int {
            switch self {
            case .index(let index): ViewID.mix(1, index)
            case .branch(let side): ViewID.mix(2, side)
            case .type(let type): ViewID.mix(3, Int(bitPattern: ObjectIdentifier(type.type)))
            case .id(let id): ViewID.mix(4, id.stepValue)
            case .named(let name): ViewID.mix(5, name.hashValue)
            }
        }

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

    /// An element's id. An `Int`, the usual kind (a card's), is held as itself: making, hashing
    /// and comparing it is a few instructions, where an `AnyHashable` of it asked the Swift
    /// runtime for the integer's conformances each time (about 3,000 instructions, twice a card
    /// at every evaluation of the game page). Any other id is held as an `AnyHashable`.
    public struct ElementID: Hashable, CustomStringConvertible {
        @usableFromInline enum Storage: Hashable {
            case int(Int)
            case other(AnyHashable)
        }
        @usableFromInline let storage: Storage

        @inlinable public init<ID: Hashable>(_ id: ID) {
            // Folded away where `ID` is known (a specialised ForEach): no cast at run time.
            if let int = id as? Int { storage = .int(int) } else { storage = .other(AnyHashable(id)) }
        }

        /// Compared and hashed as themselves, an `Int` by one comparison: the matched groups'
        /// table is asked for every card at every frame of a deal, and the synthesised versions
        /// copied both enums to compare them (about 2,000 instructions a lookup, callgrind).
        @inlinable public static func == (lhs: ElementID, rhs: ElementID) -> Bool {
            if case .int(let left) = lhs.storage, case .int(let right) = rhs.storage { return left == right }
            return lhs.storage == rhs.storage
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(stepValue) }

        /// One SplitMix64 round with the table's seed, as `ViewID` does (not a whole SipHash).
        public func _rawHashValue(seed: Int) -> Int { ViewID.mix(seed, stepValue) }

        /// The id as an `Int`, when it is one.
        public var int: Int? {
            if case .int(let int) = storage { int } else { nil }
        }

        /// What a path's hash folds in for this id (`Component.stepHash`).
        var stepValue: Int {
            switch storage {
            case .int(let int): int
            case .other(let other): other.hashValue
            }
        }

        public var description: String {
            switch storage {
            case .int(let int): "\(int)"
            case .other(let other): "\(other)"
            }
        }
    }

    /// One step of the path: immutable, shared by every identity below it.
    final class Step {
        let parent: Step?
        let component: Component
        /// The hash of the whole path down to here, and its length.
        let pathHash: Int
        let depth: Int

        init(parent: Step?, component: Component) {
            self.parent = parent
            self.component = component
            pathHash = ViewID.mix(parent?.pathHash ?? ViewID.rootHash, component.stepHash)
            depth = (parent?.depth ?? 0) + 1
        }
    }

    /// The root path's hash: SipHash's seed for this process, so paths hash differently in
    /// each process (a collision, if one ever came, would not come back every run).
    private static let rootHash: Int = {
        var hasher = Hasher()
        hasher.combine(0)
        return hasher.finalize()
    }()

    /// One step's hash folded into its parent path's: SplitMix64's finisher, which every frame
    /// runs for each identity it makes (a whole SipHash per step was a twentieth of a tap).
    static func mix(_ hash: Int, _ value: Int) -> Int {
        var z = UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(value))
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(bitPattern: UInt(z ^ (z >> 31)))
    }

    private let last: Step?

    /// The root's identity.
    public init() { last = nil }

    public init(_ components: [Component]) {
        last = components.reduce(nil) { Step(parent: $0, component: $1) }
    }

    private init(last: Step) { self.last = last }

    public func appending(_ component: Component) -> ViewID { ViewID(last: Step(parent: last, component: component)) }

    /// The path from the root (the inspector; tests).
    public var components: [Component] {
        var path: [Component] = []
        var step = last
        while let current = step {
            path.append(current.component)
            step = current.parent
        }
        return path.reversed()
    }

    /// The last step of the path (nil: the root).
    public var lastComponent: Component? { last?.component }

    /// True when `component` is a step of this path (an element's id: the views of one card).
    public func contains(_ component: Component) -> Bool {
        var step = last
        while let current = step {
            if current.component == component { return true }
            step = current.parent
        }
        return false
    }

    /// Two paths are the same when they are one step, or when their paths' hashes and depths are
    /// equal. Not walking them up to the root, nor comparing their last components (an element's
    /// id may be an `AnyHashable`, compared by a dynamic cast), is what keeps the graph's tables cheap:
    /// every evaluation looks up and marks hundreds of identities, made afresh, against those the
    /// last one kept. It trusts the 64-bit hash of the whole path, seeded afresh in each process:
    /// two of a few thousand live identities share one by chance about once in 10^12 processes.
    public static func == (lhs: ViewID, rhs: ViewID) -> Bool {
        guard let l = lhs.last, let r = rhs.last else { return lhs.last == nil && rhs.last == nil }
        return l === r || (l.pathHash == r.pathHash && l.depth == r.depth)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(last?.pathHash ?? 0) }

    /// What `Set` and `Dictionary` ask for, seeded per table. The path's hash is SipHash's
    /// already, seeded per process: a second SipHash round over it, at every mark and lookup of
    /// every evaluation, was a tenth of a tap's instructions (callgrind). SplitMix64's finisher
    /// mixes the table's seed in instead (every bit of the seed reaches every bit of the result).
    public func _rawHashValue(seed: Int) -> Int { Self.mix(seed, last?.pathHash ?? 0) }

    /// The identity as a plain value (what `==` compares), for a table that only asks whether
    /// an identity is in it: no reference to count at each insert and each clear.
    struct Key: Hashable {
        let pathHash: Int
        let depth: Int
        func _rawHashValue(seed: Int) -> Int { ViewID.mix(seed, pathHash) }
    }

    var key: Key { Key(pathHash: last?.pathHash ?? 0, depth: last?.depth ?? 0) }

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
