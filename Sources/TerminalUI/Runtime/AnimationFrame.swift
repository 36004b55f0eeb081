/// An animation frame as SwiftUI has it: nothing changed but time, so only what animates is
/// evaluated again — the kept bodies (KeptBodies.swift) whose values move, each in its place.
extension ViewGraph {
    /// SwiftUI's animation frame: nothing changed but time, so no body is evaluated except
    /// those whose animated values move — matched views go where their frames are presented
    /// now, views coming and going are drawn at their presence now, and each kept body that
    /// was animating when it was evaluated is evaluated again where it is and put in its old
    /// node's place. False when the frame needs the whole tree (a value outside any kept body
    /// animating, or a body that cannot be evaluated alone): then nothing was changed that a
    /// whole evaluation does not redo.
    func refreshAnimatedBodies() -> Bool {
        // A loose value that moved at the last evaluation: its last frame is drawn by a whole
        // evaluation too.
        guard let root, !looseValuesMoved else { return false }
        if let animator {
            let now = animator.clock.now
            if looseKeys.contains(where: { animator.isAnimating($0, at: now) }) { return false }
            if !geometrySettled {
                let framesMove = presentMatchedFramesAgain(at: now)
                let presencesMove = presentTransitionsAgain(in: root, at: now)
                geometrySettled = !framesMove && !presencesMove
            }
        }
        bodyCounts = (0, 0)
        return refresh(under: root, keptAround: [])
    }

    private func refresh(under node: ViewNode, keptAround: [KeptBody]) -> Bool {
        // Every animation frame walks every node outside settled kept bodies: the children are
        // borrowed from a copy of the array, not retained and released one by one (a body made
        // again below replaces its node in `node.children`, which then copies its buffer).
        let children = node.children
        return children.withUnsafeBufferPointer { children in
            for index in children.indices {
                let done = Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef { child in
                    refresh(child, at: index, in: node, keptAround: keptAround)
                }
                guard done else { return false }
            }
            return true
        }
    }

    /// `refresh` of one child: false when the frame needs the whole tree.
    private func refresh(_ child: ViewNode, at index: Int, in node: ViewNode, keptAround: [KeptBody]) -> Bool {
        guard !child.isLeaving else { return true }
        guard let kept = child.keptBody, kept.isCurrent else {
            if child.children.isEmpty { return true }
            return refresh(under: child, keptAround: keptAround)
        }
        guard !kept.isSettled else {
            bodyCounts.kept += kept.keptCount
            return true
        }
        // A wrapper's moving body shares its node: the frame evaluates the whole tree.
        guard !kept.wrapsKeptBody else { return false }
        if kept.ownKeysSettled {
            // What moves is in kept bodies under it: those are evaluated, it is not.
            if !kept.countsAsContent { bodyCounts.kept += 1 }
            return refresh(under: child, keptAround: keptAround + [kept])
        }
        if refreshUnits(of: kept) {
            // Its own values are drawn anew (its animated units' bodies evaluated, so it
            // counts as evaluated); kept bodies under it may move too.
            if !kept.countsAsContent { bodyCounts.evaluated += 1 }
            return refresh(under: child, keptAround: keptAround + [kept])
        }
        return replace(child, at: index, in: node, evaluating: kept, keptAround: keptAround, animation: nil)
    }

    /// `kept`'s body evaluated again where it is (`child`, the node it made, at `index` of
    /// `node`'s children), and put in its place. False when it cannot be (the caller evaluates
    /// the whole tree instead).
    func replace(_ child: ViewNode, at index: Int, in node: ViewNode, evaluating kept: KeptBody,
                         keptAround: [KeptBody], animation: Animation?, sizedAsOffered: Bool = false) -> Bool {
        guard child.restingSize == nil, let rect = kept.placedRect, let remade = kept.remake?(animation),
              let remadeBody = remade.keptBody, !sizedAsOffered || remade.takesTheSpaceOffered else { return false }
        // The modifiers around the view applied themselves to the old node, once.
        (remade.tapAction, remade.zIndex) = (child.tapAction, child.zIndex)
        remade.fractionalFrame = child.fractionalFrame
        nodeReplaced(child, by: remade)
        remade.place(in: rect)
        node.children[index] = remade
        let owned = Set(remadeBody.ownedIDs)
        for id in kept.ownedIDs where !owned.contains(id) && id != kept.id { drop(id) }
        // What the bodies around it noted of it is stale: they are evaluated next time, and
        // until then each frame enters them to reach it (a @State change may have started an
        // animation inside a body laid out settled).
        for body in keptAround {
            body.canBeKept = false
            body.holdsAMovingBody()
        }
        return true
    }
}
