import Memorize
import TerminalUI

/// Drawing: a pure function of (view model, UI state, Animator, time, size) into a Canvas.
extension EmojiMemoryGameView {
    func render(in canvasSize: Size) -> Canvas {
        var canvas = Canvas(size: canvasSize)
        switch page {
        case .game:
            renderGame(on: &canvas)
        case .chooser:
            guard fits(canvasSize, ThemeChooserView.minimumSize, on: &canvas) else { return canvas }
            ThemeChooserView(chooser: chooser, playing: game.theme, ascii: options.ascii, monochrome: options.monochrome)
                .draw(on: &canvas)
        case .editor:
            guard let editor, fits(canvasSize, ThemeEditorView.minimumSize, on: &canvas) else { return canvas }
            ThemeEditorView(editor: editor, monochrome: options.monochrome).draw(on: &canvas)
        }
        if overlay == .help {
            drawHelp(on: &canvas, palette: Palette(theme: game.theme.color, monochrome: options.monochrome, ascii: options.ascii))
        }
        return canvas
    }

    private func renderGame(on canvas: inout Canvas) {
        let layout = canvas.size == size ? self.layout : GameLayout(size: canvas.size, cardCount: game.cards.count)
        if layout.isTooSmall {
            drawTooSmall(canvas.size, need: layout.minimumSize, on: &canvas)
            return
        }
        let palette = Palette(theme: game.theme.color, monochrome: options.monochrome, ascii: options.ascii)
        let now = clock.now
        drawTitle(on: &canvas, palette: palette)
        drawCards(layout: layout, at: now, on: &canvas, palette: palette)
        drawButtons(layout: layout, on: &canvas, palette: palette)
        if let win, dealt.count == game.cards.count {
            drawBox(win.lines(ascii: options.ascii), on: &canvas, palette: palette)
        }
    }

    /// The chooser and editor need some room too; below it they say how much, like the game.
    private func fits(_ size: Size, _ need: Size, on canvas: inout Canvas) -> Bool {
        guard size.width < need.width || size.height < need.height else { return true }
        drawTooSmall(size, need: need, on: &canvas)
        return false
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
    func cardView(at index: Int, time: Double) -> CardView {
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
        view.isFocused = overlay == nil && index == focusIndex && !isUndealt(card)
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

    private func drawCards(layout: GameLayout, at time: Double, on canvas: inout Canvas, palette: Palette) {
        let order = drawOrder(at: time)
        for index in order.settled { cardView(at: index, time: time).draw(on: &canvas, palette: palette) }
        // Dealt cards belong to the grid, which lies under the deck (lecture 8: the deck is the
        // ZStack's top layer), so they slide out from underneath it.
        for index in order.flying.reversed() { cardView(at: index, time: time).draw(on: &canvas, palette: palette) }
        if let top = order.inDeck.first {
            // Only the top of the deck shows; it is the next card to fly (lecture 8's zIndex).
            var deckCard = cardView(at: top, time: time)
            deckCard.frame = FloatRect(layout.deckFrame)
            deckCard.rotation = 180
            deckCard.isFocused = overlay == nil && isUndealt(game.cards[min(focusIndex, game.cards.count - 1)])
            deckCard.draw(on: &canvas, palette: palette)
            let label = " \(order.inDeck.count) "
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
            canvas.put("[\(button.title)]", x: frame.minX, y: frame.minY, style: palette.button)
        }
    }

    private func drawTooSmall(_ size: Size, need: Size, on canvas: inout Canvas) {
        let lines = [
            "Terminal too small (\(size.width)x\(size.height))",
            "Memorize needs at least \(need.width)x\(need.height)",
            "Enlarge the window; the game is kept.",
        ]
        drawCentred(lines, on: &canvas, style: Style(bold: true))
    }

    /// The help for the screen showing, generated from that screen's key table: it cannot drift.
    private func drawHelp(on canvas: inout Canvas, palette: Palette) {
        let table: [KeyHelp]
        let mouse: [(label: String, summary: String)]
        switch page {
        case .game where win != nil: (table, mouse) = (KeyTables.win.help, KeyTables.winMouseHelp)
        case .game: (table, mouse) = (KeyTables.game.help, KeyTables.mouseHelp)
        case .chooser: (table, mouse) = (KeyTables.chooser.help, KeyTables.chooserMouseHelp)
        case .editor: (table, mouse) = (KeyTables.editor.help, KeyTables.editorMouseHelp)
        }
        let ascii = options.ascii
        let rows = table.map { ($0.label(ascii: ascii), $0.summary) } + mouse.map { ($0.label, $0.summary) }
        let labelWidth = rows.map { TextWidth.of($0.0) }.max() ?? 0
        func row(_ label: String, _ summary: String) -> String {
            label + String(repeating: " ", count: labelWidth + 2 - TextWidth.of(label)) + summary
        }
        var lines = ["Keys"] + table.map { row($0.label(ascii: ascii), $0.summary) }
        lines += ["Mouse"] + mouse.map { row($0.label, $0.summary) }
        lines.append(KeyTables.footer(KeyTables.overlay, ascii: ascii).joined(separator: "   "))
        drawBox(lines, on: &canvas, palette: palette)
    }

    /// A centred box; a line wider than the screen allows is wrapped, never cut (a warning must
    /// show its reason and file).
    private func drawBox(_ text: [String], on canvas: inout Canvas, palette: Palette) {
        let lines = text.flatMap { $0.isEmpty ? [""] : TextWrap.lines($0, width: max(1, canvas.size.width - 4)) }
        let width = min(canvas.size.width, (lines.map { TextWidth.of($0) }.max() ?? 0) + 4)
        let height = min(canvas.size.height, lines.count + 2)
        let box = Rect(x: (canvas.size.width - width) / 2, y: (canvas.size.height - height) / 2, width: width, height: height)
        RoundedRectangle.draw(in: box, on: &canvas, border: palette.overlayBorder, fill: palette.overlay, ascii: palette.ascii)
        for (i, line) in lines.enumerated() where i + 2 < height {
            canvas.put(line, x: box.minX + 2, y: box.minY + 1 + i, style: palette.overlay)
        }
    }

    private func drawCentred(_ lines: [String], on canvas: inout Canvas, style: Style) {
        let top = (canvas.size.height - lines.count) / 2
        for (i, line) in lines.enumerated() {
            canvas.put(line, x: max(0, (canvas.size.width - line.count) / 2), y: top + i, style: style)
        }
    }
}
