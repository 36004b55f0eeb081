import Memorize
import TerminalUI

/// The game's sections of the inspector (model, view model, @State), with the toolkit's own
/// (Animator, run loop) under titles from the same table. Read-only: building them changes no
/// state the game draws from, so an open inspector shows the game exactly as it is.
struct GameInspector {
    let view: GamePage
    /// "game", "game + help", "chooser"…: which page and overlay the router shows.
    let page: String
    let stats: RunLoopStats
    let width: Int
    let ascii: Bool

    func sections(at time: Double) -> [InspectorSection] {
        [model(at: time), viewModel(), state(), animator(at: time), runLoop()]
    }

    private func title(_ topic: InspectorTopic) -> String { topic.title(width: width, ascii: ascii) }
    private var none: String { ascii ? "-" : "—" }
    private var focusedCard: EmojiMemoryGame.Card? {
        view.game.cards.indices.contains(view.focusIndex) ? view.game.cards[view.focusIndex] : nil
    }

    // MARK: MemoryGame

    /// Score, moves, pairs left, then each card in a compact row: id, content, face up or down,
    /// matched, seen, and the bonus as the pie draws it (the fraction of bonus time left).
    private func model(at time: Double) -> InspectorSection {
        let game = view.game
        let cards = game.cards
        let items = cards.indices.map { index -> String in
            let card = cards[index]
            let content = view.displayContent(of: card)
            let pie = view.presentedCard(at: index, time: time).bonusRemaining
            return (card.id < 10 ? " " : "") + "\(card.id) " + InspectorText.pad(content, 2)
                + (card.isFaceUp ? " up " : " dn ") + (card.isMatched ? "m" : ".") + (card.hasBeenSeen ? "s" : ".")
                + " " + (pie.map { InspectorText.number($0) } ?? none)
        }
        var lines = [InspectorLine("score \(game.score)   moves \(game.moves)   pairs left \(game.pairsLeft)")]
        lines += InspectorText.columns(items, width: width, gap: 2, highlighted: focusedCard == nil ? nil : view.focusIndex)
        // The legend last: in a short pane the cards matter more than their key.
        lines.append(InspectorLine("id card up/dn  m matched  s seen  pie: bonus left"))
        return InspectorSection(title: title(.model), lines: lines, minimumLines: 3)
    }

    // MARK: EmojiMemoryGame

    private func viewModel() -> InspectorSection {
        let game = view.game
        return InspectorSection(title: title(.viewModel), lines: [
            InspectorLine("theme \(game.theme.name.asciiOnly(ascii))   last intent \(game.lastIntent ?? none)"),
            InspectorLine("objectWillChange sends so far: \(game.objectWillChange.sendCount)"),
        ])
    }

    // MARK: GamePage's @State

    private func state() -> InspectorSection {
        let dealt = view.dealt.sorted()
        let set = "{" + dealt.map(String.init).joined(separator: ",") + "}"
        let focus = focusedCard.map { "card \($0.id) (index \(view.focusIndex))" } ?? none
        return InspectorSection(title: title(.state), lines: [
            InspectorLine("dealt \(dealt.count) of \(view.game.cards.count) " + set),
            InspectorLine("focus \(focus)   page \(page)"),
        ], extraLines: runtimeState())
    }

    /// The runtime's side of `@State` (ViewGraph): what the focused card's `CardView` keeps, and
    /// how many bodies the last update evaluated against how many it kept (KeptBodies.swift).
    private func runtimeState() -> [InspectorLine] {
        let graph = view.renderer.graph
        var lines = [InspectorLine("runtime \(graph.keptState.count) @State kept; last update: "
                                   + "\(graph.bodyCounts.evaluated) bodies evaluated, \(graph.bodyCounts.kept) kept")]
        if let card = focusedCard {
            let component = ViewID.Component.id(ViewID.ElementID(card.id))
            let values = graph.keptState.filter { $0.id.contains(component) }.map { kept in
                "\(kept.label) " + (Double(kept.value).map(InspectorText.number) ?? kept.value)
            }
            lines.append(InspectorLine("card \(card.id) CardView " + (values.isEmpty ? none : values.joined(separator: "  "))))
        }
        return lines
    }

