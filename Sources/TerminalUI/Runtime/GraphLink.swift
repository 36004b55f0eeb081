/// A link to a graph for what may outlive it (a `@State`'s location, an observed object's
/// subscription): it does not keep the graph alive, and reads nil once the graph is gone.
///
/// It is what `weak` does, by hand: a weak reference gives the object a side table for good,
/// and every later retain and release of it takes the slow path through that table. The graph
/// is retained and released thousands of times a frame (every `ResolveContext` reads it), which
/// that slow path made about 5 % of a deal's CPU. The graph cuts its link as it goes.
final class GraphLink {
    private unowned(unsafe) var target: ViewGraph?
    private var isCut = false

    /// The graph, while it lives.
    var graph: ViewGraph? { isCut ? nil : target }

    func connect(_ graph: ViewGraph) { target = graph }
    func cut() {
        isCut = true
        target = nil
    }
}
