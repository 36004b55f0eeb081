/// SwiftUI's `Transaction`: the animation a state change travels with. `withAnimation` opens
/// one around its body; a `@State` or `@Published` change made inside hands it to the graph,
/// whose next update animates every `Animatable` value that changed from where it is presented.
public struct Transaction: Sendable {
    public var animation: Animation?

    /// The transaction open now, if any: a task-local, so it belongs to the code that opened it
    /// (the run loop's, or each of the tests running side by side), never to another thread's.
    @TaskLocal public static var current: Transaction?

    static func with<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
        try $current.withValue(transaction, operation: body)
    }
}

/// SwiftUI's `withAnimation`: runs `body`; what its state changes move animates with `animation`.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.with(Transaction(animation: animation), body)
}
