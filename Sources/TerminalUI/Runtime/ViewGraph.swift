/// The runtime (SwiftUI's view graph, kept small enough to read in an afternoon): it evaluates a
/// root view's body into nodes, lays them out by offering the canvas's space, draws them, and
/// keeps what must outlive one evaluation under each view's identity — `@State`, which
/// `onAppear`s have run, the presented values of animations — for exactly as long as a view of
/// that identity is in the tree.
///
/// As in SwiftUI, a body is evaluated again only when its view's inputs changed: an `Equatable`
/// view equal to the last one, with nothing under it animating and no state changed since, keeps
/// its laid-out nodes (KeptBodies.swift). Where it simplifies: only `Equatable` views are
/// compared (SwiftUI compares any view's stored properties), any state change re-evaluates
/// every body, and sizes are whole cells with proposals always definite.
public final class ViewGraph {
    /// Presents animated values (nil: every change jumps). Shared with whoever else animates.
    public let animator: Animator?
    /// `@State` locations by view identity, then property name.
    private(set) var states: [ViewID: [(label: String, location: StateLocationBase)]] = [:]
    /// Identities seen in the evaluation under way (those that own state, appearances or animations).
    private var seen = Set<ViewID.Key>()
    /// Bodies kept from earlier evaluations, by view identity, and those recording what they
    /// own now, innermost last (KeptBodies.swift).
    var keptBodies = KeptBodyTable()
    var recording: [(body: KeptBody, placing: Bool)] = []
    /// Views whose `@State` changed since the last update, and objects that announced a change:
    /// a body kept around one of those views, or holding one of those objects, is stale.
    var changedStateOwners: [ViewID] = []
    private(set) var changedObjects: [ObjectIdentifier] = []
    /// Animated values no kept body owns (a value outside any `Equatable` view): while one
    /// moves, each frame evaluates the whole tree. (A matched frame or a transition's presence
    /// is not one: an animation frame presents those again without evaluating a body.)
    var looseKeys: [AnimationKey] = []
    /// One of them moved when the tree was last evaluated.
    var looseValuesMoved = false
    /// Animated units (AnimatedUnits.swift): values presented in a recorded body that no unit has
    /// claimed yet, how many units and kept bodies were made (a unit holds neither), and whether
    /// a unit is being made again alone — and met what it cannot (then its body is made whole).
    var unclaimedKeys: [AnimationKey] = []
    var unitBarriers = 0
    var isRemakingUnit = false
    var unitRemakeFailed = false
    /// The root view and size of the last evaluation (an animation frame compares them).
    private var lastRoot: AnyViewBox?
    private var lastSize: Size?
    /// Which view types are `Equatable` (their bodies can be kept), worked out once per type.
    var equatableTypes: [ObjectIdentifier: (any Equatable.Type)?] = [:]
    /// Which count as the bodies inside them (EquatableView), worked out once per type.
    var contentCountingTypes: [ObjectIdentifier: Bool] = [:]
    /// Bodies evaluated and bodies kept in the last update (tests; the inspector).
    public internal(set) var bodyCounts = (evaluated: 0, kept: 0)
    /// `onAppear` identities whose action has run, while they stay in the tree.
    private var appeared = Set<ViewID>()
    private var appearQueue: [() -> Void] = []
    /// Observed objects (`@ObservedObject`) and their subscriptions, while a view observes them.
    private var observed: [ObjectIdentifier: Cancellable] = [:]
    var observedSeen = Set<ObjectIdentifier>()
    /// Each view type's dynamic properties (`@State`, `@ObservedObject`), found once per type.
    private var dynamicProperties: [ObjectIdentifier: DynamicProperties] = [:]
    /// The transaction of the next update: the animation of the changes since the last one.
    var pendingTransaction: Transaction?
    /// Something outside any view's `@State` changed since the last evaluation (the root's inputs).
    var changedOutsideState = false
    /// Animated values by owner identity (the animator's tracks are keyed by a number per identity).
    var animationIDs: [ViewID: (number: Int, properties: [String])] = [:]
    private var nextAnimationID = 1 << 20
    private var nextNamespace = 0
    /// The first two steps of each namespace's matched groups (MatchedGeometry.swift).
    var matchedNamespaces: [Int: ViewID] = [:]
    /// Views with a transition in the last update, and those still leaving (Transitions.swift).
    var transitioned: [ViewID: ViewNode] = [:]
    /// Storage `presentTransitions` fills again at each evaluation (Transitions.swift).
    var transitionsPresent: [ViewID: ViewNode] = [:]
    var transitionsKept: [ViewID: ViewNode] = [:]
    /// How many of them are leaving: drawn, in their last place, until their presence is gone.
    var viewsLeaving = 0
    /// The frame track of each matched group the last update presented, by the group's id
    /// (MatchedGeometry.swift).
    var matchedTracks: [ViewID.ElementID: AnimationKey] = [:]
    /// The matched views the last update laid out, which an animation frame moves again.
    var matchedNodes: [MatchedNode] = []
    /// No matched frame or presence has moved since an animation frame presented them where
    /// they rest: until the next evaluation, a frame has no geometry to present again.
    var geometrySettled = false
    /// Evaluates the last root again (a change under a new transaction commits the earlier ones);
    /// made when the root changes, not at every frame.
    private var reevaluate: (() -> Void)?
    private var isEvaluating = false
    /// `.animation(_:value:)`'s values at the last evaluation.
    private var watchedValues: [ViewID: Any] = [:]
    /// Animatable types' track names, worked out once: `String(describing:)` of a type asks the
    /// runtime for its name, and every frame presents a few values per card.
    private var propertyNames: [ObjectIdentifier: String] = [:]
    private var animatableTypes: [ObjectIdentifier: (any Animatable.Type)?] = [:]

