import Memorize
import TerminalUI

/// The computer's turn (issue 13), played on the injected clock so a key script on the virtual
/// clock plays whole games against it: it waits for the last flip to settle, thinks about half a
/// second while the focus travels to the card it picked, then chooses it through the same intent
/// (and animation) as a human. Anything that takes the game away (help, another page, a resize,
/// a too-small terminal, a shuffle or a new game) drops the plan; it is made afresh from then.
extension EmojiMemoryGameView {
    struct OpponentPlan: Equatable {
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

    enum OpponentTiming {
        /// The think before each choice.
        static let think = 0.5
        /// A choice waits for the card turned before it to finish its flip.
        static let settle = CardConstants.flip.duration
        /// When the turn has just passed to it, the human's mismatch stays in view this much longer.
        static let turnChange = 0.5
        /// How long "wait for your turn" shows after a refused choice.
        static let note = 1.5
    }

    /// Plays the computer's part up to `clock.now`: moves the focus along, chooses when due, and
    /// plans the next choice. Called from `tick()`, before every frame and every snapshot.
    func advanceOpponent() {
        // Two choices at most fall due in one call (the virtual clock stops at each step).
        for _ in 0..<2 {
            guard mayOpponentPlay else {
                opponentPlan = nil
                return
            }
            let now = clock.now
            if opponentPlan == nil { opponentPlan = planOpponentChoice(at: now) }
            guard let plan = opponentPlan else { return }
            if let step = plan.path.indices.last(where: { plan.time(ofStep: $0) <= now }) { focusIndex = plan.path[step] }
            guard now >= plan.due else { return }
            opponentPlan = nil
            guard let index = game.cards.firstIndex(where: { $0.id == plan.cardID }) else { return }
            focusIndex = index
            choose(game.cards[index])
        }
    }

    /// Its turn, and the game in view and playable.
    private var mayOpponentPlay: Bool {
        game.isComputersTurn && !holdsOpponent && !layout.isTooSmall && win == nil && dealt.count == game.cards.count
    }

    private func planOpponentChoice(at now: Double) -> OpponentPlan? {
        guard let card = game.computerChoice(), let target = game.cards.firstIndex(where: { $0.id == card.id }) else { return nil }
        var start = max(now, (lastChoice?.time ?? now) + OpponentTiming.settle)
        if lastChoice?.byComputer == false { start += OpponentTiming.turnChange }
        return OpponentPlan(cardID: card.id, path: focusPath(to: target), start: start, due: start + OpponentTiming.think)
    }

    /// The cards the focus passes over from where it is to `target`: along the row, then the
    /// column, as arrow keys would take it; cards no longer on the table are stepped over.
    private func focusPath(to target: Int) -> [Int] {
        let columns = max(1, layout.grid.columnCount)
        var (row, column) = (focusIndex / columns, focusIndex % columns)
        let (targetRow, targetColumn) = (target / columns, target % columns)
        var path: [Int] = []
        while (row, column) != (targetRow, targetColumn) {
            if column != targetColumn { column += column < targetColumn ? 1 : -1 } else { row += row < targetRow ? 1 : -1 }
            let index = row * columns + column
            if index == target || (game.cards.indices.contains(index) && isFocusable(index)) { path.append(index) }
        }
        return path.isEmpty ? [target] : path
    }

    /// When the computer next moves the focus or chooses (the run loop wakes then), or the note
    /// goes away; nil when neither is pending.
    var nextOpponentChange: Double? {
        var times: [Double] = []
        if let plan = opponentPlan {
            let now = clock.now
            times += plan.path.indices.map(plan.time(ofStep:)).filter { $0 > now } + [plan.due]
        }
        if let note { times.append(note.until) }
        // A hair late, so the clock has surely passed the moment when the loop wakes.
        return times.min().map { $0 + 1e-6 }
    }

    /// A choice by the human while the computer plays: refused, with a note they can see.
    func refuseDuringComputersTurn() {
        note = (text: "wait: computer's turn", until: clock.now + OpponentTiming.note)
    }

    /// The note while it lasts.
    func visibleNote(at time: Double) -> String? {
        guard let note, time < note.until else { return nil }
        return note.text
    }
}

extension EmojiMemoryGameView {
    /// The title of a game of two at `time` (the note lasts only so long).
    func scoreboard(width: Int, at time: Double) -> Scoreboard {
        let seats = zip(game.playerNames, game.players).map { Scoreboard.Seat(name: $0, score: $1.score) }
        return Scoreboard(width: width, theme: game.theme.name.asciiOnly(options.ascii), seats: seats, current: game.currentPlayer,
                          pairsLeft: game.pairsLeft, note: visibleNote(at: time), ascii: options.ascii)
    }
}
