import Memorize
import TerminalUI

/// Drawing: a pure function of (view model, UI state, Animator, time, size) into a Canvas.
extension EmojiMemoryGameView {
    /// The game page. `focusVisible` is false while something (the help) covers it.
    func render(in canvasSize: Size, focusVisible: Bool = true) -> Canvas {
        var canvas = Canvas(size: canvasSize)
        renderGame(on: &canvas, focusVisible: focusVisible)
        return canvas
    }

    private func renderGame(on canvas: inout Canvas, focusVisible: Bool) {
        let layout = canvas.size == size ? self.layout : GameLayout(size: canvas.size, cardCount: game.cards.count)
        if layout.isTooSmall {
            Overlays.drawTooSmall(canvas.size, need: layout.minimumSize, on: &canvas)
            return
        }
        let palette = Palette(theme: game.theme.color, monochrome: options.monochrome, ascii: options.ascii)
        let now = clock.now
        drawTitle(on: &canvas, palette: palette)
        drawCards(layout: layout, at: now, on: &canvas, palette: palette, focusVisible: focusVisible)
        drawButtons(layout: layout, on: &canvas, palette: palette)
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
    }

    func drawOrder(at time: Double) -> DrawOrder {
        var order = DrawOrder()
        for (index, card) in game.cards.enumerated() {
            let moving = animator.isAnimating(key(card.id, .x), at: time) || animator.isAnimating(key(card.id, .y), at: time)
            let departed = animator.hasStarted(key(card.id, .x), at: time)
            if moving && departed {
                order.flying.append(index)
            } else if isUndealt(card) || !departed {
                order.inDeck.append(index)
            } else {
                order.settled.append(index)
            }
        }
        return order
    }

    /// Cards as presented at `time`, the same values the renderer draws (also used for hit tests).
    func cardView(at index: Int, time: Double, focusVisible: Bool = true) -> CardView {
        let card = game.cards[index]
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
        view.isFocused = focusVisible && index == focusIndex && !isUndealt(card)
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
        let order = drawOrder(at: time)
        var scene = GameScene()
        // Dealt cards belong to the grid, which lies under the deck (lecture 8: the deck is the
        // ZStack's top layer), so they slide out from underneath it.
        for index in order.settled + order.flying.reversed() {
            scene.cards.append(.init(index: index, view: cardView(at: index, time: time, focusVisible: focusVisible)))
        }
        if let top = order.inDeck.first {
            // Only the top of the deck shows; it is the next card to fly (lecture 8's zIndex).
            var deckCard = cardView(at: top, time: time, focusVisible: focusVisible)
            deckCard.frame = FloatRect(layout.deckFrame)
            deckCard.rotation = 180
            deckCard.isFocused = focusVisible && isUndealt(game.cards[min(focusIndex, game.cards.count - 1)])
            scene.deck = (deckCard, order.inDeck.count)
        }
        return scene
    }

    private func drawCards(layout: GameLayout, at time: Double, on canvas: inout Canvas, palette: Palette, focusVisible: Bool) {
        let scene = scene(at: time, layout: layout, focusVisible: focusVisible)
        for placed in scene.cards { placed.view.draw(on: &canvas, palette: palette) }
        if let (top, count) = scene.deck {
            top.draw(on: &canvas, palette: palette)
            let label = " \(count) "
            let deck = layout.deckFrame
            canvas.put(label, x: deck.minX + (deck.width - label.count) / 2, y: deck.minY + deck.height / 2, style: palette.deckLabel)
        }
    }

    private func drawTitle(on canvas: inout Canvas, palette: Palette) {
        let width = canvas.size.width
        canvas.put(" \(game.theme.name.asciiOnly(options.ascii))", x: 0, y: 0, style: palette.title)
        let score = "Score: \(game.score)"
        canvas.put(score, x: (width - score.count) / 2, y: 0, style: Style(bold: true))
        let pairs = "Pairs left: \(game.pairsLeft) "
        canvas.put(pairs, x: width - pairs.count, y: 0, style: palette.text)
    }

    private func drawButtons(layout: GameLayout, on canvas: inout Canvas, palette: Palette) {
        for button in GameLayout.Button.allCases {
            let frame = layout.frame(of: button)
            let pressed = animator.value(buttonPressKey(button), at: clock.now, default: 0) > 0
            canvas.put("[\(button.title)]", x: frame.minX, y: frame.minY, style: pressed ? palette.pressedButton : palette.button)
        }
    }




}
