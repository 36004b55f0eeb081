import TerminalUI

/// Where everything goes for one terminal size (lecture 4: containers offer space, views take it).
///
/// ```
/// row 0        title: theme, Score, pairs left
/// rows 1…H-2   the AspectVGrid of cards; the deck sits bottom-centre on top of it
///              (lecture 8's ZStack(alignment: .bottom))
/// row H-1      [Restart]  [New Game]        [Shuffle]
/// ```
struct GameLayout: Equatable {
    enum Button: CaseIterable { case restart, newGame, shuffle
        /// Its light's Animator track. Buttons are not cards: their keys use negative ids, which no card has.
        var pressKey: AnimationKey { AnimationKey(-1 - Self.allCases.firstIndex(of: self)!, "press") }

        var title: String {
            switch self {
            case .restart: return "Restart"
            case .newGame: return "New Game"
            case .shuffle: return "Shuffle"
            }
        }
    }

    /// The narrowest row that still holds the three buttons apart.
    static let minimumChromeWidth = 36

    let size: Size
    let gridArea: Rect
    let grid: AspectVGridLayout
    let deckFrame: Rect
    let buttonFrames: [Rect]   // indexed like Button.allCases
    let minimumSize: Size

    /// Border plus one emoji: below this the game shows "too small" instead of unreadable cards.
    static let minimumCardSize = Size(width: 4, height: 3)

    init(size: Size, cardCount: Int) {
        self.size = size
        gridArea = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
        grid = AspectVGrid.layout(itemCount: cardCount, in: gridArea, aspectRatio: EmojiMemoryGameView.CardConstants.aspectRatio,
                                  minimumItemSize: Self.minimumCardSize)

        let card = grid.itemFrames.first?.size ?? Self.minimumCardSize
        // The deck is a card of its own, no bigger than a dealt one and never huge.
        let undealt = EmojiMemoryGameView.CardConstants.self
        let deckWidth = max(Self.minimumCardSize.width, min(card.width, undealt.undealtWidth))
        let deckHeight = max(Self.minimumCardSize.height, min(card.height, undealt.undealtHeight, (deckWidth * 3 + 3) / 4))
        deckFrame = Rect(x: (size.width - deckWidth) / 2, y: gridArea.maxY - deckHeight,
                         width: deckWidth, height: deckHeight)

        let row = size.height - 1
        let restart = Rect(x: 1, y: row, width: Button.restart.title.count + 2, height: 1)
        let newGameWidth = Button.newGame.title.count + 2
        let newGame = Rect(x: max(restart.maxX + 2, size.width / 4 - newGameWidth / 2), y: row, width: newGameWidth, height: 1)
        let shuffleWidth = Button.shuffle.title.count + 2
        let shuffle = Rect(x: max(newGame.maxX + 2, size.width - 1 - shuffleWidth), y: row, width: shuffleWidth, height: 1)
        buttonFrames = [restart, newGame, shuffle]

        let needed = AspectVGrid.minimumArea(itemCount: cardCount, aspectRatio: EmojiMemoryGameView.CardConstants.aspectRatio,
                                             minimumItemSize: Self.minimumCardSize,
                                             chrome: Size(width: 0, height: 2))
        minimumSize = Size(width: max(needed.width, Self.minimumChromeWidth), height: max(needed.height, 8))
    }

    /// Too small to show legible cards and the buttons: the app shows the size it needs instead.
    var isTooSmall: Bool {
        !grid.isLegible || size.width < Self.minimumChromeWidth || size.height < 8
    }

    func frame(of button: Button) -> Rect { buttonFrames[Button.allCases.firstIndex(of: button)!] }
}

extension GameLayout {
    /// The one place a game's layout is made (lecture 4's GeometryReader: the space offered, laid
    /// out for the cards there are); `current` while it still fits both.
    static func fitting(_ size: Size, cardCount: Int, current: GameLayout? = nil) -> GameLayout {
        if let current, current.size == size, current.grid.itemFrames.count == cardCount { return current }
        return GameLayout(size: size, cardCount: cardCount)
    }
}
