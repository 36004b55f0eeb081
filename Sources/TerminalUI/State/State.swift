/// A view that owns `@State`: it hears about every change so it can update before the next frame.
public protocol StatefulView: AnyObject {
    func stateWillChange()
}

/// SwiftUI's `@State`: UI-only state owned by a view (the lecture's `dealt` set lives here, not
/// in the model). Setting it tells the owning view, exactly as `@Published` tells observers.
@propertyWrapper
public struct State<Value> {
    private var value: Value

    public init(wrappedValue: Value) { value = wrappedValue }

    @available(*, unavailable, message: "@State is only available on properties of StatefulView classes")
    public var wrappedValue: Value {
        get { fatalError("unreachable") }
        set { fatalError("unreachable") }
    }

    public static subscript<Owner: StatefulView>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, State<Value>>
    ) -> Value {
        get { owner[keyPath: storageKeyPath].value }
        set {
            owner.stateWillChange()
            owner[keyPath: storageKeyPath].value = newValue
        }
    }
}
