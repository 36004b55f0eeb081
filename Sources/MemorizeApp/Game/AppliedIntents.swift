import Memorize

/// Where the view model announces each intent it applied, after the game changed: the view and
/// the inspector read it, and a table's channel forwards it. (`objectWillChange` says only that
/// something will change; this says what did.)
public final class AppliedIntents {
    /// In the order they subscribed; a game has one or two listeners.
    private var listeners: [(id: Int, receive: (TimedIntent) -> Void)] = []
    private var nextID = 0

    public init() {}

    func send(_ intent: TimedIntent) {
        for listener in listeners { listener.receive(intent) }
    }

    /// Listens until the returned token is released or cancelled.
    public func sink(_ receive: @escaping (TimedIntent) -> Void) -> Token {
        let id = nextID
        nextID += 1
        listeners.append((id, receive))
        return Token { [weak self] in self?.listeners.removeAll { $0.id == id } }
    }

    /// A subscription; ends itself when released.
    public final class Token {
        private var end: (() -> Void)?
        init(_ end: @escaping () -> Void) { self.end = end }
        public func cancel() { end?(); end = nil }
        deinit { cancel() }
    }
}
