/// SwiftUI's answer to a `@State` change: the view that owns the state is evaluated again, not
/// the tree. Ours does it for a kept body (KeptBodies.swift) sized by the space it is offered,
/// in its place, with the same replacement an animation frame makes (`ViewGraph.replace`).
extension ViewGraph {
    /// SwiftUI evaluates again the view whose `@State` changed, not the whole tree. When only
    /// `@State` changed since the last evaluation (not the root's inputs, not an observed
    /// object) and every view whose state changed is a kept body's view in the tree, each of
    /// those bodies is evaluated again where it is, in the pending transaction, and put in its
    /// old node's place (a card's pie starting its countdown from its `onAppear`). False when
    /// that cannot be done: nothing was changed, and the whole tree is evaluated instead.
    func reevaluateStateOwners(startingUpdate: Bool = false) -> Bool {
        guard let root, !changedStateOwners.isEmpty, changedObjects.isEmpty, !changedOutsideState else { return false }
        var owners: [KeptBody] = []
        for id in changedStateOwners {
            guard let kept = keptBodies[id], kept.node != nil, kept.remake != nil else { return false }
            if !owners.contains(where: { $0 === kept }) { owners.append(kept) }
        }
        // All found first, so that a failure leaves the tree as it was.
        var places: [(parent: ViewNode, index: Int, keptAround: [KeptBody])] = []
        for kept in owners {
            // Its node is laid out again where it was: only a view that takes the space offered
            // (a card's GeometryReader) keeps its size whatever its state; any other may have
            // grown or shrunk, so the tree is laid out again (SwiftUI lays out what changed).
            guard let place = place(of: kept, under: root, keptAround: []),
                  place.parent.children[place.index].takesTheSpaceOffered else { return false }
            places.append(place)
        }
        let animation = pendingTransaction?.animation
        pendingTransaction = nil
        if startingUpdate { bodyCounts = (0, 0) }
        for (kept, place) in zip(owners, places) {
            let child = place.parent.children[place.index]
            guard replace(child, at: place.index, in: place.parent, evaluating: kept,
                          keptAround: place.keptAround, animation: animation, sizedAsOffered: true) else {
                pendingTransaction = Transaction(animation: animation)
                return false
            }
        }
        changedStateOwners.removeAll()
        needsUpdate = false
        geometrySettled = false
        return true
    }

    /// Where `target`'s node hangs: its parent, its index there, and the kept bodies around it.
    /// Only kept bodies that own `target` are entered (the others cannot hold it).
    private func place(of target: KeptBody, under node: ViewNode,
                       keptAround: [KeptBody]) -> (parent: ViewNode, index: Int, keptAround: [KeptBody])? {
        for (index, child) in node.children.enumerated() where !child.isLeaving {
            if let kept = child.keptBody, kept.isCurrent {
                if kept === target { return (node, index, keptAround) }
                guard kept.owns(target.id, keptAs: kept.id) else { continue }
                if let found = place(of: target, under: child, keptAround: keptAround + [kept]) { return found }
                continue
            }
            if let found = place(of: target, under: child, keptAround: keptAround) { return found }
        }
        return nil
    }
}
