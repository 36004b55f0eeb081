#if canImport(Glibc)
import Glibc
#endif
import Memorize
import Primitives
import TerminalUI

/// The app as the run loop sees it: a RunLoopContent wrapping the router and its pages.
final class MemorizeApplication: RunLoopContent {
    let router: AppRouter
    var view: GamePage { router.game }
    /// `MEMORIZE_CHECK_INVARIANTS=1`: check the game's invariants after every event (fuzzing, soak).
    let checksInvariants: Bool

    init(view: GamePage,
         checksInvariants: Bool = MemorizeApplication.invariantChecksRequested(ProcessEnvironment.variables(named: ["MEMORIZE_CHECK_INVARIANTS"]))) {
        router = AppRouter(game: view)
        self.checksInvariants = checksInvariants
    }

    func handle(_ event: Event) {
        router.handle(event)
        if checksInvariants { checkInvariants(after: "\(event)") }
    }
    func render(in size: Size) -> Canvas { router.render(in: size) }
    func tick() {
        let moves = view.game.moves
        router.tick()
        // The computer chooses on the clock, in tick: its moves are checked like the player's.
        if checksInvariants, view.game.moves != moves { checkInvariants(after: "the computer's choice") }
    }
    var isAnimating: Bool { router.isAnimating }
    var exitCode: Int32? { router.exitCode }
    var nextTimedChange: Double? { router.nextTimedChange }
    var runLoopStats: RunLoopStats? { router.runLoopStats }

    func performScriptCommand(_ name: String, argument: String) -> String? {
        switch GameScriptCommand(rawValue: name) {
        case .theme:
            guard let theme = view.game.theme(named: argument) else {
                return KeyScript.unknownTheme(argument, among: view.game.themes)
            }
            view.play(theme: theme)
            if checksInvariants { checkInvariants(after: "theme \(argument)") }
            return nil
        case .seed, .players, .opponent, .names, nil:
            return "\(name) is not an action"      // the parser only hands over the commands that are
        }
    }

    // MARK: - Invariants

    static func invariantChecksRequested(_ environment: ProcessEnvironment.Variables) -> Bool {
        environment["MEMORIZE_CHECK_INVARIANTS"] == "1"
    }

    /// A violation is a bug: stop at once, naming it. The crash guard restores the terminal and
    /// replays this message on the normal screen.
    private func checkInvariants(after what: String) {
        let problems = invariantViolations()
        guard problems.isEmpty else {
            fatalError("invariant violated after \(what): " + problems.joined(separator: "; "))
        }
    }

    /// The model's invariants plus the view's own: dealt cards exist, the focus is on a card,
    /// the cards are the current theme's. Empty when all hold.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        let game = view.game
        problems += game.modelInvariantViolations()
        let cards = game.cards
        let ids = Set(cards.map(\.id))
        let strays = view.dealt.subtracting(ids)
        if !strays.isEmpty {
            problems.append("dealt holds ids of no card: \(strays.sorted())")
        }
        if !(0..<max(1, cards.count)).contains(view.focusIndex) {
            problems.append("focus index \(view.focusIndex) outside 0..<\(cards.count)")
        }
        if cards.count != 2 * game.theme.numberOfPairs {
            problems.append("\(cards.count) cards for theme \(game.theme.name) of \(game.theme.numberOfPairs) pairs")
        }
        if let foreign = cards.first(where: { !game.theme.emoji.contains($0.content) }) {
            problems.append("card \(foreign.id) shows \(foreign.content), not an emoji of theme \(game.theme.name)")
        }
        // Seats as the mode says, and the computer plans only on its own turn, a card it may choose.
        if game.players.count != game.mode.numberOfPlayers || game.playerNames.count != game.players.count {
            problems.append("\(game.players.count) players and \(game.playerNames.count) names in mode \(game.mode.label)")
        }
        if let plan = view.opponent.plan {
            if !game.isComputersTurn { problems.append("the computer plans card \(plan.cardID) out of its turn") }
            if let card = cards.first(where: { $0.id == plan.cardID }), card.isMatched || card.isFaceUp {
                problems.append("the computer plans card \(plan.cardID), which cannot be chosen")
            }
        }
        return problems
    }
}
