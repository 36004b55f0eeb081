import Memorize
import TerminalUI

/// Drawing: a pure function of (view model, UI state, Animator, time, size) into a Canvas.
extension EmojiMemoryGameView {
    /// The game page. `focusVisible` is false while something (the help) covers it.
    func render(in canvasSize: Size, focusVisible: Bool = true) -> Canvas {
        var canvas = Canvas(size: canvasSize)
        let layout = canvas.size == size ? self.layout : GameLayout(size: canvas.size, cardCount: game.cards.count)
        if layout.isTooSmall {
            Overlays.drawTooSmall(canvas.size, need: layout.minimumSize, on: &canvas)
            return canvas
        }
        let palette = self.palette
        for item in frameItems(layout: layout, at: clock.now, focusVisible: focusVisible) {
            draw(item.value, on: &canvas, palette: palette)
        }
        return canvas
    }

    /// The same frame as `render(in:)`, drawn over the last one where it changed (RetainedCanvas),
    /// with the cells that may differ: a frame's cost follows what moves, not the terminal's size.
    func renderFrame(in canvasSize: Size, focusVisible: Bool = true) -> (canvas: Canvas, damage: Damage) {
        guard canvasSize == size, !layout.isTooSmall else {
            forgetRetainedFrame()
            return (render(in: canvasSize, focusVisible: focusVisible), .everything)
        }
        let time = clock.now
        let signature = frameSignature(at: time, focusVisible: focusVisible)
        if let quietFrame, let signature, quietFrame == signature {
            return (retainedFrame.canvas, .nothing)
        }
        let palette = self.palette
        let items = frameItems(layout: layout, at: time, focusVisible: focusVisible, moving: signature?.moving)
        let damage = retainedFrame.update(size: canvasSize, context: game.theme.color, items: items) { item, canvas in
            draw(item, on: &canvas, palette: palette)
        }
        quietFrame = signature
        return (retainedFrame.canvas, damage)
    }

    /// What the frame at `time` is drawn from, as far as telling it from the last frame needs
    /// (QuietFrame): equal signatures, equal pictures. Nil when the moving cards cannot tell.
    func frameSignature(at time: Double, focusVisible: Bool) -> QuietFrame? {
        let stamp = frameStamp(focusVisible: focusVisible, size: size)
        guard let moving = movingCards(at: time, focusVisible: focusVisible) else { return nil }
        // A game of two's title shows a note for a while: it can change with time alone.
        let scoreboard = game.mode == .solo ? nil : scoreboard(width: size.width, at: time)
        return QuietFrame(stamp: stamp, moving: moving, scoreboard: scoreboard)
    }

    /// Everything a card that cannot move depends on besides its own model value (QuietFrame).
    private func frameStamp(focusVisible: Bool, size: Size) -> QuietFrame.Stamp {
        QuietFrame.Stamp(animatorRevision: animator.revision, stateRevision: stateRevision,
                         focusIndex: focusIndex, focusVisible: focusVisible, size: size)
    }

    /// The cards that may move, as drawn at `time`: their place in the drawing order and their
    /// cells. Nil when a frame cannot be judged from them alone (a button lighting up, or the
    /// reduced-motion pie, which steps with the clock rather than the Animator).
    private func movingCards(at time: Double, focusVisible: Bool) -> [QuietFrame.MovingCard]? {
        guard !animator.reducedMotion else { return nil }
        let ids = animator.movingIDs
        guard !ids.isEmpty else { return [] }
        let cards = game.cards
        var moving: [QuietFrame.MovingCard] = []
        for id in ids {
            guard let index = cards.firstIndex(where: { $0.id == id }) else { return nil }
            let view = cardView(of: cards[index], at: index, time: time, focusVisible: focusVisible)
            moving.append(.init(index: index, place: place(of: cards[index], at: time),
                                look: presentedMemo.appearance(at: index, of: view, pies: pieRasters)))
        }
        return moving
    }

