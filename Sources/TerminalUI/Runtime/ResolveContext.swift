/// What a view is evaluated in: the graph keeping its state, its identity (the path from the
/// root) and the transaction of the update (the animation `withAnimation` or
/// `.animation(_:value:)` gives the changes it causes).
public struct ResolveContext {
    /// Not retained: a context is kept by what the graph owns (a `GeometryReader`'s node, a kept
    /// body's or an animated unit's way to make itself again), so a strong link is a cycle and no
    /// graph would ever go (KeptBodiesTests.aStateSetAfterItsGraphWentTellsNoOne). Checked, as
    /// every link of the runtime is: a context that outlived its graph stops the program instead
    /// of reading freed memory. The check costs 0.6 % of a deal's instructions (callgrind,
    /// 50.15M → 50.47M).
    unowned let graph: ViewGraph
    /// The identity of the view being evaluated.
    public private(set) var id: ViewID
    /// The animation the values changed in this update travel with (nil: they jump).
    public internal(set) var animation: Animation?

    init(graph: ViewGraph, id: ViewID, animation: Animation?) {
        self.graph = graph
        self.id = id
        self.animation = animation
    }

    /// Evaluates `body` one step further down the identity path.
    public mutating func withComponent<Result>(_ component: ViewID.Component,
                                               _ body: (inout ResolveContext) -> Result) -> Result {
        let saved = id
        id = id.appending(component)
        defer { id = saved }
        return body(&self)
    }

    /// `view`'s nodes one step further down the identity path. A method, not a closure: the
    /// release build's cross-module optimiser crashes (Swift 6.3.1, signal 6 in
    /// CrossModuleOptimization) on a closure that captures an element of a parameter pack,
    /// which is what TupleView's loop over its views handed `withComponent` when it was variadic.
    public mutating func makeNodes<V: View>(of view: V, as component: ViewID.Component, into nodes: inout [ViewNode]) {
        let saved = id
        id = id.appending(component)
        defer { id = saved }
        view._makeNodes(&self, into: &nodes)
    }

    /// A composite view: its `@State` bound to what the graph keeps for its identity, then its
    /// body evaluated under it — or, when its inputs are as they were, the body's nodes kept
    /// from the last update (KeptBodies.swift).
    /// `equals`, when given, is `V`'s `==` (see EquatableView).
    mutating func resolveBody<V: View>(of view: V, into nodes: inout [ViewNode], equals: ((V, V) -> Bool)? = nil) {
        let parentID = id
        withComponent(.type(ViewType(V.self))) { context in
            let graph = context.graph
            if let kept = graph.keptNode(for: view, id: context.id, equals: equals) {
                nodes.append(kept)
                return
            }
            let keeping = graph.beginKeeping(view, id: context.id)
            let first = nodes.count
            graph.bindDynamicProperties(of: view, id: context.id)
            view.body._makeNodes(&context, into: &nodes)
            if keeping, let kept = graph.endKeeping(id: context.id, nodes: nodes[first...]) {
                // An animation frame evaluates it again alone, where it is, without a transaction;
                // a change of its own `@State`, with the change's (ViewGraph.reevaluateStateOwners).
                let place = ResolveContext(graph: graph, id: parentID, animation: nil)
                kept.remake = { animation in
                    var context = place
                    context.animation = animation
                    var remade: [ViewNode] = []
                    context.resolveBody(of: view, into: &remade, equals: equals)
                    return remade.count == 1 ? remade[0] : nil
                }
            }
        }
    }
}
