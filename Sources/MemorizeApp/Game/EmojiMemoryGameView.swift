import TerminalUI

/// Lecture 8's EmojiMemoryGameView, at one moment: the table with the buttons under it, the deck
/// over the bottom of the table. Its @State and intents are GamePage's (GamePage.swift), whose
/// GameFrameRenderer makes it for every frame from the page's state and the Animator's presented
/// values; the runtime lays it out by offering space and draws it. It is `Equatable`: a frame
/// that moves only what turns inside a card keeps the rest as it was.
struct EmojiMemoryGameView: View, Equatable {
    /// Observed, so a change made inside `withAnimation` reaches the cards with that transaction
    /// (the flip, the pie, the spin).
    @ObservedObject var game: EmojiMemoryGame
    let layout: GameLayout
    let title: TitleLine
    /// Said across the top of the empty table until the first deal.
    let notice: String?
    /// Every card as the scene presents it now (GameScene), in the model's order.
    let cards: [GameScene.Placed]
    /// Cards still in the deck (nil: none).
    let deckCount: Int?
    /// The first deal's hint, and where it goes.
    let hint: GameLayout.Hint?
    /// Deals every card left in the deck (the page's intent, each card with its own delay).
    let deal: () -> Void
    /// Chooses a card (the page's intent, animated, refused while the computer plays).
    let choose: (EmojiMemoryGame.Card) -> Void
    /// Each button's action, and whether it is lit now (the moment after its intent ran).
    let buttons: [GamePageState.Button]
    let litButtons: [Bool]
    let palette: Palette
    /// Lecture 8: the deck's card and the table's card are one view as far as their frame goes.
    @Namespace private var dealingNamespace

    var body: some View {
        ZStack(alignment: .bottom) {
            VStack {
                title
                gameBody
                HStack {
                    restartButton
                    newGameButton
                    hintText
                    Spacer()
                    shuffleButton
                }
            }
            deckBody
        }
    }

    /// Lecture 8's `gameBody`: the cards over the notice, each in its AspectVGrid slot or the
    /// deck, drawn in `zIndex` order. One `ForEach` holds the deck's cards too: a card stays one
    /// view, with its turn and its pie, from the deck to the table (the lecture's two views with
    /// one matched frame, made one). A matched pair face down leaves it (the lecture's `Color.clear`).
    private var gameBody: some View {
        ZStack(alignment: .topLeading) {
            notice.map { Text($0, style: palette.notice).frame(width: layout.gridArea.width, height: 1) }
            // `[choose]`: each card's tap holds the intent, not a copy of the whole page.
            ForEach(cards) { [choose] placed in
                cardView(for: placed)
                    .zIndex(zIndex(of: placed))
                    .onTapGesture { choose(placed.card) }
            }
        }
        .frame(width: layout.gridArea.width, height: layout.gridArea.height, alignment: .topLeading)
    }

    /// Lecture 8's `cardView(for:)`, declared where the card belongs: the runtime flies it there
    /// from where it is presented (`.matchedGeometryEffect`), between cells, with the change's
    /// animation. `.equatable()`: a card whose inputs are as in the last frame is kept whole, and
    /// only placed, while it flies (EquatableView).
    @ViewBuilder
    private func cardView(for placed: GameScene.Placed) -> some View {
        let frame = placed.frame
        CardView(card: placed.card, look: placed.look)
            .opacity(placed.isShown ? 1 : 0)
            .allowsHitTesting(placed.takesTaps)
            .frame(width: frame.width, height: frame.height)
            .equatable()
            .matchedGeometryEffect(id: placed.card.id, in: dealingNamespace)
            // A cell cannot fade: a matched pair leaving shrinks (`.scale`), at its own pace. Only
            // a matched pair leaves so; cards a new game replaces go at once.
            .transition(placed.card.isMatched
                ? AnyTransition.asymmetric(insertion: .identity, removal: AnyTransition.scale.animation(CardConstants.removal))
                : .identity)
            .offset(x: frame.minX - layout.gridArea.minX, y: frame.minY - layout.gridArea.minY)
    }