    /// The next `renderFrame` draws everything (another page or an overlay was shown meanwhile).
    func forgetRetainedFrame() {
        retainedFrame.reset()
        quietFrame = nil
    }

    var palette: Palette { Palette(theme: game.theme.color, monochrome: options.monochrome, ascii: options.ascii) }

    /// What the game page shows, in drawing order: title, cards, deck, buttons.
    enum FrameItem: Equatable {
        case title(theme: String, score: String, pairs: String)
        /// The title of a game of two (issue 13).
        case scoreboard(Scoreboard)
        case card(CardAppearance)
        case deck(CardAppearance, label: String, labelOrigin: Point)
        case buttons(frames: [Rect], pressed: [Bool])
    }

    enum FrameItemID: Hashable { case title, card(Int), deck, buttons }

    typealias RetainedGameFrame = RetainedCanvas<FrameItemID, FrameItem, RGBColor>

    /// `moving`: the moving cards as the quiet-frame check just worked them out, so a frame that
    /// draws does not read them from the Animator twice.
    func frameItems(layout: GameLayout, at time: Double, focusVisible: Bool,
                    moving: [QuietFrame.MovingCard]? = nil) -> [RetainedGameFrame.Item] {
        let width = layout.size.width
        let pies = pieRasters
        let title: FrameItem = game.mode == .solo
            ? .title(theme: " \(game.theme.name.asciiOnly(options.ascii))", score: "Score: \(game.score)",
                     pairs: "Pairs left: \(game.pairsLeft) ")
            : .scoreboard(scoreboard(width: width, at: time))
        let cards = game.cards
        var items: [RetainedGameFrame.Item] = []
        items.reserveCapacity(cards.count + 3)     // title, cards, deck, buttons: one allocation
        items.append(.init(id: .title, value: title, footprint: Rect(x: 0, y: 0, width: width, height: 1)))
        let order = drawOrder(of: cards, at: time)
        // Cards that cannot move keep last frame's item while nothing they depend on changed (the
        // quiet frame's stamp): a frame that draws builds only what moves.
        let stamp = frameStamp(focusVisible: focusVisible, size: layout.size)
        // (With the memo off, for a reference frame, it is neither read nor touched.)
        let memoOn = presentedMemo.isEnabled
        if memoOn, cardItems.stamp != stamp { cardItems = (stamp, []) }
        for index in order.cardsFromBottom {
            // Read in place: a still card is not copied, only its cached item is.
            let still = memoOn && !animator.mayMove(id: cards[index].id) && !cards[index].isConsumingBonusTime
            if still, index < cardItems.items.count, let item = cardItems.items[index] {
                items.append(item)
                continue
            }
            let look = moving?.first(where: { $0.index == index })?.look
                ?? presentedMemo.appearance(at: index, of: cardView(of: cards[index], at: index, time: time, focusVisible: focusVisible),
                                            pies: pies)
            let item = RetainedGameFrame.Item(id: .card(index), value: .card(look), footprint: look.footprint)
            if still {
                if cardItems.items.count <= index { cardItems.items += Array(repeating: nil, count: index + 1 - cardItems.items.count) }
                cardItems.items[index] = item
            }
            items.append(item)
        }
        if let (top, count) = deck(of: cards, order: order, layout: layout, time: time, focusVisible: focusVisible) {
            let look = top.appearance(pies: pies)
            let label = " \(count) "
            let deck = layout.deckFrame
            let origin = Point(x: deck.minX + (deck.width - label.count) / 2, y: deck.minY + deck.height / 2)
            let labelRect = Rect(x: origin.x, y: origin.y, width: label.count, height: 1)
            items.append(.init(id: .deck, value: .deck(look, label: label, labelOrigin: origin),
                               footprint: Self.union(look.footprint, labelRect)))
        }
        let pressed = GameLayout.Button.allCases.map { animator.value(buttonPressKey($0), at: time, default: 0) > 0 }
        items.append(.init(id: .buttons, value: .buttons(frames: GameLayout.Button.allCases.map(layout.frame(of:)), pressed: pressed),
                           footprint: Rect(x: 0, y: layout.size.height - 1, width: width, height: 1)))
        return items
    }

