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
    /// Its graph, which owns it (so not retained, which would be a cycle; checked, so a body
    /// that outlived its graph would stop the program rather than read freed memory).
    unowned let graph: ViewGraph
    /// The view, as compared with the next one at its identity (ViewEquality.swift).
    let box: AnyViewBox
    var view: Any { box.anyView }
    /// The view's identity (its node's may be longer: a modifier at the top of its body adds a step).
    let id: ViewID
    /// The node its body made (set once the body is evaluated).
    fileprivate(set) var node: ViewNode?
    /// Nothing under it was animating when it was laid out: what it shows is where it rests.
    private(set) var isSettled = false
    /// It is the body the graph keeps at its identity (not replaced, not dropped): KeptBodyTable sets it.
    fileprivate(set) var isCurrent = false
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
    /// The fractional frame it was laid out at (ViewNode.fractionalFrame): a turn drawn in
    /// eighths of a cell is laid out again when it moves within its cells.
    private var placedFraction: FloatRect?
    /// An `EquatableView`'s, which counts as the bodies inside it (`ViewGraph.bodyCounts`): how
    /// many were counted while it was made and while it was laid out.
    var countsAsContent = false
    var madeBodies = 0
    private var placedBodies = 0
    /// The graph's count when its recording began.
    var countStart = 0
    /// What keeping it whole counts: itself, or the bodies inside it.
    var keptCount: Int { countsAsContent ? madeBodies + placedBodies : 1 }
    /// What the body itself set on its node; the modifiers around the view set the rest again
    /// at each update (a tap action, a transition), so a kept node starts from this.
    private var madeTraits: (tap: (() -> Void)?, zIndex: Double, transition: AnyTransition?, matched: ViewID?)?

    init<V>(graph: ViewGraph, view: V, id: ViewID) {
        self.graph = graph
        box = ViewBox(view)
        self.id = id
    }

    /// Its node's link back to it goes with it (the node's `keptBody` is not weak: see there).
    deinit {
        if let node, node.keptBodyIdentity == ObjectIdentifier(self) { node.keptBody = nil }
    }

    func note(_ id: ViewID, placing: Bool) {
        if placing { placedIDs.append(id) } else { madeIDs.append(id) }
    }

    func note(_ key: AnimationKey, placing: Bool) {
        if placing { placedKeys.append(key) } else { madeKeys.append(key) }
    }

    /// Keys of its own, not of a kept body under it (made or laid out while it was innermost).
    private(set) var ownKeys: [AnimationKey] = []
    /// None of its own keys was animating when it was laid out: if it was unsettled, what moved
    /// lies in kept bodies under it, which an animation frame evaluates in its stead.
    private(set) var ownKeysSettled = false

    func noteOwn(_ key: AnimationKey) { ownKeys.append(key) }

    /// True when one of its animation keys (made or laid out) is `moving`: asked of every kept
    /// card at every evaluation, so no array of them is made to ask it.
    func hasKey(where moving: (AnimationKey) -> Bool) -> Bool {
        madeKeys.contains(where: moving) || placedKeys.contains(where: moving)
    }
    /// The objects views under it observe (`@ObservedObject`).
    var observedObjects: [ObjectIdentifier] = []

    /// Its own keys noted while its body was made (layout adds the rest, again at each layout).
    private var madeOwnKeys: [AnimationKey] = []

    /// Its animated units (AnimatedUnits.swift), made with its body and at its layout, and
    /// whether a value of its own was left to no unit (then an animation frame makes it whole).
    private var madeUnits: [AnimatedUnit] = []
    private var placedUnits: [AnimatedUnit] = []
    private var madeUnclaimed = false
    private var placedUnclaimed = false
    /// The graph's unclaimed values when its recording began.
    var unclaimedStart = 0

    var units: [AnimatedUnit] { madeUnits + placedUnits }
    var allKeysInUnits: Bool { !madeUnclaimed && !placedUnclaimed }

    func add(_ unit: AnimatedUnit, placing: Bool) {
        if placing { placedUnits.append(unit) } else { madeUnits.append(unit) }
    }

    func noteUnclaimed(placing: Bool) {
        if placing { placedUnclaimed = true } else { madeUnclaimed = true }
    }

    /// A body under it was evaluated again alone and may have started an animation it never
    /// noted: the next frames enter it (refresh) rather than skip it as settled.
    func holdsAMovingBody() { isSettled = false }

    /// Its units were made again at an animation frame: settled once nothing of it moves.
    func settle(moving: (AnimationKey) -> Bool) {
        isSettled = !hasKey(where: moving)
        ownKeysSettled = !ownKeys.contains(where: moving)
    }

    /// Its node is a kept body's too: its view's body is another `Equatable` view (a wrapper),
    /// whose body made the one node. (An animation frame finds only the outer one at the node.)
    private(set) var wrapsKeptBody = false

    fileprivate func keep(_ node: ViewNode) {
        wrapsKeptBody = node.keptBody != nil
        madeOwnKeys = ownKeys
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
        node.isLeaving = false
    }

    /// Lays the node out in `rect`, noting what its layout makes; where the layout stands or
    /// moves as it was (`relocate`), only what it owns is marked seen.
    func place(_ node: ViewNode, in rect: Rect) {
        if relocate(node, in: rect) { return }
        placedIDs.removeAll()
        placedKeys.removeAll()
        placedUnits.removeAll()
        placedUnclaimed = false
        ownKeys = madeOwnKeys
        let unclaimed = graph.unclaimedKeys.count
        let counted = graph.bodiesCounted
        graph.recording.append((self, true))
        node.placeContent(in: rect)
        graph.recording.removeLast()
        placedBodies = graph.bodiesCounted - counted
        graph.endUnits(of: self, since: unclaimed, placing: true)
        // Laid out again (an animation frame moved it), it shows what its body made when it was
        // evaluated: if that was moving, it stays unsettled, so the frame evaluates it anew.
        let wasSettled = placedRect == nil || isSettled
        let ownWereSettled = placedRect == nil || ownKeysSettled
        placedRect = rect
        placedFraction = node.fractionalFrame
        let animating = graph.animator.map { animator in
            let now = animator.clock.now
            return { (key: AnimationKey) in animator.isAnimating(key, at: now) }
        } ?? { _ in false }
        isSettled = wasSettled && !hasKey(where: animating)
        ownKeysSettled = ownWereSettled && !ownKeys.contains(where: animating)
    }

    /// At the rect it was laid out in before, the layout stands; moved to a rect of the same
    /// size with nothing under it animating (a card in flight), its nodes move and keep what
    /// their layout made (ViewNode.relocate): a `GeometryReader`'s content is made for a size,
    /// and what it reads of animations is at rest. Either way only what it owns is marked seen.
    /// False when it must be laid out again (`place`).
    func relocate(_ node: ViewNode, in rect: Rect) -> Bool {
        guard let placedRect else { return false }
        if placedRect != rect || placedFraction != node.fractionalFrame {
            guard isSettled, placedRect.size == rect.size, node.relocate(in: rect) else { return false }
            self.placedRect = rect
            placedFraction = node.fractionalFrame
        }
        for id in placedIDs { graph.markSeen(id) }
        for key in placedKeys { graph.noteKept(key) }
        return true
    }

    /// Evaluates the body again as it was first evaluated (its view, identity and place), in a
    /// transaction with the animation given: the new node, its own `KeptBody` registered (nil:
    /// not one node).
    var remake: ((Animation?) -> ViewNode?)?

    /// Everything it owns: what its evaluation and its layout noted.
    var ownedIDs: [ViewID] { madeIDs + placedIDs }

    /// True when `id` is this body's view or one under it.
    func owns(_ id: ViewID, keptAs keptID: ViewID) -> Bool {
        id == keptID || madeIDs.contains(id) || placedIDs.contains(id)
    }
}

