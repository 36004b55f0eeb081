/// A class view that owns `@State` (the game page while it is a class): it hears about every
/// change so it can update before the next frame.
public protocol StatefulView: AnyObject {
    func stateWillChange()
}

/// Where one `@State` value lives: kept by the `ViewGraph` under its view's identity for as
/// long as that view is in the tree, so a view value made afresh at every evaluation finds it.
public class StateLocationBase {
    /// The value as the inspector prints it.
    public var valueDescription: String { "" }
    /// The graph keeping it (not retained: a location may outlive its graph; see GraphLink).
    var link: GraphLink?
    var graph: ViewGraph? { link?.graph }
    /// The view it belongs to: a change re-evaluates that view's body (and those around it).
    var owner: ViewID?
}

final class StateLocation<Value>: StateLocationBase {
    var value: Value {
        willSet { graph?.stateWillChange(of: owner) }
    }
    init(_ value: Value) { self.value = value }
    override var valueDescription: String { String(describing: value) }
}

/// The location a `State` reads, rebound by the graph at each evaluation (a view value is
/// copied; the slot is shared by its copies, so an action closure captured by the body sees
/// the location the graph bound).
final class StateSlot<Value> {
    var location: StateLocation<Value>
    init(_ location: StateLocation<Value>) { self.location = location }
}

/// SwiftUI's `@State`: UI-only state owned by a view (the lecture's `dealt` set, a card's
/// `animatedBonusRemaining`). In a `View` struct it is stored per view identity by the graph
/// and kept while the view lives; setting it updates the views (with the open transaction's
/// animation). In a `StatefulView` class it is the class's own and tells it of each change.
@propertyWrapper
public struct State<Value> {
    let slot: StateSlot<Value>

    public init(wrappedValue: Value) { slot = StateSlot(StateLocation(wrappedValue)) }

    public var wrappedValue: Value {
        get { slot.location.value }
        nonmutating set { slot.location.value = newValue }
    }

    public static subscript<Owner: StatefulView>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, State<Value>>
    ) -> Value {
        get { owner[keyPath: storageKeyPath].slot.location.value }
        set {
            owner.stateWillChange()
            owner[keyPath: storageKeyPath].slot.location.value = newValue
        }
    }
}

/// A property the graph connects before a body is evaluated (SwiftUI's `DynamicProperty`).
protocol DynamicViewProperty {
    func bind(in graph: ViewGraph, id: ViewID, label: String)
}

extension State: DynamicViewProperty {
    func bind(in graph: ViewGraph, id: ViewID, label: String) {
        if let kept = graph.stateLocation(id: id, label: label) as? StateLocation<Value> {
            slot.location = kept
        } else {
            slot.location.link = graph.link
            graph.keep(slot.location, id: id, label: label)
        }
    }
}

/// SwiftUI's `@ObservedObject`: a view watches an `ObservableObject` (the lecture's
/// `EmojiMemoryGame`); any `@Published` change re-evaluates the views.
@propertyWrapper
public struct ObservedObject<Object: ObservableObject> {
    public let wrappedValue: Object
    public init(wrappedValue: Object) { self.wrappedValue = wrappedValue }
}

extension ObservedObject: DynamicViewProperty {
    func bind(in graph: ViewGraph, id: ViewID, label: String) { graph.observe(wrappedValue) }
}
