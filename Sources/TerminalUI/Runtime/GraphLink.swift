/// A link to a graph for what may outlive it (a `@State`'s location, an observed object's
/// subscription): it does not keep the graph alive, and reads nil once the graph is gone.
///
/// It is what `weak` does, by hand: a weak reference gives the object a side table for good,
/// and every later retain and release of it takes the slow path through that table. The graph
/// is retained and released thousands of times a frame (every `ResolveContext` reads it), which
/// that slow path made about 5 % of a deal's CPU. The graph cuts its link as it goes; the link is
/// checked (`unowned`), so a read the graph did not cut in time stops the program there.
final class GraphLink {
    /// The graph, while it lives.
    private(set) unowned var graph: ViewGraph?

    func connect(_ graph: ViewGraph) { self.graph = graph }
    func cut() { graph = nil }
}
