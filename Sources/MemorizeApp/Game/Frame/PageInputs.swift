import TerminalUI

/// What the game page's body is made from, in a form cheap to compare. SwiftUI evaluates a body
/// again only when something it reads changed, and an animation frame changes nothing but time;
/// here the page's body is a value GameFrameRenderer makes from the page's state and the moment,
/// so it is made again only when these differ from the last frame's. The page and the model
/// count their changes; what time alone changes in the body is listed here. Debug builds make the body anyway
/// and check it is the one kept (GameFrameRenderer.render), so every test checks this list.
struct PageInputs: Equatable {
    /// Changes of the page's own state (`GamePage.revision`) and of the model (`objectWillChange`).
    var pageRevision: Int
    var modelRevision: Int
    var size: Size
    var focusVisible: Bool
    /// Each card's pie: -1 when it is not counting, else the whole seconds it shows (reduced
    /// motion only: otherwise the pie's own animation sweeps, 0 here).
    var bonus: [Double]
    /// Each button's light (the moment after its intent ran).
    var litButtons: [Bool]
    /// The computer's note on the scoreboard, while it lasts.
    var note: String?
    /// While a card may fly (a deal, a shuffle): which cards wait in the deck, fly or rest, as
    /// the runtime presents their matched frames; nil when none can move. Between a card leaving
    /// the deck and landing, its flight is an animation frame's work: the body stays.
    var inFlight: GameFrameRenderer.DrawOrder?
}

extension GamePage {
    /// The page's body's inputs at the Animator's clock's time, drawn in `size`.
    func bodyInputs(in size: Size, focusVisible: Bool) -> PageInputs {
        let time = animator.clock.now
        let reducedMotion = animator.reducedMotion
        return PageInputs(
            pageRevision: revision, modelRevision: game.objectWillChange.sendCount, size: size, focusVisible: focusVisible,
            bonus: game.cards.map { card in
                card.isConsumingBonusTime ? (reducedMotion ? card.bonusTimeRemaining.rounded(.up) : 0) : -1
            },
            litButtons: GameLayout.Button.allCases.map { animator.value($0.pressKey, at: time, default: 0) > 0 },
            note: opponent.note.flatMap { time < $0.until ? $0.text : nil },
            inFlight: renderer.graph.matchedFramesMayMove ? renderer.drawOrder(of: game.cards, dealt: dealt, at: time) : nil)
    }
}