/// The graph's kept bodies by identity. Each knows whether it is the one kept at its identity,
/// which an animation frame asks of every kept node it passes: a flag read, not a lookup by
/// identity.
struct KeptBodyTable {
    private var bodies: [ViewID: KeptBody] = [:]

    subscript(id: ViewID) -> KeptBody? {
        get { bodies[id] }
        set {
            if let old = bodies[id], old !== newValue { old.isCurrent = false }
            newValue?.isCurrent = true
            bodies[id] = newValue
        }
    }

    /// Drops every body kept at an identity `shouldDrop` names (no longer current).
    mutating func removeAll(where shouldDrop: (ViewID) -> Bool) {
        for (id, body) in bodies where shouldDrop(id) {
            body.isCurrent = false
            bodies[id] = nil
        }
    }

    /// Tests look bodies up by their view.
    var values: Dictionary<ViewID, KeptBody>.Values { bodies.values }
}

extension ViewGraph {
    /// The node kept for `view` at `id`, if its body need not be evaluated again (see KeptBody).
    func keptNode<V: View>(for view: V, id: ViewID, equals: ((V, V) -> Bool)? = nil) -> ViewNode? {
        guard !isRemakingUnit else { return nil }
        guard let kept = keptBodies[id], let node = kept.node, kept.canBeKept, kept.isSettled,
              !changedStateOwners.contains(where: { kept.owns($0, keptAs: id) }),
              !changedObjects.contains(where: kept.observedObjects.contains),
              let box = kept.box as? ViewBox<V>, equals?(view, box.view) ?? isEqual(view, to: box) else { return nil }
        if let animator {
            let now = animator.clock.now
            if kept.hasKey(where: { animator.isAnimating($0, at: now) }) { return nil }
        }
        markSeen(id)
        unitBarriers += 1
        for object in kept.observedObjects { noteObserved(object) }
        for id in kept.madeIDs { markSeen(id) }
        for key in kept.madeKeys { noteKept(key) }
        bodyCounts.kept += kept.keptCount
        kept.restoreTraits()
        return node
    }