    /// True when something the views read has changed since they were last evaluated.
    public internal(set) var needsUpdate = true
    /// How many times bodies were evaluated (tests: one update per change).
    public private(set) var evaluationCount = 0
    /// The tree as laid out by the last update.
    public private(set) var root: ViewNode?
    /// The tappable view the keyboard acts on (Focus.swift), by identity.
    public internal(set) var focusedID: ViewID?

    /// How what may outlive the graph reaches it without keeping it alive (GraphLink.swift).
    let link = GraphLink()

    public init(animator: Animator? = nil) {
        self.animator = animator
        link.connect(self)
    }

    deinit { link.cut() }

    // MARK: - Update

    /// Evaluates `view` for a canvas of `size` and lays it out; runs the `onAppear` actions of
    /// views that just appeared and evaluates again if they changed state (a few times at most),
    /// so the first frame drawn already shows what they set.
    public func update<Root: View>(_ view: Root, size: Size) {
        let box = lastRoot as? ViewBox<Root>
        let sameRoot = size == lastSize && box.map { isEqual(view, to: $0) } == true
        if sameRoot, let box {
            // Equal, the root is kept as handed: an app hands the same value frame after frame,
            // and its arrays then compare by identity, not element by element (a body made
            // again while cards flew, equal to the one evaluated, cost 16 cards' comparisons at
            // every frame after it).
            box.replace(with: view)
        } else {
            let box = ViewBox(view)
            (lastRoot, lastSize) = (box, size)
            reevaluate = { [unowned self] in
                if !self.reevaluateStateOwners() { self.evaluate(box.view, size: size) }
            }
        }
        // An animation frame: the same root, nothing changed. Only what animates is evaluated.
        // A change of views' own `@State`: only those views are.
        if sameRoot, needsUpdate ? reevaluateStateOwners(startingUpdate: true) : refreshAnimatedBodies() {
            runAppearActions()
            if needsUpdate { update(view, size: size) }
            return
        }
        evaluate(view, size: size)
        for _ in 0..<4 {
            guard runAppearActions(), needsUpdate else { return }
            if !reevaluateStateOwners() { evaluate(view, size: size) }
        }
    }

    /// Runs the `onAppear` actions queued by the last evaluation; false when there were none.
    @discardableResult
    private func runAppearActions() -> Bool {
        guard !appearQueue.isEmpty else { return false }
        let actions = appearQueue
        appearQueue = []
        for action in actions { action() }
        return true
    }

    /// Draws the tree laid out by the last update.
    public func draw(on canvas: inout Canvas) { root?.draw(on: &canvas) }

    /// `update` then `draw`: one frame.
    public func render<Root: View>(_ view: Root, on canvas: inout Canvas) {
        update(view, size: canvas.size)
        draw(on: &canvas)
    }

