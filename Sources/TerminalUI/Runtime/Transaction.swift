/// SwiftUI's `Transaction`: the animation a state change travels with. `withAnimation` opens
/// one around its body; a `@State` or `@Published` change made inside hands it to the graph,
/// whose next update animates every `Animatable` value that changed from where it is presented.
public struct Transaction: Sendable {
    public var animation: Animation?

    /// The transaction open now, if any. The UI runs on one thread (the run loop's): a change
    /// is made, and its views updated, there.
    nonisolated(unsafe) public private(set) static var current: Transaction?

    static func with<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
        let outer = current
        current = transaction
        defer { current = outer }
        return try body()
    }
}

/// SwiftUI's `withAnimation`: runs `body`; what its state changes move animates with `animation`.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.with(Transaction(animation: animation), body)
}
