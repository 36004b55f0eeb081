/// SwiftUI's animation frame evaluates no body but what animates: an `Animatable` modifier's
/// `body(content:)` runs again with the new `animatableData`, its `content` the views already
/// made (lecture 8's Cardify, turning); a shape is drawn again at its new data (the pie: its
/// node asks for that data as it draws, FilledShape, so it needs no unit). Here the piece that
/// presented any other moving value is an *animated unit*, made again alone where it is:
///
/// - a `ModifiedContent` of an `Animatable` modifier whose content is an `AnyView`: its body is
///   evaluated again, handed the content's nodes as they were made;
/// - otherwise the innermost container (`.padding`, `.opacity`, a stack…) around the view that
///   presented the value: its content is evaluated again, its node kept.
///
/// A unit stays the same size in the same place, so only it is laid out again. Anything else —
/// a unit around another, a value no unit claims, a unit that would meet a new identity (state,
/// an appearance, a kept body) or change size — leaves the frame to the body around it, made
/// again whole (KeptBodies.swift).
final class AnimatedUnit {
    enum Kind {
        /// The node's content is made again: its children are replaced.
        case children
        /// The node itself is made again (a modifier's body): its kind and children are replaced.
        case node
    }

    let kind: Kind
    let node: ViewNode
    let keys: [AnimationKey]
    /// The unit's nodes made again at the animator's time, with no transaction.
    let remake: () -> [ViewNode]
    /// Moving when it was last made: it is made once more after its values arrive.
    var wasMoving = true

    init(kind: Kind, node: ViewNode, keys: [AnimationKey], remake: @escaping () -> [ViewNode]) {
        self.kind = kind
        self.node = node
        self.keys = keys
        self.remake = remake
    }

    /// Makes the unit again and lays it out where it was; false when that cannot stand (the
    /// node may then be half changed: the body around it is made again whole).
    func refresh(in graph: ViewGraph) -> Bool {
        graph.isRemakingUnit = true
        graph.unitRemakeFailed = false
        let made = remake()
        graph.isRemakingUnit = false
        guard !graph.unitRemakeFailed, let measured = node.measured, measured.size == node.frame.size else { return false }
        switch kind {
        case .children:
            node.children = made
        case .node:
            guard made.count == 1, let new = made.first, new.id == node.id, !new.hasTraits else { return false }
            node.kind = new.kind
            node.children = new.children
        }
        node.measured = nil
        guard node.size(for: measured.proposal) == measured.size else { return false }
        let frame = node.frame
        // Under a turn (Rotation3DEffect) its content keeps the size it had unturned.
        if let resting = node.restingSize {
            node.placeContent(in: Rect(origin: frame.origin, size: resting))
            for child in node.children { child.keepRestingSize() }
        }
        node.placeContent(in: frame)
        return true
    }
}

extension ViewNode {
    /// Something set on the node that a modifier's body may not set on a unit's node.
    var hasTraits: Bool {
        tapAction != nil || zIndex != 0 || transition != nil || matchedGeometry != nil || keptBody != nil
    }

    /// A `GeometryReader` in this subtree (its content is made at layout: not a unit's to remake),
    /// not counting the subtrees `except`.
    func containsGeometry(except: [ViewNode] = []) -> Bool {
        if except.contains(where: { $0 === self }) { return false }
        if case .geometry = kind { return true }
        return children.contains { $0.containsGeometry(except: except) }
    }
}

extension ViewGraph {
    /// Where a unit begins: the values not yet claimed, and the barriers made so far.
    struct UnitStart {
        var keys: Int
        var barriers: Int
    }

    func beginUnit() -> UnitStart { UnitStart(keys: unclaimedKeys.count, barriers: unitBarriers) }

    /// `node` claims the values presented since `start` that no unit inside claimed, as a unit
    /// of the body being recorded — when nothing a unit cannot hold (another unit, a kept body)
    /// was made inside it.
    func claimKeys(since start: UnitStart, barriersInside: Int = 0, kind: AnimatedUnit.Kind, node: ViewNode,
                   remake: @escaping () -> [ViewNode]) {
        guard unclaimedKeys.count > start.keys, !isRemakingUnit, let body = recording.last,
              unitBarriers - start.barriers == barriersInside else { return }
        let unit = AnimatedUnit(kind: kind, node: node, keys: Array(unclaimedKeys[start.keys...]), remake: remake)
        unclaimedKeys.removeSubrange(start.keys...)
        unitBarriers += 1
        body.body.add(unit, placing: body.placing)
    }

    /// Ends a recording begun at `start`: values no unit claimed leave the body without units.
    func endUnits(of body: KeptBody, since start: Int, placing: Bool) {
        guard unclaimedKeys.count > start else { return }
        body.noteUnclaimed(placing: placing)
        unclaimedKeys.removeSubrange(start...)
    }

    /// An animation frame for a kept body whose own values move: its units made again, when
    /// its values all belong to units; false when the body must be made again whole.
    func refreshUnits(of kept: KeptBody) -> Bool {
        guard let animator, kept.allKeysInUnits else { return false }
        let now = animator.clock.now
        let moving = { (key: AnimationKey) in animator.isAnimating(key, at: now) }
        for unit in kept.units where unit.wasMoving || unit.keys.contains(where: moving) {
            guard unit.refresh(in: self) else { return false }
            unit.wasMoving = unit.keys.contains(where: moving)
        }
        kept.settle(moving: moving)
        return true
    }
}