    private func evaluate<Root: View>(_ view: Root, size: Size) {
        isEvaluating = true
        defer { isEvaluating = false }
        evaluationCount += 1
        needsUpdate = false
        let transaction = pendingTransaction
        pendingTransaction = nil
        seen.removeAll(keepingCapacity: true)
        observedSeen.removeAll(keepingCapacity: true)
        bodyCounts = (0, 0)
        looseKeys.removeAll(keepingCapacity: true)
        unclaimedKeys.removeAll(keepingCapacity: true)
        var context = ResolveContext(graph: self, id: ViewID(), animation: transaction?.animation)
        var nodes: [ViewNode] = []
        view._makeNodes(&context, into: &nodes)
        let root = ViewNode(id: ViewID(), kind: .zstack(.center), children: nodes)
        root.place(in: Rect(origin: .zero, size: size))      // GeometryReaders resolve their content here
        matchedTracks.removeAll(keepingCapacity: true)
        matchedNodes.removeAll(keepingCapacity: true)
        presentMatchedGeometry(in: root, animation: transaction?.animation)
        presentTransitions(in: root, animation: transaction?.animation)
        geometrySettled = false
        self.root = root
        looseValuesMoved = animator.map { animator in
            let now = animator.clock.now
            return looseKeys.contains { animator.isAnimating($0, at: now) }
        } ?? false
        dropWhatLeft()
        changedStateOwners.removeAll()      // every body kept now was checked against them
        changedObjects.removeAll()
        changedOutsideState = false
    }

    /// Whatever belonged to an identity not seen in this evaluation goes with it.
    private func dropWhatLeft() {
        for id in states.keys where !seen.contains(id.key) { states[id] = nil }
        for id in appeared where !seen.contains(id.key) { appeared.remove(id) }
        keptBodies.removeAll { !seen.contains($0.key) }
        for id in watchedValues.keys where !seen.contains(id.key) { watchedValues[id] = nil }
        for object in observed.keys where !observedSeen.contains(object) { observed[object] = nil }
        for id in animationIDs.keys where !seen.contains(id.key) { dropAnimations(of: id) }
    }

    /// What `id` owned goes (a view that left, found by a body evaluated again in place).
    func drop(_ id: ViewID) {
        states[id] = nil
        appeared.remove(id)
        keptBodies[id] = nil
        watchedValues[id] = nil
        dropAnimations(of: id)
    }

    private func dropAnimations(of id: ViewID) {
        guard let entry = animationIDs.removeValue(forKey: id) else { return }
        for property in entry.properties { animator?.remove(AnimationKey(entry.number, property)) }
    }

    /// A `@State` or observed object is about to change: the views are evaluated again at the
    /// next update, with the transaction open now. Changes made so far under another transaction
    /// are evaluated first, with theirs — so `x = 1; withAnimation { x = 0 }` jumps to 1 and
    /// animates from there (the lecture's pie `onAppear`), as two transactions do in SwiftUI.
    func stateWillChange(of owner: ViewID? = nil, ofObject object: ObjectIdentifier? = nil) {
        let transaction = Transaction.current
        if needsUpdate, !isEvaluating, transaction?.animation != pendingTransaction?.animation, let reevaluate {
            reevaluate()
        }
        // Noted after the earlier changes were evaluated: that evaluation forgets what it saw.
        if let owner { changedStateOwners.append(owner) }
        if let object { changedObjects.append(object) }
        if owner == nil && object == nil { changedOutsideState = true }
        needsUpdate = true
        pendingTransaction = transaction
    }

    /// What the root view is made from changed outside any view's `@State` (a page class's own
    /// state): the next update evaluates it with the transaction open now, as a state change would.
    public func rootWillChange() { stateWillChange() }

    // MARK: - What views keep

    /// `id` owns something kept (state, an appearance, an animation, a body): it stays while
    /// seen. The bodies recording now note it too, to mark it seen whenever they are kept.
    /// (`seen` is read only by the evaluation that fills it: an animation frame, which evaluates
    /// a few bodies in place, has nothing to insert it for.)
    func markSeen(_ id: ViewID) {
        if isEvaluating { seen.insert(id.key) }
        for (body, placing) in recording { body.note(id, placing: placing) }
    }