    /// Lecture 8's `zIndex(of:)`: the grid lowest, the cards in flight over it (the first dealt
    /// on top, the lecture's `-index`), the deck over everything.
    private func zIndex(of placed: GameScene.Placed) -> Double {
        ZIndex.of(cardAt: placed.index, place: placed.place).value
    }

    /// Lecture 8's `deckBody`, `undealtWidth` × `undealtHeight` at the bottom of the table: a
    /// tap on it deals. Its cards are `gameBody`'s (one view per card from the deck to the
    /// table); here, how many are left, on its middle row.
    @ViewBuilder
    private var deckBody: some View {
        if let deckCount {
            Text(" \(deckCount) ", style: palette.deckLabel)
                .padding(EdgeInsets(top: 1))
                .frame(width: layout.deckFrame.width, height: layout.deckFrame.height)
                .contentShape(Rectangle())          // its cards are gameBody's: the whole deck takes the tap
                .onTapGesture { deal() }
                .padding(EdgeInsets(bottom: layout.size.height - layout.gridArea.maxY))
        }
    }

    // Lecture 8's `restartButton` and `shuffleButton`, and ours, a new game: where GameLayout
    // puts them (New Game a quarter of the way along).
    private var restartButton: some View {
        button(.restart).padding(EdgeInsets(leading: layout.frame(of: .restart).minX))
    }
    private var newGameButton: some View {
        button(.newGame).padding(EdgeInsets(leading: layout.frame(of: .newGame).minX - layout.frame(of: .restart).maxX))
    }
    private var shuffleButton: some View {
        button(.shuffle).padding(EdgeInsets(trailing: layout.size.width - layout.frame(of: .shuffle).maxX))
    }

    /// `Button("Shuffle") { … }`: its action is the page's intent, which animates itself.
    private func button(_ kind: GameLayout.Button) -> Button {
        let index = buttons.firstIndex { $0.kind == kind }
        let isLit = index.map { litButtons[$0] } ?? false
        return Button(kind.title, style: isLit ? palette.pressedButton : palette.button) { index.map { buttons[$0] }?.action() }
    }

    private var hintText: some View {
        hint.map { hint in
            Text(hint.text, style: palette.faint).frame(width: TextWidth.of(hint.text), height: 1)
                .padding(EdgeInsets(leading: hint.origin.x - layout.frame(of: .newGame).maxX))
        }
    }

    /// Pages drawn alike are equal (Swift cannot compare the buttons' actions).
    static func == (a: EmojiMemoryGameView, b: EmojiMemoryGameView) -> Bool {
        a.layout == b.layout && a.title == b.title && a.game === b.game && a.notice == b.notice && a.cards == b.cards && a.deckCount == b.deckCount
            && a.hint == b.hint && a.litButtons == b.litButtons && a.palette == b.palette
    }

    /// Lecture 8's `CardConstants`: the page's timings, each a lecture name where it has one.
    /// GamePage's intents animate with them, so they are not private.
    enum CardConstants {
        static let dealDuration = 0.5
        static let totalDealDuration = 2.0
        static let flip = Animation.easeInOut(duration: 0.5)
        static let shuffle = Animation.spring(duration: 0.6)
        static let restart = Animation.easeInOut(duration: 0.6)
        static let removal = Animation.easeIn(duration: 0.4)
        static let spin = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        static let buttonPress = Animation.linear(duration: 0.15)
        static let resizeInFlight = Animation.easeInOut(duration: 0.25)
        /// Lecture 8's card shape, width to height (AspectVGrid keeps every card so).
        static let aspectRatio = 2.0 / 3.0
        /// Lecture 8's size of the deck's cards, in cells: at most this, never bigger than a dealt
        /// card. A cell is twice as tall as wide, so the lecture's 2:3 card is about 4:3 cells.
        static let undealtWidth = 8
        static let undealtHeight = (undealtWidth * 3 + 3) / 4
    }
}