    /// Starts noting what `view`'s body at `id` will own, when the view can be kept at all.
    func beginKeeping<V: View>(_ view: V, id: ViewID) -> Bool {
        let isEquatable = equatableType(of: V.self) != nil
        let countsAsContent = contentCountingTypes[ObjectIdentifier(V.self)] ?? {
            let answer = V.self is CountsAsItsContent.Type      // a conformance lookup: once per type
            contentCountingTypes[ObjectIdentifier(V.self)] = answer
            return answer
        }()
        if !countsAsContent { bodyCounts.evaluated += 1 }
        guard isEquatable else { return false }
        guard !isRemakingUnit else {
            unitRemakeFailed = true         // a kept body inside a unit: its body is made again whole
            return false
        }
        markSeen(id)
        unitBarriers += 1
        let body = KeptBody(graph: self, view: view, id: id)
        body.unclaimedStart = unclaimedKeys.count
        body.countsAsContent = countsAsContent
        body.countStart = bodiesCounted
        recording.append((body, false))
        return true
    }

    /// Ends what `beginKeeping` began: a body that made one node is kept with it. What a body
    /// that is not kept animates itself is the body's around it, or, with none around it,
    /// moves only in whole evaluations. (What kept bodies inside it animate stays theirs.)
    @discardableResult
    func endKeeping(id: ViewID, nodes: ArraySlice<ViewNode>) -> KeptBody? {
        let (kept, _) = recording.removeLast()
        kept.madeBodies = bodiesCounted - kept.countStart
        endUnits(of: kept, since: kept.unclaimedStart, placing: false)
        guard nodes.count == 1, let node = nodes.first, kept.canBeKept else {
            keptBodies[id] = nil
            if let around = recording.last?.body {
                for key in kept.ownKeys { around.noteOwn(key) }
            } else {
                looseKeys += kept.ownKeys
            }
            return nil
        }
        kept.keep(node)
        keptBodies[id] = kept
        return kept
    }

    /// Bodies counted so far in this update, evaluated or kept.
    var bodiesCounted: Int { bodyCounts.evaluated + bodyCounts.kept }

    /// An object a view observes stays observed while seen; the bodies recording note it.
    func noteObserved(_ object: ObjectIdentifier) {
        observedSeen.insert(object)
        for (body, _) in recording { body.observedObjects.append(object) }
    }

    /// A kept body's animation key: the bodies recording around it own it too.
    func noteKept(_ key: AnimationKey) {
        for (body, placing) in recording { body.note(key, placing: placing) }
    }

    /// The view being evaluated holds something presented after layout: no body around it is kept.
    func noteUnkeepable() {
        if isRemakingUnit { unitRemakeFailed = true }
        for (body, _) in recording { body.canBeKept = false }
    }
}

extension State: Equatable {
    /// A view's `@State` is not one of its inputs (the graph owns it): two views that differ only
    /// in their state are the same view.
    public static func == (lhs: State, rhs: State) -> Bool { true }
}

extension ObservedObject: Equatable {
    /// The same object is the same input: its changes reach the views by `objectWillChange`,
    /// which has the graph evaluate them again (whatever a comparison says).
    public static func == (lhs: ObservedObject, rhs: ObservedObject) -> Bool { lhs.wrappedValue === rhs.wrappedValue }
}