    func bindDynamicProperties<V>(of view: V, id: ViewID) {
        let type = ObjectIdentifier(V.self)
        let properties = dynamicProperties[type] ?? {
            let found = DynamicProperties.find(in: view)
            dynamicProperties[type] = found
            return found
        }()
        guard !properties.isEmpty else { return }
        properties.bind(view, in: self, id: id)
        markSeen(id)
    }

    func stateLocation(id: ViewID, label: String) -> StateLocationBase? {
        states[id]?.first(where: { $0.label == label })?.location
    }

    func keep(_ location: StateLocationBase, id: ViewID, label: String) {
        if isRemakingUnit { unitRemakeFailed = true }     // a new identity's state
        location.owner = id
        states[id, default: []].append((label, location))
    }

    func observe(_ object: some ObservableObject) {
        let key = ObjectIdentifier(object)
        noteObserved(key)
        guard observed[key] == nil else { return }
        if isRemakingUnit { unitRemakeFailed = true }
        observed[key] = object.objectWillChange.sink { [link] in link.graph?.stateWillChange(ofObject: key) }
    }

    /// True the first time `id` is seen since it (last) appeared: its `onAppear` runs after layout.
    func noteAppearance(_ id: ViewID, action: @escaping () -> Void) {
        if isRemakingUnit {
            // A view that would appear now is left to its body, made whole.
            if !appeared.contains(id) { unitRemakeFailed = true }
            return
        }
        markSeen(id)
        if appeared.insert(id).inserted { appearQueue.append(action) }
    }

    /// The animator's number for `id`'s animated `property` (kept while `id` lives). A value
    /// presented outside any body's evaluation — by the graph after layout (a matched frame, a
    /// presence), or by a node as it draws (a shape's data) — belongs to no body.
    func animationKey(_ id: ViewID, property: String, presentedOutsideBodies: Bool = false) -> AnimationKey {
        markSeen(id)
        let key: AnimationKey
        if var entry = animationIDs[id] {
            if !entry.properties.contains(property) {
                if isRemakingUnit { unitRemakeFailed = true }
                entry.properties.append(property)
                animationIDs[id] = entry
            }
            key = AnimationKey(entry.number, property)
        } else {
            if isRemakingUnit { unitRemakeFailed = true }
            nextAnimationID += 1
            animationIDs[id] = (nextAnimationID, [property])
            key = AnimationKey(nextAnimationID, property)
        }
        guard !isRemakingUnit, !presentedOutsideBodies else { return key }      // a unit's own, known already
        for (body, placing) in recording { body.note(key, placing: placing) }
        if let innermost = recording.last {
            innermost.body.noteOwn(key)
            unclaimedKeys.append(key)
        } else {
            looseKeys.append(key)
        }
        return key
    }

    /// True when `type` is `Animatable` (worked out once per type).
    func isAnimatable(_ type: Any.Type) -> Bool { animatableType(type) != nil }

    /// `type` as an `Animatable` type (nil: it is not one), worked out once per type.
    func animatableType(_ type: Any.Type) -> (any Animatable.Type)? {
        let key = ObjectIdentifier(type)
        if let known = animatableTypes[key] { return known }
        let answer = type as? any Animatable.Type
        animatableTypes[key] = answer
        return answer
    }

    /// The track name of `Value`'s `animatableData` (its type's name).
    func propertyName<Value: Animatable>(of type: Value.Type) -> String {
        if let name = propertyNames[ObjectIdentifier(type)] { return name }
        let name = Value.animatablePropertyName
        propertyNames[ObjectIdentifier(type)] = name
        return name
    }

    /// `value` for `id` now, and whether it differs from the last evaluation's (`.animation(_:value:)`).
    func exchange<Value: Equatable>(_ value: Value, for id: ViewID) -> Bool {
        if isRemakingUnit {
            // A value that changed now is left to its body, made whole.
            if (watchedValues[id] as? Value) != value { unitRemakeFailed = true }
            return false
        }
        markSeen(id)
        let previous = watchedValues.updateValue(value, forKey: id)
        return previous != nil && (previous as? Value) != value
    }

    /// A new `@Namespace` id.
    func makeNamespace() -> Int {
        nextNamespace += 1
        return nextNamespace
    }
}
