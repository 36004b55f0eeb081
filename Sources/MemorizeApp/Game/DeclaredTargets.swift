import TerminalUI

/// What each card last declared to the Animator (`CardTargets.update`), so a model
/// change re-declares only the cards it changed.
///
/// SwiftUI re-evaluates the body of every view whose inputs changed and skips the rest. Here a
/// choice changes one or two cards of twenty, but every card's targets (place, size, rotation,
/// presence, spin, pie) used to be declared again: 140 `setTarget` calls, nearly all no-ops, about
/// 70% of handling the choice. A card's targets are a function of its model value, its slot (or
/// the deck) and whether its bonus is counting down (which time alone changes); the Animator's
/// targets move only by these declarations, and a card leaving forgets everything (`forget`). So
/// a card whose inputs equal its last declaration would declare exactly what its tracks already
/// hold, and is skipped. Tests compare every target with declarations made afresh.
struct DeclaredTargets {
    struct Inputs: Equatable {
        var card: EmojiMemoryGame.Card
        /// The slot it is laid out in, or the deck while undealt.
        var frame: FloatRect
        var isConsumingBonusTime: Bool
    }

    /// Off: every card declares its targets on every update (tests make the reference so).
    var isEnabled = true
    /// By card index (the model's order): the inputs of the card there at the last declaration.
    private var declared: [Inputs?] = []
    /// Cards declared so far (tests: a choice declares one card, not all).
    private(set) var declarations = 0

    /// Whether the card at `index` must declare its targets for `inputs`; records them if so.
    mutating func needsDeclaring(_ inputs: Inputs, at index: Int) -> Bool {
        guard isEnabled else {
            declarations += 1
            return true
        }
        if index < declared.count, declared[index] == inputs { return false }
        if declared.count <= index { declared += Array(repeating: nil, count: index + 1 - declared.count) }
        declared[index] = inputs
        declarations += 1
        return true
    }

    /// Some card left and its tracks were removed: declare everything again.
    mutating func forget() { declared.removeAll() }
}
