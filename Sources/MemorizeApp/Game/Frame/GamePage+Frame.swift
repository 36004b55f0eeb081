import TerminalUI

/// The page asks its renderer for frames, giving it the page's state as a value: the router, the
/// inspector and hit tests ask the page, never the renderer.
extension GamePage {
    /// The game page, drawn whole (the screen sends only what differs from what the terminal
    /// shows). `focusVisible` is false while something (the help) covers it.
    func render(in size: Size, focusVisible: Bool = true) -> Canvas {
        // One frame, one moment: live, the clock moves while a frame is drawn, and a card that
        // left the deck between reading the body's inputs and drawing would make the two disagree.
        func draw() -> Canvas {
            renderer.render(in: size, focusVisible: focusVisible, inputs: bodyInputs(in: size, focusVisible: focusVisible)) { pageState }
        }
        return timeControl?.holding(draw) ?? draw()
    }

    /// The win screen shows over the game (the game is over, every card is on the table). Asked
    /// at every frame: the page's state (its title's strings, its grid) is made only once won.
    func showsWin(in size: Size) -> Bool { win != nil && renderer.showsWin(pageState, in: size) }


    /// The card at `index` as presented at `time` (the inspector, tests).
    func presentedCard(at index: Int, time: Double) -> PresentedCard { renderer.presentedCard(pageState, at: index, time: time) }

    /// What the card shows: its emoji, or its ASCII face under --ascii (the inspector).
    func displayContent(of card: EmojiMemoryGame.Card) -> String {
        options.ascii ? game.theme.asciiFace(of: card.content) : card.content
    }
}
