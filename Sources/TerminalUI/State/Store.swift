/// The lecture's reactive store, written out so learners can see what SwiftUI does underneath:
/// an `ObservableObject` owns an `objectWillChange` publisher, each `@Published` property sends
/// on it before it changes, and views subscribed to it re-render.
public final class ObservableObjectPublisher {
    /// In the order they subscribed (a store has one or two): a list, not a table.
    private var subscribers: [(id: Int, receive: () -> Void)] = []
    private var nextID = 0

    /// How many times `send()` ran: the inspector shows the store at work (one add per change).
    public private(set) var sendCount = 0

    public init() {}

    /// Tells every subscriber the object is about to change.
    public func send() {
        sendCount &+= 1
        // In subscription order; one cancelled by an earlier one meanwhile is not told.
        for id in subscribers.map(\.id) { subscribers.first(where: { $0.id == id })?.receive() }
    }

    /// Subscribes; the subscription lasts until the returned token is cancelled or released.
    public func sink(_ receive: @escaping () -> Void) -> Cancellable {
        let id = nextID
        nextID += 1
        subscribers.append((id, receive))
        return Cancellable { [weak self] in self?.subscribers.removeAll { $0.id == id } }
    }
}

/// A subscription; cancels itself when released (like Combine's AnyCancellable).
public final class Cancellable {
    private var cancelAction: (() -> Void)?
    init(_ cancel: @escaping () -> Void) { cancelAction = cancel }
    public func cancel() { cancelAction?(); cancelAction = nil }
    deinit { cancel() }
}

/// SwiftUI's `ObservableObject`: a class whose changes views watch.
public protocol ObservableObject: AnyObject {
    var objectWillChange: ObservableObjectPublisher { get }
}

/// SwiftUI's `@Published`: a stored property that announces changes on its enclosing object's
/// `objectWillChange`. Works only inside an `ObservableObject` class (enclosing-instance wrapper).
@propertyWrapper
public struct Published<Value> {
    private var value: Value

    public init(wrappedValue: Value) { value = wrappedValue }

    @available(*, unavailable, message: "@Published is only available on properties of ObservableObject classes")
    public var wrappedValue: Value {
        get { fatalError("unreachable") }
        set { fatalError("unreachable") }
    }

    public static subscript<Enclosing: ObservableObject>(
        _enclosingInstance object: Enclosing,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Enclosing, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            object.objectWillChange.send()
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}
