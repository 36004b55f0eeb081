import TerminalUI

/// The page asks its renderer for frames, giving it the page's state as a value: the router, the
/// inspector and hit tests ask the page, never the renderer.
extension EmojiMemoryGameView {
    /// Everything of this page a frame is drawn from besides the view model and the Animator.
    var pageState: GamePageState {
        GamePageState(dealt: dealt, focusIndex: focusIndex, startNotice: startNotice, isWon: win != nil, size: size,
                      layout: layout, options: options, stateRevision: stateRevision, note: opponent.note,
                      timeBehind: timeControl.map { $0.base.now - $0.now } ?? 0)
    }

    /// The game page. `focusVisible` is false while something (the help) covers it.
    func render(in size: Size, focusVisible: Bool = true) -> Canvas {
        renderer.render(pageState, in: size, focusVisible: focusVisible)
    }

    /// The frame for the run loop, drawn over the last one where it changed.
    func renderFrame(in size: Size) -> (canvas: Canvas, damage: Damage) { renderer.renderFrame(pageState, in: size) }

    /// The next `renderFrame` draws everything (another page or an overlay was shown meanwhile).
    func forgetRetainedFrame() { renderer.forgetRetainedFrame() }

    /// The win screen shows over the game (the game is over, every card is on the table).
    func showsWin(in size: Size) -> Bool { renderer.showsWin(pageState, in: size) }

    /// The first frame from `due` on at which the page may look different (the look-ahead).
    func nextChangingFrame(due: Double, interval: Double) -> Double {
        renderer.nextChangingFrame(pageState, due: due, interval: interval)
    }

    /// What is on screen at `time`, as drawn: what a click hits.
    func scene(at time: Double) -> GameScene { renderer.scene(pageState, at: time) }

    /// The card at `index` as presented at `time` (the inspector, tests).
    func cardView(at index: Int, time: Double) -> CardView { renderer.cardView(pageState, at: index, time: time) }

    /// What the card shows: its emoji, or its ASCII face under --ascii.
    func displayContent(of card: EmojiMemoryGame.Card) -> String {
        options.ascii ? game.theme.asciiFace(of: card.content) : card.content
    }
}
