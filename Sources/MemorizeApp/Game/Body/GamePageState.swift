import Memorize
import TerminalUI

/// What the game page's body is made from, declared from the page's state by
/// `GamePage.pageState`: the title, the cards and what each declares, the deck, the
/// buttons. GameFrameRenderer adds what time brings (the Animator's presented values) and makes
/// the page's `body`, a tree of views (`EmojiMemoryGameView`, the lecture's view), for each frame.
struct GamePageState {
    /// Lecture 4's GeometryReader: the page laid out in the size it is offered (the terminal, or
    /// what the help or the inspector leave of it).
    var geometry: GeometryReader<GameLayout>
    /// The size the page was laid out for (its own layout: `geometry` offered this size).
    var size: Size
    var title: Title
    /// Across the top of the empty table until the first deal (GameFrameRenderer+StartNotice.swift).
    var notice: String?
    var grid: Grid
    var deck: Deck
    /// What a tap on the deck runs.
    var deal: () -> Void
    /// What a tap on a card runs.
    var choose: (EmojiMemoryGame.Card) -> Void
    var buttons: Buttons
    /// The game is over and recorded (the win screen may show).
    var isWon: Bool
    var theme: Theme
    var options: AppOptions
    /// App time stands behind the run loop's clock by this much (the inspector paused it).
    var timeBehind: Double

    /// The page's own layout (the size it was laid out for).
    var layout: GameLayout { geometry.content(offered: size) }

    var palette: Palette { Palette(theme: theme.color, monochrome: options.monochrome, ascii: options.ascii) }

    /// The title line: the theme, the score and the pairs left; a game of two's scoreboard.
    enum Title {
        case solo(theme: String, score: String, pairs: String)
        case scoreboard(theme: String, seats: [Scoreboard.Seat], current: Int, pairsLeft: Int,
                        note: (text: String, until: Double)?, ascii: Bool)

        /// The scoreboard at `time` (the computer's note lasts only so long); nil in a solo game.
        func scoreboard(width: Int, at time: Double) -> Scoreboard? {
            guard case let .scoreboard(theme, seats, current, pairsLeft, note, ascii) = self else { return nil }
            let visibleNote = note.flatMap { time < $0.until ? $0.text : nil }
            return Scoreboard(width: width, theme: theme, seats: seats, current: current, pairsLeft: pairsLeft,
                              note: visibleNote, ascii: ascii)
        }
    }

    /// The lecture's `AspectVGrid(items: game.cards …) { card in CardView(card) … .cardify(isFaceUp:) }`:
    /// the cards as the model has them, and what each declares; the Animator presents where each is
    /// and how far it has turned (GameFrameRenderer+Scene.swift).
    struct Grid {
        /// The model's cards, read once for the frame.
        var cards: [EmojiMemoryGame.Card]
        /// Lecture 8's @State: the cards that have left the deck.
        var dealt: Set<Int>
        var focusIndex: Int
        var theme: Theme
        var options: AppOptions

        func isUndealt(_ card: EmojiMemoryGame.Card) -> Bool { !dealt.contains(card.id) }

        /// In the page's views: every card but a matched pair's, once it has turned face down (the
        /// lecture's `Color.clear`): that one leaves by its removal transition.
        static func isInTree(_ card: EmojiMemoryGame.Card) -> Bool { !(card.isMatched && !card.isFaceUp) }

        /// On the table: dealt, and not a matched pair's hole. Only such a card takes the focus or a click.
        static func isOnTable(_ card: EmojiMemoryGame.Card, isUndealt: Bool) -> Bool {
            !isUndealt && isInTree(card)
        }

        /// What the card shows: its emoji, or its ASCII face under --ascii.
        func content(of card: EmojiMemoryGame.Card) -> String {
            options.ascii ? theme.asciiFace(of: card.content) : card.content
        }

        /// How the card is drawn, before the Animator presents where it is.
        func look(of card: EmojiMemoryGame.Card, palette: Palette, reducesMotion: Bool) -> CardLook {
            CardLook(palette: palette, content: content(of: card), subCellEdges: options.subCellEdges,
                     isMatched: card.isMatched, reducesMotion: reducesMotion)
        }

        /// The focus is drawn on a dealt card only (the deck shows it on its top).
        func isFocused(_ card: EmojiMemoryGame.Card, at index: Int, focusVisible: Bool) -> Bool {
            focusVisible && index == focusIndex && !isUndealt(card)
        }
    }