    // MARK: Animator

    /// Every running animation, then the focused card's presented values beside its model values.
    private func animator(at time: Double) -> InspectorSection {
        let animator = view.animator
        let running = cardFramesFirst(animator.runningAnimations(at: time))
        let focusedID = focusedCard?.id
        let count = running.isEmpty ? "no animation running" : "\(running.count) running"
        var lines: [InspectorLine] = []
        // The lecture's point first: what is drawn now against what the model says.
        if let card = focusedCard {
            lines.append(InspectorLine("card \(card.id) presented / model   (\(count))"))
            // The runtime's values of the card: its CardView's Cardify, spin and Pie, its matched
            // frame and its removal transition's presence.
            let graph = view.renderer.graph, component = ViewID.Component.id(ViewID.ElementID(card.id))
            func runtime(_ name: String, _ property: String) -> (String, AnimationKey) {
                (name, graph.animationKey(property: property, under: component) ?? AnimationKey(card.id, "none"))
            }
            let keys = [runtime("Cardify", "Cardify"), ("frame", graph.matchedGeometryTrack(id: card.id) ?? AnimationKey(card.id, "none")),
                        runtime("transition", "presence"),
                        runtime("spin", "RotationEffect"), card.isConsumingBonusTime ? runtime("Pie", "Pie") : ("Pie", AnimationKey(card.id, "none"))]
            // A card in the tree is fully present; the runtime animates presence only as it leaves.
            let resting = GamePageState.Grid.isInTree(card) ? ["transition": 1.0] : [:]
            lines += AnimatorInspector.presentedVersusModel(animator, keys: keys, at: time, width: width, ascii: ascii, resting: resting)
        } else {
            lines.append(InspectorLine(count))
        }
        lines += AnimatorInspector.lines(running, label: label, width: width, ascii: ascii,
                                         isHighlighted: { $0.id == focusedID || runtimeCard(of: $0) == focusedID })
        return InspectorSection(title: title(.animator), lines: lines, minimumLines: 5)
    }

    /// "card 3 x"; the buttons' presses (negative ids) by their names; a value the runtime
    /// animates by its card and view ("card 3 Cardify", "card 3 Pie").
    private func label(_ key: AnimationKey) -> String {
        if let card = runtimeCard(of: key) {
            return "card \(card) " + (key.property.firstIndex(of: "<").map { String(key.property[..<$0]) } ?? key.property)
        }
        if key.id < 0, GameLayout.Button.allCases.indices.contains(-1 - key.id) {
            return GameLayout.Button.allCases[-1 - key.id].title + " " + key.property
        }
        return "card \(key.id) \(key.property)"
    }

    /// The cards' frames first, by card (the deal, in the order the cards are numbered), then
    /// the other values as the animator lists them.
    private func cardFramesFirst(_ running: [RunningAnimation]) -> [RunningAnimation] {
        let graph = view.renderer.graph
        func frameCard(_ run: RunningAnimation) -> Int? {
            guard graph.owner(of: run.key)?.components.first == .named("matched") else { return nil }
            return runtimeCard(of: run.key)
        }
        let frames = running.compactMap { run in frameCard(run).map { (card: $0, run: run) } }.sorted { $0.card < $1.card }.map(\.run)
        return frames + running.filter { frameCard($0) == nil }
    }

    /// The card a value the runtime animates belongs to: its CardView's `ForEach` id, or its
    /// matched group's (the last id in either path).
    private func runtimeCard(of key: AnimationKey) -> Int? {
        view.renderer.graph.owner(of: key)?.components.reversed().lazy.compactMap { component -> Int? in
            if case .id(let id) = component { return id.int }
            return nil
        }.first
    }

    // MARK: Run loop

    private func runLoop() -> InspectorSection {
        InspectorSection(title: title(.runLoop), lines: stats.lines(ascii: ascii).map { InspectorLine($0) })
    }
}
