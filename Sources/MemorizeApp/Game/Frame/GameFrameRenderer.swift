import Memorize
import TerminalUI

/// Draws the game page's `body` (GameBody, a value the page declares) into a whole Canvas: the
/// title, notice, deck label and buttons as text, the cards through the runtime (CardLayer, a
/// `ViewGraph` of lecture 8's CardViews) placed where the `GameScene` presents them, the
/// geometry clicks are tested on.
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

    init(animator: Animator, game: EmojiMemoryGame) {
        self.animator = animator
        self.game = game
        graph = ViewGraph(animator: animator)
    }

    /// A change made inside `withAnimation` reaches the cards now, at the time it was made, so
    /// its animations start with the intent (not with the next frame).
    func commit(_ body: GameBody) {
        guard graph.needsUpdate else { return }
        let layout = body.layout
        guard !layout.isTooSmall else { return }
        graph.update(CardLayer(game: game, cards: scene(body, at: animator.clock.now).views), size: body.size)
    }

    /// The game page at the Animator's clock's time. `focusVisible` is false while something (the
    /// help) covers it.
    func render(_ body: GameBody, in canvasSize: Size, focusVisible: Bool = true) -> Canvas {
        var canvas = Canvas(size: canvasSize)
        let layout = body.geometry.content(offered: canvas.size)
        if layout.isTooSmall {
            Overlays.drawTooSmall(canvas.size, need: layout.minimumSize, on: &canvas)
            return canvas
        }
        draw(body, layout: layout, at: animator.clock.now, focusVisible: focusVisible, on: &canvas)
        return canvas
    }

    /// What the game page shows, in drawing order (`ZIndex`): title, notice, cards, deck, buttons.
    private func draw(_ body: GameBody, layout: GameLayout, at time: Double, focusVisible: Bool, on canvas: inout Canvas) {
        let palette = body.palette
        let width = layout.size.width
        switch body.title {
        case let .solo(theme, score, pairs):
            canvas.put(theme, x: 0, y: 0, style: palette.title)
            canvas.put(score, x: (width - score.count) / 2, y: 0, style: Style(bold: true))
            canvas.put(pairs, x: width - pairs.count, y: 0, style: palette.text)
        case .scoreboard:
            let board = body.title.scoreboard(width: width, at: time)!
            for segment in board.segments {
                canvas.put(segment.text, x: segment.x, y: 0, style: board.style(of: segment.role, palette: palette))
            }
        }
        if let (text, origin) = startNotice(body, layout: layout) {
            canvas.put(text, x: origin.x, y: origin.y, style: palette.notice)
        }
        let scene = scene(body, at: time, layout: layout, focusVisible: focusVisible)
        graph.render(CardLayer(game: game, cards: scene.views), on: &canvas)
        if let count = scene.deck?.count {
            let (label, origin) = body.deck.label(count: count, in: layout)
            canvas.put(label, x: origin.x, y: origin.y, style: palette.deckLabel)
        }
        if let hint = body.buttons.hint(in: layout) {
            canvas.put(hint.text, x: hint.origin.x, y: hint.origin.y, style: palette.faint)
        }
        for button in body.buttons.row.map(\.kind) {
            let frame = layout.frame(of: button)
            let pressed = animator.value(button.pressKey, at: time, default: 0) > 0
            canvas.put("[\(button.title)]", x: frame.minX, y: frame.minY, style: pressed ? palette.pressedButton : palette.button)
        }
    }

    /// The win screen shows over the game once the game is over and every card is on the table
    /// (and the game is drawn at all).
    func showsWin(_ body: GameBody, in canvasSize: Size) -> Bool {
        guard body.isWon, body.grid.dealt.count == body.grid.cards.count else { return false }
        let layout = body.geometry.content(offered: canvasSize)
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
