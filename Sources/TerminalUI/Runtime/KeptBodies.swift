/// SwiftUI evaluates a view's body again only when the view's inputs changed. Here an
/// `Equatable` view equal to the one evaluated at its identity before keeps that evaluation's
/// laid-out node — unless something under it is animating (its presented values move every
/// frame) or was when it was evaluated, or a `@State` of a view under it changed since. A
/// still card of twenty is then compared, not evaluated, at each frame of another card's flip.
/// (An observed object's change needs no check here: a view holding one is not `Equatable`, so
/// it is evaluated again, and hands the views under it their new inputs.)
///
/// What a kept body owns (identities with state, appearances or animations) was noted while it
/// was evaluated and laid out (a `GeometryReader`'s content is made during layout), and is
/// marked seen again each time the body is kept, so nothing of it is dropped.
final class KeptBody {
    unowned let graph: ViewGraph
    let view: Any
    /// The node its body made (set once the body is evaluated).
    fileprivate(set) var node: ViewNode?
    /// Nothing under it was animating when it was laid out: what it shows is where it rests.
    private(set) var isSettled = false
    /// What it owns, noted while evaluated and while laid out (the latter redone when its rect changes).
    private(set) var madeIDs: [ViewID] = []
    private(set) var placedIDs: [ViewID] = []
    private(set) var madeKeys: [AnimationKey] = []
    private(set) var placedKeys: [AnimationKey] = []
    /// False when it holds what the graph presents after layout (a transition, matched geometry):
    /// those move its nodes' frames, so it is evaluated each time.
    var canBeKept = true
    /// Where it was laid out, once it was.
    private(set) var placedRect: Rect?
    /// What the body itself set on its node; the modifiers around the view set the rest again
    /// at each update (a tap action, a transition), so a kept node starts from this.
    private var madeTraits: (tap: (() -> Void)?, zIndex: Double, transition: AnyTransition?, matched: ViewID?)?

    init(graph: ViewGraph, view: Any) {
        self.graph = graph
        self.view = view
    }

    func note(_ id: ViewID, placing: Bool) {
        if placing { placedIDs.append(id) } else { madeIDs.append(id) }
    }

    func note(_ key: AnimationKey, placing: Bool) {
        if placing { placedKeys.append(key) } else { madeKeys.append(key) }
    }

    var animationKeys: [AnimationKey] { madeKeys + placedKeys }

    fileprivate func keep(_ node: ViewNode) {
        self.node = node
        madeTraits = (node.tapAction, node.zIndex, node.transition, node.matchedGeometry)
        node.keptBody = self
    }

    /// The node as its body made it, before the modifiers around the view apply themselves again.
    fileprivate func restoreTraits() {
        guard let node, let madeTraits else { return }
        (node.tapAction, node.zIndex, node.transition, node.matchedGeometry) = madeTraits
        node.restingFrame = nil
        node.isHidden = false
    }

    /// Lays the node out in `rect`, noting what its layout makes; at the rect it was laid out
    /// in before, the layout stands and only what it owns is marked seen.
    func place(_ node: ViewNode, in rect: Rect) {
        if placedRect == rect {
            for id in placedIDs { graph.markSeen(id) }
            for key in placedKeys { graph.noteKept(key) }
            return
        }
        placedIDs.removeAll()
        placedKeys.removeAll()
        graph.recording.append((self, true))
        node.placeContent(in: rect)
        graph.recording.removeLast()
        placedRect = rect
        isSettled = graph.animator.map { animator in
            let now = animator.clock.now
            return !animationKeys.contains { animator.isAnimating($0, at: now) }
        } ?? true
    }

    /// True when `id` is this body's view or one under it.
    func owns(_ id: ViewID, keptAs keptID: ViewID) -> Bool {
        id == keptID || madeIDs.contains(id) || placedIDs.contains(id)
    }
}

extension ViewGraph {
    /// The node kept for `view` at `id`, if its body need not be evaluated again (see KeptBody).
    func keptNode<V: View>(for view: V, id: ViewID) -> ViewNode? {
        guard let kept = keptBodies[id], let node = kept.node, kept.canBeKept, kept.isSettled,
              !changedStateOwners.contains(where: { kept.owns($0, keptAs: id) }),
              let equatable = view as? any Equatable, equatable.isEqual(to: kept.view) else { return nil }
        if let animator {
            let now = animator.clock.now
            if kept.animationKeys.contains(where: { animator.isAnimating($0, at: now) }) { return nil }
        }
        markSeen(id)
        for id in kept.madeIDs { markSeen(id) }
        for key in kept.madeKeys { noteKept(key) }
        bodyCounts.kept += 1
        kept.restoreTraits()
        return node
    }

    /// Starts noting what `view`'s body at `id` will own, when the view can be kept at all.
    func beginKeeping<V: View>(_ view: V, id: ViewID) -> Bool {
        let type = ObjectIdentifier(V.self)
        let isEquatable = equatableTypes[type] ?? {
            let answer = view is any Equatable
            equatableTypes[type] = answer
            return answer
        }()
        bodyCounts.evaluated += 1
        guard isEquatable else { return false }
        markSeen(id)
        recording.append((KeptBody(graph: self, view: view), false))
        return true
    }

    /// Ends what `beginKeeping` began: a body that made one node is kept with it.
    func endKeeping(id: ViewID, nodes: ArraySlice<ViewNode>) {
        let (kept, _) = recording.removeLast()
        guard nodes.count == 1, let node = nodes.first, kept.canBeKept else {
            keptBodies[id] = nil
            return
        }
        kept.keep(node)
        keptBodies[id] = kept
    }

    /// A kept body's animation key: the bodies recording around it own it too.
    func noteKept(_ key: AnimationKey) {
        for (body, placing) in recording { body.note(key, placing: placing) }
    }

    /// The view being evaluated holds something presented after layout: no body around it is kept.
    func noteUnkeepable() {
        for (body, _) in recording { body.canBeKept = false }
    }
}

extension Equatable {
    /// `==` with a value of any type (false when it is not one of these).
    func isEqual(to other: Any) -> Bool { (other as? Self).map { $0 == self } ?? false }
}

extension State: Equatable {
    /// A view's `@State` is not one of its inputs (the graph owns it): two views that differ only
    /// in their state are the same view.
    public static func == (lhs: State, rhs: State) -> Bool { true }
}