    /// Lecture 8's `deckBody`: only the top of the deck shows, the next card to fly, face down,
    /// with how many are left under it.
    struct Deck {
        /// The focus rests on an undealt card: the deck shows it.
        var holdsFocus: Bool
    }

    /// Lecture 8's `Button("Restart") { withAnimation { … } }`: a title, and the action a click
    /// on it runs (its key runs the same intent).
    struct Button {
        var kind: GameLayout.Button
        var action: () -> Void
    }

    /// The buttons along the bottom, in their order there (restart, new game, shuffle), and before
    /// the first deal the hint.
    struct Buttons {
        var row: [Button]
        var hint: String?

        func hint(in layout: GameLayout) -> GameLayout.Hint? {
            hint.flatMap { text in layout.hintOrigin(width: TextWidth.of(text)).map { GameLayout.Hint(text: text, origin: $0) } }
        }
    }
}

/// Lecture 8's `zIndex`: the order things are drawn in, higher on top. The grid lies under the
/// cards in flight, and the deck over everything (the lecture's ZStack puts it last); among the
/// cards in flight the first dealt is on top, the lecture's `zIndex(of: card) = -index`.
struct ZIndex: Comparable {
    enum Layer: Int { case grid, flying, deck }
    var layer: Layer
    var order: Double

    /// As `.zIndex` takes it: the layer first, then the order within it.
    var value: Double { Double(layer.rawValue) * 1_000_000 + order }

    static func < (a: ZIndex, b: ZIndex) -> Bool { a.value < b.value }

    /// A card's, where it is at the moment: settled cards in reading order (they do not overlap).
    static func of(cardAt index: Int, place: GameFrameRenderer.Place) -> ZIndex {
        switch place {
        case .settled: return ZIndex(layer: .grid, order: Double(index))
        case .flying: return ZIndex(layer: .flying, order: -Double(index))
        case .inDeck: return ZIndex(layer: .deck, order: -Double(index))
        }
    }
}

/// How the page declares its state (GamePage.body makes its views from this).
extension GamePage {
    /// What the body is made from, declared from the state above: the title, the grid of
    /// cardified cards, the deck, the buttons.
    var pageState: GamePageState {
        let layout = self.layout
        return GamePageState(
            geometry: GeometryReader { geometry in
                .fitting(geometry.size, cardCount: layout.grid.itemFrames.count, current: layout)
            },
            size: size,
            title: title,
            notice: dealt.isEmpty ? startNotice?.asciiOnly(options.ascii) : nil,
            grid: grid,
            deck: deck,
            deal: { [unowned self] in dealAll() },
            choose: { [unowned self] in tap($0) },
            buttons: GamePageState.Buttons(row: buttons,
                                      hint: dealt.isEmpty ? GameLayout.firstDealHint(ascii: options.ascii) : nil),
            isWon: win != nil, theme: game.theme, options: options,
            timeBehind: timeControl.map { $0.base.now - $0.now } ?? 0)
    }

    /// Theme, score and pairs left; in a game of two, each seat's score and the computer's note.
    var title: GamePageState.Title {
        let theme = game.theme.name.asciiOnly(options.ascii)
        guard game.mode != .solo else {
            return .solo(theme: " \(theme)", score: "Score: \(game.score)", pairs: "Pairs left: \(game.pairsLeft) ")
        }
        let seats = zip(game.playerNames, game.players).map { Scoreboard.Seat(name: $0, score: $1.score) }
        return .scoreboard(theme: theme, seats: seats, current: game.currentPlayer, pairsLeft: game.pairsLeft,
                           note: opponent.note, ascii: options.ascii)
    }

    /// The cards as the model has them, and what each declares (the renderer places them).
    var grid: GamePageState.Grid {
        GamePageState.Grid(cards: game.cards, dealt: dealt, focusIndex: focusIndex, theme: game.theme, options: options)
    }

    /// The deck: whether it holds the focus (the focus rests on an undealt card).
    var deck: GamePageState.Deck {
        let cards = game.cards
        return GamePageState.Deck(holdsFocus: !cards.isEmpty && focusIndex >= 0
                             && isUndealt(cards[min(focusIndex, cards.count - 1)]))
    }

    /// Lecture 8's buttons (and ours, a new game), each running its intent.
    var buttons: [GamePageState.Button] {
        [GamePageState.Button(kind: .restart) { [unowned self] in restart() },
         GamePageState.Button(kind: .newGame) { [unowned self] in newGame() },
         GamePageState.Button(kind: .shuffle) { [unowned self] in shuffle() }]
    }
}
