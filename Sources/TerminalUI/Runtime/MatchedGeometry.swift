/// SwiftUI's `@Namespace`: an id for a group of matched views, made once per view identity and
/// kept while the view lives (lecture 8's `@Namespace private var dealingNamespace`).
@propertyWrapper
public struct Namespace {
    public struct ID: Hashable, Sendable {
        let value: Int
    }

    let slot: StateSlot<Int>

    public init() { slot = StateSlot(StateLocation(0)) }

    public var wrappedValue: ID { ID(value: slot.location.value) }
}

extension Namespace: DynamicViewProperty {
    func bind(in graph: ViewGraph, id: ViewID, label: String) {
        if let kept = graph.stateLocation(id: id, label: label) as? StateLocation<Int> {
            slot.location = kept
        } else {
            // Not a state anyone sets: no graph to tell (an id handed out once).
            slot.location = StateLocation(graph.makeNamespace())
            graph.keep(slot.location, id: id, label: label)
        }
    }
}

/// SwiftUI's `.matchedGeometryEffect(id:in:)`: views with one `id` in one namespace are one
/// view as far as their frame goes. When one leaves and another comes (a card from the deck to
/// its slot), or it moves, its frame travels from where it was presented with the update's
/// animation, and its content is laid out in the presented frame.
public struct MatchedGeometryEffect<Content: View, ID: Hashable>: View {
    public var content: Content
    public var id: ID
    public var namespace: Namespace.ID

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.graph.noteUnkeepable()    // the graph moves its frame after layout
        let first = nodes.count
        content._makeNodes(&context, into: &nodes)
        let key = context.graph.matchedGroup(id, in: namespace)
        for node in nodes[first...] { node.matchedGeometry = key }
    }
}

extension View {
    public consuming func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID) -> MatchedGeometryEffect<Self, ID> {
        MatchedGeometryEffect(content: self, id: id, namespace: namespace)
    }
}

extension ViewGraph {
    /// The identity of matched group `id` in `namespace`: `matched/namespace/id`. Every card
    /// names its group at every evaluation, so the first two steps are made once per namespace.
    func matchedGroup<ID: Hashable>(_ id: ID, in namespace: Namespace.ID) -> ViewID {
        let prefix = matchedNamespaces[namespace.value] ?? {
            let made = ViewID([.named("matched"), .id(ViewID.ElementID(namespace.value))])
            matchedNamespaces[namespace.value] = made
            return made
        }()
        return prefix.appending(.id(ViewID.ElementID(id)))
    }

    /// After layout, which gave every matched view its frame and laid nothing out in it: that
    /// frame becomes the target of its group's track, and the view is laid out where the track
    /// is presented now — between cells while it flies (ViewNode.fractionalFrame), so a turn
    /// inside it moves in eighths of a cell.
    func presentMatchedGeometry(in node: ViewNode, animation: Animation?) {
        if let key = node.matchedGeometry, let animator {
            let track = animationKey(key, property: "frame", presentedOutsideBodies: true)
            if case .id(let group) = key.lastComponent { matchedTracks[group] = track }
            let target = FloatRect(node.frame)
            animator.setTarget(track, data: target.animatableData, animation: animation)
            matchedNodes.append(MatchedNode(node: node, track: track, target: target))
            node.place(in: animator.presented(target, key: track, at: animator.clock.now))
        }
        // A kept body holds no matched view (KeptBodies.swift): nothing to look for under it.
        guard node.keptBody?.canBeKept != true else { return }
        node.forEachChild { presentMatchedGeometry(in: $0, animation: animation) }
    }

    /// An animation frame (no body evaluated): each matched view goes where its frame is
    /// presented now, as SwiftUI's geometry effects move without evaluating a body. Its content
    /// is laid out again only when that frame changed. True while a frame still moves.
    @discardableResult
    func presentMatchedFramesAgain(at now: Double) -> Bool {
        guard let animator else { return false }
        var moving = false
        for matched in matchedNodes {
            let node = matched.node
            let presented = animator.presented(matched.target, key: matched.track, at: now)
            if node.transition != nil { node.restingFrame = presented }     // its transition starts from there
            if presented != node.fractionalFrame ?? FloatRect(node.frame) { node.place(in: presented) }
            moving = moving || animator.isAnimating(matched.track, at: now)
        }
        return moving
    }

    /// False when no matched view's frame can move (no property of any of them is animating):
    /// then none is in flight, and the app need not ask view by view (every frame asks).
    public var matchedFramesMayMove: Bool {
        guard let animator else { return false }
        return matchedNodes.contains { animator.mayMove(id: $0.track.id) }
    }

    /// The animator's track of the matched group `id` (in whichever namespace the last update
    /// presented it): where the app asks whether a view is in flight, and the inspector what
    /// frame it is presented at. Nil when no view of that id is matched.
    public func matchedGeometryTrack<ID: Hashable>(id: ID) -> AnimationKey? {
        matchedTracks[ViewID.ElementID(id)]
    }
}

/// A matched view as the last evaluation laid it out: its node, its group's track, and the
/// frame layout gave it (the track's target).
struct MatchedNode {
    var node: ViewNode
    let track: AnimationKey
    let target: FloatRect
}
