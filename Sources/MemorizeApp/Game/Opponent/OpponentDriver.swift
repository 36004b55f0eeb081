import Memorize
import TerminalUI

/// The computer's turn as a state machine on the injected clock, so a key script on the virtual
/// clock plays whole games against it: it waits for the last flip to settle, thinks about half a
/// second while the focus travels to the card it picked, then has the page choose it through the
/// same intent (and animation) as a human. Anything that takes the game away (help, another
/// page, a resize, a too-small terminal, a shuffle or a new game) drops the plan; it is made
/// afresh from then. It decides; the page acts (`Move`).
final class OpponentDriver {
    struct Plan: Equatable {
        /// The card it will choose (by id: indices change when cards move, ids never).
        let cardID: Int
        /// Card indices the focus visits on its way, the chosen card's last.
        let path: [Int]
        /// When the focus starts to travel, and when the card is chosen.
        let start: Double
        let due: Double

        /// When the focus reaches `path[step]`: evenly spread over the think.
        func time(ofStep step: Int) -> Double {
            start + (due - start) * Double(step + 1) / Double(path.count + 1)
        }
    }

    enum Timing {
        /// The think before each choice.
        static let think = 0.5
        /// A choice waits for the card turned before it to finish its flip.
        static let settle = EmojiMemoryGameView.CardConstants.flip.duration
        /// When the turn has just passed to it, the human's mismatch stays in view this much longer.
        static let turnChange = 0.5
        /// How long "wait for your turn" shows after a refused choice.
        static let note = 1.5
    }

    /// The table as the computer sees it at one moment.
    struct Table {
        var game: EmojiMemoryGame
        var columns: Int
        var focusIndex: Int
        /// The game is in view and playable (dealt, not won, not too small).
        var isPlayable: Bool
        var isFocusable: (Int) -> Bool
    }

    /// What the page does for it: move the focus, then choose the card at `choice`, if any.
    struct Move: Equatable {
        var focus: Int?
        var choice: Int?
    }

    /// The computer's next choice while it is its turn. (Settable so a test can plant a broken
    /// plan and see the invariant checks report it.)
    var plan: Plan?
    /// Set by the router while something covers the game (help, another page): the computer waits.
    var isHeld = false
    /// A short message over the title ("wait: computer's turn"), until a time on the clock.
    private(set) var note: (text: String, until: Double)?
    /// When the last card was chosen, and whether by the computer: its next choice waits for that
    /// flip, and a little longer when the turn has just passed to it.
    private var lastChoice: (time: Double, byComputer: Bool)?

    /// Its move at `now`: the focus along the planned path, and the card once the think is over.
    /// Nil when it has nothing to do.
    func move(at now: Double, on table: Table) -> Move? {
        guard table.game.isComputersTurn, !isHeld, table.isPlayable else {
            plan = nil
            return nil
        }
        if plan == nil { plan = makePlan(at: now, on: table) }
        guard let plan else { return nil }
        let focus = plan.path.indices.last(where: { plan.time(ofStep: $0) <= now }).map { plan.path[$0] }
        guard now >= plan.due else { return focus.map { Move(focus: $0) } }
        self.plan = nil
        guard let index = table.game.cards.firstIndex(where: { $0.id == plan.cardID }) else { return Move(focus: focus) }
        return Move(focus: index, choice: index)
    }

    /// The note goes once its time is up.
    func expireNote(at now: Double) {
        if let note, now >= note.until { self.note = nil }
    }

    /// A card was chosen, by the computer or not: its next choice waits for that flip.
    func noteChoice(at time: Double, byComputer: Bool) { lastChoice = (time, byComputer) }

    /// The computer thinks again (a shuffle or resize moved the cards).
    func dropPlan() { plan = nil }

    /// A new game: no plan, no note, no last choice.
    func reset() {
        plan = nil
        note = nil
        lastChoice = nil
    }

    private func makePlan(at now: Double, on table: Table) -> Plan? {
        let game = table.game
        guard let card = game.computerChoice(), let target = game.cards.firstIndex(where: { $0.id == card.id }) else { return nil }
        var start = max(now, (lastChoice?.time ?? now) + Timing.settle)
        if lastChoice?.byComputer == false { start += Timing.turnChange }
        return Plan(cardID: card.id, path: focusPath(to: target, on: table), start: start, due: start + Timing.think)
    }

    /// The cards the focus passes over from where it is to `target`: along the row, then the
    /// column, as arrow keys would take it; cards no longer on the table are stepped over.
    private func focusPath(to target: Int, on table: Table) -> [Int] {
        let columns = max(1, table.columns)
        var (row, column) = (table.focusIndex / columns, table.focusIndex % columns)
        let (targetRow, targetColumn) = (target / columns, target % columns)
        let count = table.game.cards.count
        var path: [Int] = []
        while (row, column) != (targetRow, targetColumn) {
            if column != targetColumn { column += column < targetColumn ? 1 : -1 } else { row += row < targetRow ? 1 : -1 }
            let index = row * columns + column
            if index == target || ((0..<count).contains(index) && table.isFocusable(index)) { path.append(index) }
        }
        return path.isEmpty ? [target] : path
    }

    /// When the computer next moves the focus or chooses (the run loop wakes then), or the note
    /// goes away; nil when neither is pending.
    func nextChange(after now: Double) -> Double? {
        var times: [Double] = []
        if let plan {
            times += plan.path.indices.map(plan.time(ofStep:)).filter { $0 > now } + [plan.due]
        }
        if let note { times.append(note.until) }
        // A hair late, so the clock has surely passed the moment when the loop wakes.
        return times.min().map { $0 + 1e-6 }
    }

    /// A choice by the human while the computer plays: refused, with a note they can see.
    func refuse(at now: Double) {
        note = (text: "wait: computer's turn", until: now + Timing.note)
    }

    /// The note while it lasts.
    func visibleNote(at time: Double) -> String? {
        guard let note, time < note.until else { return nil }
        return note.text
    }
}
