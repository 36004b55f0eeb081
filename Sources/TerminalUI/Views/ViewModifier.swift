/// SwiftUI's `ViewModifier`: takes some content and returns it modified (`Cardify` turns any
/// content into a card). As in the lecture, `body(content:)` is a `@ViewBuilder` returning the
/// modified view; the view then draws into whatever rect it is offered.
public protocol ViewModifier {
    /// What the modifier is applied to, as the modifier needs to know it (in SwiftUI, a view;
    /// here whatever the modifier takes: Cardify's is the card's inside and its styles).
    associatedtype Content
    associatedtype Body: View
    @ViewBuilder func body(content: Content) -> Body
}

/// SwiftUI's `ModifiedContent`: content with a modifier applied, drawn by the modifier's body.
/// `content.modifier(m)` makes one, as `.modifier(Cardify(isFaceUp:))` does in the lecture.
public struct ModifiedContent<Modifier: ViewModifier>: View {
    public var content: Modifier.Content
    public var modifier: Modifier

    public init(content: Modifier.Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        modifier.body(content: content).draw(in: rect, on: &canvas)
    }

    /// In a graph, the modifier is a view of its own: its `@State` kept, and — when it is
    /// `Animatable` — its `animatableData` presented by the transaction's animation before its
    /// body is evaluated, though nobody declared it (lecture 8's "the animation system tells
    /// Cardify the rotation at every frame").
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.withComponent(.type(ViewType(Modifier.self))) { context in
            context.graph.bindDynamicProperties(of: modifier, id: context.id)
            if context.graph.isAnimatable(Modifier.self), let content = content as? AnyView {
                makeAnimatedUnit(content: content, &context, into: &nodes)
            } else {
                context.presented(modifier).body(content: content)._makeNodes(&context, into: &nodes)
            }
        }
    }

    /// An `Animatable` modifier as SwiftUI animates it: at an animation frame only its body is
    /// evaluated again, with the new `animatableData`, its `content` the nodes the content made
    /// the first time (AnimatedUnits.swift). The content is made here, once, and noted.
    private func makeAnimatedUnit(content: AnyView, _ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        let graph = context.graph
        let start = graph.beginUnit()
        let made = MadeContent()
        let noting = AnyView { context, nodes in
            let first = nodes.count, inner = graph.beginUnit()
            content._makeNodes(&context, into: &nodes)
            // A value the content left to no unit of its own would not be presented again.
            made.note(Array(nodes[first...]), id: context.id, barriers: graph.unitBarriers - inner.barriers,
                      leftKeys: graph.unclaimedKeys.count > inner.keys)
        }
        guard let notingContent = noting as? Modifier.Content else {
            return context.presented(modifier).body(content: self.content)._makeNodes(&context, into: &nodes)
        }
        let first = nodes.count
        context.presented(modifier).body(content: notingContent)._makeNodes(&context, into: &nodes)
        guard nodes.count == first + 1, let node = nodes.last, made.isReusable, !node.hasTraits,
              !node.containsGeometry(except: made.nodes) else { return }
        var place = context
        place.animation = nil
        let modifier = modifier
        graph.claimKeys(since: start, barriersInside: made.barriers, kind: .node, node: node) {
            var context = place
            made.uses = 0
            let reused = AnyView { context, nodes in
                made.uses += 1
                // Put elsewhere, the content would be a new identity: its body is made whole.
                if context.id != made.id { graph.unitRemakeFailed = true }
                nodes.append(contentsOf: made.nodes)
            }
            var remade: [ViewNode] = []
            if let reusedContent = reused as? Modifier.Content {
                context.presented(modifier).body(content: reusedContent)._makeNodes(&context, into: &remade)
            }
            if made.uses != 1 { graph.unitRemakeFailed = true }
            return remade
        }
    }
}

/// What an animated modifier's content made the first time: reused by its animation frames.
private final class MadeContent {
    var nodes: [ViewNode] = []
    var id = ViewID()
    var barriers = 0
    var uses = 0
    private var leftKeys = false

    func note(_ nodes: [ViewNode], id: ViewID, barriers: Int, leftKeys: Bool) {
        uses += 1
        self.nodes = nodes
        self.id = id
        self.barriers = barriers
        self.leftKeys = leftKeys
    }

    /// Made once, presenting nothing it left unclaimed.
    var isReusable: Bool { uses == 1 && !leftKeys }
}

extension View {
    /// `.modifier(Cardify(isFaceUp:))`: this view, modified.
    ///
    /// Every modifier is `consuming`: the view moves into the value that wraps it. Borrowed, each
    /// of a card's nine modifiers copied everything inside it at every evaluation (callgrind: 4 %
    /// of a tap).
    public consuming func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> ModifiedContent<Modifier> where Modifier.Content == Self {
        ModifiedContent(content: self, modifier: modifier)
    }
}
