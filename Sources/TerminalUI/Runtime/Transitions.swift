/// SwiftUI's `.transition(_:)`: how a view comes and goes when an animated change inserts or
/// removes it. Its presence (0 gone … 1 there) animates with the update's animation; the
/// transition turns presence into a frame (`AnyTransition.frame`). Without an animation a view
/// comes and goes at once.
public struct TransitionView<Content: View>: View {
    public var content: Content
    public var transition: AnyTransition

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.graph.noteUnkeepable()    // the graph moves its frame after layout
        let first = nodes.count
        content._makeNodes(&context, into: &nodes)
        for node in nodes[first...] { node.transition = transition }
    }
}

extension View {
    public consuming func transition(_ transition: AnyTransition) -> TransitionView<Self> {
        TransitionView(content: self, transition: transition)
    }
}

extension ViewGraph {
    /// After layout: views with a transition that just came start from presence 0, those that
    /// just left stay drawn where they were (over the rest: where this runtime simplifies) until
    /// their presence reaches 0; each is drawn in the frame its transition gives its presence.
    func presentTransitions(in root: ViewNode, animation: Animation?) {
        // Both tables are the graph's, emptied and filled again at each evaluation: made afresh,
        // they were allocated and grown entry by entry, twenty cards' worth, every time.
        var present: [ViewID: ViewNode] = [:]
        swap(&present, &transitionsPresent)     // empty, its storage kept from the last time
        func collect(_ node: ViewNode) {
            if node.transition != nil { present[node.id] = node }
            // A kept body holds no transition (KeptBodies.swift), though it may have one itself.
            if node.keptBody?.canBeKept != true { node.forEachChild(collect) }
        }
        collect(root)
        defer {
            present.removeAll(keepingCapacity: true)
            transitionsPresent = present
        }
        viewsLeaving = 0
        guard !present.isEmpty || !transitioned.isEmpty, let animator else { return }
        var kept: [ViewID: ViewNode] = [:]
        swap(&kept, &transitionsKept)
        for (id, node) in present {
            node.isLeaving = false
            kept[id] = node
            // Nothing to animate (`.identity`): it is there at once, as it goes at once below. A
            // view that came so, and never began to go, has no presence to present.
            let insertion = node.transition?.insertion == .identity ? nil : node.transition?.animation(isRemoval: false, in: animation)
            guard insertion != nil || animationIDs[id]?.properties.contains("presence") == true else { continue }
            let key = animationKey(id, property: "presence", presentedOutsideBodies: true)
            if transitioned[id] == nil, insertion != nil {
                animator.animate(key, from: 0, to: 1, animation: insertion)
            } else {
                animator.setTarget(key, 1, animation: insertion)
            }
            show(node, presence: animator.value(key, at: animator.clock.now, default: 1), isRemoval: false)
        }
        for (id, node) in transitioned where present[id] == nil && node.transition?.removal != .identity {
            let key = animationKey(id, property: "presence", presentedOutsideBodies: true)
            let removal = node.transition?.animation(isRemoval: true, in: animation)
            switch animator.target(key) {
            case nil: animator.animate(key, from: 1, to: 0, animation: removal)
            case 1?: animator.setTarget(key, 0, animation: removal)
            default: break
            }
            let presence = animator.value(key, at: animator.clock.now, default: 0)
            guard presence > 0.01 else {
                drop(id)        // gone: its presence goes with it now, not at the next evaluation
                continue
            }
            node.isLeaving = true
            show(node, presence: presence, isRemoval: true)
            root.children.append(node)
            viewsLeaving += 1
            kept[id] = node
        }
        swap(&transitioned, &kept)
        kept.removeAll(keepingCapacity: true)
        transitionsKept = kept
    }

    /// An animation frame (no body evaluated): each view coming or going is drawn at its
    /// presence now; one whose presence is gone leaves the tree, and what it owned with it.
    /// True while a presence still moves.
    @discardableResult
    func presentTransitionsAgain(in root: ViewNode, at now: Double) -> Bool {
        guard let animator, !transitioned.isEmpty else { return false }
        var moving = false
        for (id, node) in transitioned {
            guard let entry = animationIDs[id], entry.properties.contains("presence") else { continue }
            let key = AnimationKey(entry.number, "presence")
            let presence = animator.value(key, at: now, default: node.isLeaving ? 0 : 1)
            if node.isLeaving, presence <= 0.01 {
                root.children.removeAll { $0 === node }
                transitioned[id] = nil
                viewsLeaving -= 1
                drop(id)
                continue
            }
            show(node, presence: presence, isRemoval: node.isLeaving)
            moving = moving || node.isLeaving || animator.isAnimating(key, at: now)
        }
        return moving
    }

    /// A body an animation frame evaluated again made `new` in `old`'s place: what the graph
    /// presents after layout follows it.
    func nodeReplaced(_ old: ViewNode, by new: ViewNode) {
        (new.matchedGeometry, new.transition, new.restingFrame, new.isHidden) =
            (old.matchedGeometry, old.transition, old.restingFrame, old.isHidden)
        if old.matchedGeometry != nil, let index = matchedNodes.firstIndex(where: { $0.node === old }) {
            matchedNodes[index].node = new
        }
        if old.transition != nil, transitioned[old.id] === old { transitioned[old.id] = new }
    }

    private func show(_ node: ViewNode, presence: Double, isRemoval: Bool) {
        guard let transition = node.transition else { return }
        // Where layout (or its matched geometry) put it, between cells as it may be.
        let resting = node.restingFrame ?? node.fractionalFrame ?? FloatRect(node.frame)
        node.restingFrame = resting
        guard let frame = transition.frame(resting, presence: presence, isRemoval: isRemoval) else {
            node.isHidden = true
            return
        }
        node.isHidden = false
        if frame != node.fractionalFrame ?? FloatRect(node.frame) { node.place(in: frame) }
    }
}
