import Memorize
import TerminalUI

/// Makes the game page's `body` for each frame: the page's state (GamePageState, a value the
/// page declares) with what time brings at that moment — which cards the runtime has in flight
/// (the `GameScene`'s drawing order), how many wait in the deck, which button is lit — as a tree
/// of views (`EmojiMemoryGameView`), which the runtime (a `ViewGraph`) lays out, moves and draws.
///
/// It keeps no frame and compares nothing: every frame is drawn whole, and what reaches the
/// terminal is decided in one place below the page, the screen's diff against what the terminal
/// shows (ratatui's model; NcursesPainter). Its state is the runtime's: each card's `@State`
/// and the animations its transactions started.
final class GameFrameRenderer {
    /// What presents the body's declared values at a moment (SwiftUI's animation system).
    let animator: Animator
    /// The cards' views, their `@State` and animations.
    let graph: ViewGraph
    let game: EmojiMemoryGame
    /// The body made last, and its inputs (`render(in:focusVisible:inputs:state:)`).
    private var lastBody: (page: EmojiMemoryGameView, inputs: PageInputs)?
    /// How many bodies `render(in:focusVisible:inputs:state:)` made (tests).
    private(set) var bodiesMade = 0

    init(animator: Animator, game: EmojiMemoryGame) {
        self.animator = animator
        self.game = game
        graph = ViewGraph(animator: animator)
    }

    /// A change made inside `withAnimation` reaches the views now, at the time it was made, so
    /// its animations start with the intent (not with the next frame).
    func commit(_ state: GamePageState) {
        guard graph.needsUpdate else { return }
        layOut(state)
    }

    /// The page laid out at the Animator's clock's time, as a click finds it (drawn or not since).
    func layOut(_ state: GamePageState) {
        let layout = state.layout
        guard !layout.isTooSmall else { return }
        graph.update(page(state, at: animator.clock.now, layout: layout, focusVisible: true), size: state.size)
    }

    /// The game page at the Animator's clock's time. `focusVisible` is false while something (the
    /// help) covers it.
    func render(_ state: GamePageState, in canvasSize: Size, focusVisible: Bool = true) -> Canvas {
        var canvas = Canvas(size: canvasSize)
        if let body = body(state, on: &canvas, focusVisible: focusVisible) { graph.render(body, on: &canvas) }
        return canvas
    }

    /// `render`, making the body only when its inputs changed since the last frame (PageInputs):
    /// an animation frame hands the runtime the body it had, as SwiftUI evaluates no body then.
    func render(in canvasSize: Size, focusVisible: Bool, inputs: PageInputs, state: () -> GamePageState) -> Canvas {
        var canvas = Canvas(size: canvasSize)
        if let kept = lastBody, kept.inputs == inputs {
            #if DEBUG
            let state = state()
            let made = page(state, at: animator.clock.now, layout: state.geometry.content(offered: canvasSize), focusVisible: focusVisible)
            assert(made == kept.page, "the page's body changed with the same inputs: PageInputs misses what changed it")
            #endif
            graph.render(kept.page, on: &canvas)
            return canvas
        }
        lastBody = nil
        guard let body = body(state(), on: &canvas, focusVisible: focusVisible, inFlight: inputs.inFlight) else { return canvas }
        bodiesMade += 1
        lastBody = (body, inputs)
        graph.render(body, on: &canvas)
        return canvas
    }

    /// The page's body for `canvas` now; nil, with the notice drawn on it, when it is too small.
    /// `inFlight`: the draw order the frame's inputs already worked out, if they did.
    private func body(_ state: GamePageState, on canvas: inout Canvas, focusVisible: Bool,
                      inFlight: DrawOrder? = nil) -> EmojiMemoryGameView? {
        let layout = state.geometry.content(offered: canvas.size)
        if layout.isTooSmall {
            Overlays.drawTooSmall(canvas.size, need: layout.minimumSize, on: &canvas)
            return nil
        }
        return page(state, at: animator.clock.now, layout: layout, focusVisible: focusVisible, order: inFlight)
    }

    /// The page's body at `time`, laid out as `layout`.
    func page(_ state: GamePageState, at time: Double, layout: GameLayout, focusVisible: Bool,
              order: DrawOrder? = nil) -> EmojiMemoryGameView {
        let palette = state.palette
        let scene = scene(state, at: time, layout: layout, focusVisible: focusVisible, order: order)
        return EmojiMemoryGameView(game: game, layout: layout, title: state.title.line(width: layout.size.width, at: time, palette: palette),
                        notice: startNotice(state, layout: layout),
                        cards: scene.views,
                        deckCount: scene.deck?.count,
                        hint: state.buttons.hint(in: layout),
                        deal: state.deal, choose: state.choose, buttons: state.buttons.row,
                        litButtons: state.buttons.row.map { animator.value($0.kind.pressKey, at: time, default: 0) > 0 },
                        palette: palette)
    }

    /// The win screen shows over the game once the game is over and every card is on the table
    /// (and the game is drawn at all).
    func showsWin(_ state: GamePageState, in canvasSize: Size) -> Bool {
        guard state.isWon, state.grid.dealt.count == state.grid.cards.count else { return false }
        let layout = state.geometry.content(offered: canvasSize)
        return !layout.isTooSmall
    }

    /// Under `--reduced-motion` nothing animates, but a running bonus pie still steps down once
    /// a second: the next whole second of any card's countdown (app time); nil otherwise.
    func nextCountdownStep(of cards: [EmojiMemoryGame.Card], after now: Double) -> Double? {
        guard animator.reducedMotion else { return nil }
        let steps = cards.filter(\.isConsumingBonusTime).map { card -> Double in
            let untilNextWholeSecond = card.bonusTimeRemaining.truncatingRemainder(dividingBy: 1)
            return now + (untilNextWholeSecond < 1e-6 ? 1 : untilNextWholeSecond)
        }
        return steps.min().map { $0 + 1e-6 }
    }
}