    private static func union(_ a: Rect, _ b: Rect) -> Rect {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    func draw(_ item: FrameItem, on canvas: inout Canvas, palette: Palette) {
        switch item {
        case let .title(theme, score, pairs):
            let width = canvas.size.width
            canvas.put(theme, x: 0, y: 0, style: palette.title)
            canvas.put(score, x: (width - score.count) / 2, y: 0, style: Style(bold: true))
            canvas.put(pairs, x: width - pairs.count, y: 0, style: palette.text)
        case .scoreboard(let board):
            for segment in board.segments {
                canvas.put(segment.text, x: segment.x, y: 0, style: board.style(of: segment.role, palette: palette))
            }
        case .card(let look):
            look.draw(on: &canvas, palette: palette, pies: pieRasters)
        case let .deck(look, label, origin):
            look.draw(on: &canvas, palette: palette, pies: pieRasters)
            canvas.put(label, x: origin.x, y: origin.y, style: palette.deckLabel)
        case let .buttons(frames, pressed):
            for (index, button) in GameLayout.Button.allCases.enumerated() {
                let frame = frames[index]
                canvas.put("[\(button.title)]", x: frame.minX, y: frame.minY, style: pressed[index] ? palette.pressedButton : palette.button)
            }
        }
    }

    /// The win screen shows over the game once the game is over and every card is on the table
    /// (and the game is drawn at all).
    func showsWin(in canvasSize: Size) -> Bool {
        guard win != nil, dealt.count == game.cards.count else { return false }
        let layout = canvasSize == size ? self.layout : GameLayout(size: canvasSize, cardCount: game.cards.count)
        return !layout.isTooSmall
    }


    /// Which cards sit in the deck, which fly and which rest, in the order they are drawn.
    struct DrawOrder {
        var settled: [Int] = []
        var inDeck: [Int] = []
        var flying: [Int] = []

        /// Dealt cards belong to the grid, which lies under the deck (lecture 8: the deck is the
        /// ZStack's top layer), so they slide out from underneath it; the lowest index flies on top.
        var cardsFromBottom: [Int] { settled + flying.reversed() }
    }

    func drawOrder(at time: Double) -> DrawOrder { drawOrder(of: game.cards, at: time) }

    /// `cards`: the model's cards, read once per frame (each read of `game.cards` goes through
    /// @Published's key paths and copies the model).
    private func drawOrder(of cards: [EmojiMemoryGame.Card], at time: Double) -> DrawOrder {
        var order = DrawOrder()
        order.settled.reserveCapacity(cards.count)
        // Every frame asks this of every card: read each where it lies (a copied card retains its
        // parts), and skip the set lookup once all are dealt (cards only join `dealt`).
        let someUndealt = dealt.count < cards.count
        cards.withUnsafeBufferPointer { cards in
            for index in cards.indices {
                switch place(of: cards[index], at: time, someUndealt: someUndealt) {
                case .flying: order.flying.append(index)
                case .inDeck: order.inDeck.append(index)
                case .settled: order.settled.append(index)
                }
            }
        }
        return order
    }

    /// Flying once its flight has begun, in the deck while undealt or waiting for its delay.
    private func place(of card: EmojiMemoryGame.Card, at time: Double, someUndealt: Bool = true) -> QuietFrame.Place {
        // A card that cannot move rests where it is: no track lookups for it.
        let canMove = animator.mayMove(id: card.id)
        let moving = canMove && (animator.isAnimating(key(card.id, .x), at: time) || animator.isAnimating(key(card.id, .y), at: time))
        let departed = !canMove || animator.hasStarted(key(card.id, .x), at: time)
        if moving && departed { return .flying }
        return (someUndealt && isUndealt(card)) || !departed ? .inDeck : .settled
    }

    /// Cards as presented at `time`, the same values the renderer draws (also used for hit tests).
    func cardView(at index: Int, time: Double, focusVisible: Bool = true) -> CardView {
        cardView(of: game.cards[index], at: index, time: time, focusVisible: focusVisible)
    }

    private func cardView(of card: EmojiMemoryGame.Card, at index: Int, time: Double, focusVisible: Bool) -> CardView {
        var view: CardView
        // Presented values of a card that cannot move do not depend on time (PresentedCardMemo).
        let still = !animator.mayMove(id: card.id) && !card.isConsumingBonusTime
        let stamp = still ? PresentedCardMemo.Stamp(card: card, animatorRevision: animator.revision(of: card.id),
                                                    asciiTheme: options.ascii ? game.theme.name : "") : nil
        if let stamp, let remembered = presentedMemo.view(at: index, stamp: stamp) {
            view = remembered
        } else {
            view = presentedView(of: card, at: time)
            if let stamp { presentedMemo.store(view, at: index, stamp: stamp) }
        }
        view.isFocused = focusVisible && index == focusIndex && !isUndealt(card)
        return view
    }

    /// Everything but the focus, read from the Animator at `time`.
    private func presentedView(of card: EmojiMemoryGame.Card, at time: Double) -> CardView {
        let frame = FloatRect(
            x: animator.value(key(card.id, .x), at: time, default: 0),
            y: animator.value(key(card.id, .y), at: time, default: 0),
            width: animator.value(key(card.id, .width), at: time, default: 0),
            height: animator.value(key(card.id, .height), at: time, default: 0))
        var view = CardView(content: displayContent(of: card), frame: frame,
                            rotation: animator.value(key(card.id, .rotation), at: time, default: 180))
        view.presence = animator.value(key(card.id, .presence), at: time, default: 1)
        view.isMatched = card.isMatched
        view.isTurningUp = card.isFaceUp && !Cardify(rotation: view.rotation).showsFace
        if card.isMatched && card.isFaceUp && !animator.reducedMotion {
            view.spinPhase = animator.value(key(card.id, .spin), at: time, default: 0)
        }
        if !card.isMatched {
            // Lecture 8: while consuming, the animated value; otherwise the card's stored value, still.
            if !card.isConsumingBonusTime {
                view.bonusRemaining = card.bonusRemaining
            } else if animator.reducedMotion {
                // Whole seconds only: the pie steps down once a second instead of sweeping.
                view.bonusRemaining = card.bonusTimeRemaining.rounded(.up) / card.bonusTimeLimit
            } else {
                view.bonusRemaining = animator.value(key(card.id, .bonus), at: time, default: card.bonusRemaining)
            }
        }
        return view
    }

    func displayContent(of card: EmojiMemoryGame.Card) -> String {
        options.ascii ? game.theme.asciiFace(of: card.content) : card.content
    }

    /// The cards as presented at `time`, in drawing order: the one geometry for painting and
    /// for hit-testing.
    func scene(at time: Double, layout: GameLayout, focusVisible: Bool = true) -> GameScene {
        let cards = game.cards
        let order = drawOrder(of: cards, at: time)
        var scene = GameScene()
        for index in order.cardsFromBottom {
            scene.cards.append(.init(index: index, view: cardView(of: cards[index], at: index, time: time, focusVisible: focusVisible)))
        }
        scene.deck = deck(of: cards, order: order, layout: layout, time: time, focusVisible: focusVisible)
        return scene
    }

    /// Only the top of the deck shows; it is the next card to fly (lecture 8's zIndex).
    private func deck(of cards: [EmojiMemoryGame.Card], order: DrawOrder, layout: GameLayout, time: Double,
                      focusVisible: Bool) -> (top: CardView, count: Int)? {
        guard let top = order.inDeck.first else { return nil }
        var deckCard = cardView(of: cards[top], at: top, time: time, focusVisible: focusVisible)
        deckCard.frame = FloatRect(layout.deckFrame)
        deckCard.rotation = 180
        deckCard.isFocused = focusVisible && isUndealt(cards[min(focusIndex, cards.count - 1)])
        return (deckCard, order.inDeck.count)
    }

}
