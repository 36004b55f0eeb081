import Memorize
import TerminalUI

/// Draws the game page's `body` (GameBody, a value the page declares): a pure function of (body,
/// Animator, time, size) into a Canvas, painted from the body's `GameScene`, the geometry clicks
/// are tested on. It decides nothing about what is on screen; it presents what the body declares
/// with the Animator's values at the time.
///
/// What makes frames cheap lives here, not in the page: the last frame drawn is kept and redrawn
/// only where it changes (RetainedCanvas); a frame whose picture would equal the last one is not
/// drawn at all (QuietFrame); cards that cannot move keep their presented values and cells
/// (PresentedCardMemo); and the run loop is told which frame to come changes (look-ahead,
/// GameFrameRenderer+LookAhead.swift). Tests prove every one of these changes no pixel.
final class GameFrameRenderer {
    /// The page's body as given with the call being answered (every entry point takes it).
    var body: GameBody
    /// The last frame drawn for the run loop, redrawn only where it changes (renderFrame).
    private var retainedFrame = RetainedGameFrame()
    let pieRasters = BonusPieRasters()
    let presentedMemo = PresentedCardMemo()
    /// The last frame drawn, as far as a frame with nothing new needs to know (QuietFrame).
    private(set) var quietFrame: QuietFrame?
    /// Items of cards that cannot move, by card index, as last built under `stamp` (frameItems).
    private var cardItems: (stamp: QuietFrame.Stamp?, items: [RetainedGameFrame.Item?]) = (nil, [])

    /// What presents the body's declared values at a moment (SwiftUI's animation system).
    let animator: Animator

    init(animator: Animator, body: GameBody) {
        self.animator = animator
        self.body = body
    }

    /// The pie's raster for the dealt cards' size, made when the layout is set rather than inside
    /// the first choice's frames (tens of thousands of instructions, once per size).
    func prepare(for layout: GameLayout) {
        guard let slot = layout.grid.itemFrames.first else { return }
        pieRasters.prepare(for: FloatRect(slot).rounded.inset(by: DrawingConstants.lineWidth).size)
    }

    /// The game page. `focusVisible` is false while something (the help) covers it.
    func render(_ body: GameBody, in canvasSize: Size, focusVisible: Bool = true) -> Canvas {
        self.body = body
        var canvas = Canvas(size: canvasSize)
        let layout = body.geometry.content(offered: canvas.size)
        if layout.isTooSmall {
            Overlays.drawTooSmall(canvas.size, need: layout.minimumSize, on: &canvas)
            return canvas
        }
        let palette = body.palette
        for item in frameItems(layout: layout, at: animator.clock.now, focusVisible: focusVisible) {
            draw(item.value, on: &canvas, palette: palette)
        }
        return canvas
    }

    /// The same frame as `render(in:)`, drawn over the last one where it changed (RetainedCanvas),
    /// with the cells that may differ: a frame's cost follows what moves, not the terminal's size.
    func renderFrame(_ body: GameBody, in canvasSize: Size, focusVisible: Bool = true) -> (canvas: Canvas, damage: Damage) {
        self.body = body
        let layout = body.layout
        guard canvasSize == body.size, !layout.isTooSmall else {
            forgetRetainedFrame()
            return (render(body, in: canvasSize, focusVisible: focusVisible), .everything)
        }
        let time = animator.clock.now
        let signature = frameSignature(at: time, focusVisible: focusVisible)
        if let quietFrame, let signature, quietFrame == signature {
            return (retainedFrame.canvas, .nothing)
        }
        let palette = body.palette
        let items = frameItems(layout: layout, at: time, focusVisible: focusVisible, moving: signature?.moving)
        let damage = retainedFrame.update(size: canvasSize, context: body.theme.color, items: items) { item, canvas in
            draw(item, on: &canvas, palette: palette)
        }
        quietFrame = signature
        return (retainedFrame.canvas, damage)
    }

    /// What the frame at `time` is drawn from, as far as telling it from the last frame needs
    /// (QuietFrame): equal signatures, equal pictures. Nil when the moving cards cannot tell.
    func frameSignature(at time: Double, focusVisible: Bool) -> QuietFrame? {
        let stamp = frameStamp(focusVisible: focusVisible, size: body.size)
        guard let moving = movingCards(at: time, focusVisible: focusVisible) else { return nil }
        // A game of two's title shows a note for a while: it can change with time alone.
        let scoreboard = body.title.scoreboard(width: body.size.width, at: time)
        return QuietFrame(stamp: stamp, moving: moving, scoreboard: scoreboard)
    }

    /// Everything a card that cannot move depends on besides its own model value (QuietFrame).
    private func frameStamp(focusVisible: Bool, size: Size) -> QuietFrame.Stamp {
        QuietFrame.Stamp(animatorRevision: animator.revision, stateRevision: body.stateRevision,
                         focusIndex: body.grid.focusIndex, focusVisible: focusVisible, size: size)
    }

    /// The cards that may move, as drawn at `time`: their place in the drawing order and their
    /// cells. Nil when a frame cannot be judged from them alone (a button lighting up, or the
    /// reduced-motion pie, which steps with the clock rather than the Animator).
    private func movingCards(at time: Double, focusVisible: Bool) -> [QuietFrame.MovingCard]? {
        guard !animator.reducedMotion else { return nil }
        let ids = animator.movingIDs
        guard !ids.isEmpty else { return [] }
        let cards = body.grid.cards
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

    /// What the game page shows, in drawing order (`ZIndex`): title, cards, deck, buttons.
    enum FrameItem: Equatable {
        case title(theme: String, score: String, pairs: String)
        /// The title of a game of two.
        case scoreboard(Scoreboard)
        case card(CardRaster)
        case deck(CardRaster, label: String, labelOrigin: Point)
        /// `hint`: the first screen's "d deal · ? help" and where it goes (GameLayout+Hint.swift).
        case buttons(frames: [Rect], pressed: [Bool], hint: GameLayout.Hint?)
        /// A line across the top of the empty table (GameFrameRenderer+StartNotice.swift).
        case notice(text: String, origin: Point)
    }

    enum FrameItemID: Hashable { case title, card(Int), deck, buttons, notice }

    typealias RetainedGameFrame = RetainedCanvas<FrameItemID, FrameItem, RGBColor>

    /// The frame's items, painted from the scene. `moving`: the moving cards as the quiet-frame
    /// check just worked them out, so a frame that draws does not read them from the Animator twice.
    func frameItems(layout: GameLayout, at time: Double, focusVisible: Bool,
                    moving: [QuietFrame.MovingCard]? = nil) -> [RetainedGameFrame.Item] {
        let width = layout.size.width
        let pies = pieRasters
        let title: FrameItem
        switch body.title {
        case let .solo(theme, score, pairs): title = .title(theme: theme, score: score, pairs: pairs)
        case .scoreboard: title = .scoreboard(body.title.scoreboard(width: width, at: time)!)
        }
        let cards = body.grid.cards
        var items: [RetainedGameFrame.Item] = []
        items.reserveCapacity(cards.count + 3)     // title, cards, deck, buttons: one allocation
        items.append(.init(id: .title, value: title, footprint: Rect(x: 0, y: 0, width: width, height: 1)))
        if let notice = startNoticeItem(layout: layout) { items.append(notice) }
        // Cards that cannot move keep last frame's item while nothing they depend on changed (the
        // quiet frame's stamp): a frame that draws builds only what moves.
        let stamp = frameStamp(focusVisible: focusVisible, size: layout.size)
        // (With the memo off, for a reference frame, it is neither read nor touched.)
        let memoOn = presentedMemo.isEnabled
        if memoOn, cardItems.stamp != stamp { cardItems = (stamp, []) }
        func isStill(_ index: Int) -> Bool {
            memoOn && !animator.mayMove(id: cards[index].id) && !cards[index].isConsumingBonusTime
        }
        func cachedItem(_ index: Int) -> RetainedGameFrame.Item? {
            index < cardItems.items.count ? cardItems.items[index] : nil
        }
        func movingLook(_ index: Int) -> CardRaster? { moving?.first(where: { $0.index == index })?.look }
        // A card the painter already has cells for gets no view in the scene: a still card with
        // last frame's item (cached only while still, under this stamp), or a moving card the
        // quiet-frame check just worked out.
        let scene = scene(at: time, layout: layout, focusVisible: focusVisible) { index in
            (cachedItem(index) != nil && isStill(index)) || movingLook(index) != nil
        }
        for placed in scene.cards {
            let index = placed.index
            guard let view = placed.view else {
                if let look = movingLook(index) {
                    items.append(.init(id: .card(index), value: .card(look), footprint: look.footprint))
                } else {
                    items.append(cachedItem(index)!)
                }
                continue
            }
            let look = presentedMemo.appearance(at: index, of: view, pies: pies)
            let item = RetainedGameFrame.Item(id: .card(index), value: .card(look), footprint: look.footprint)
            if isStill(index) {
                if cardItems.items.count <= index { cardItems.items += Array(repeating: nil, count: index + 1 - cardItems.items.count) }
                cardItems.items[index] = item
            }
            items.append(item)
        }
        if let (top, count) = scene.deck {
            let look = top.appearance(pies: pies)
            let (label, origin) = body.deck.label(count: count, in: layout)
            let labelRect = Rect(x: origin.x, y: origin.y, width: label.count, height: 1)
            items.append(.init(id: .deck, value: .deck(look, label: label, labelOrigin: origin),
                               footprint: Self.union(look.footprint, labelRect)))
        }
        let buttons = GameLayout.Button.allCases
        let pressed = buttons.map { animator.value($0.pressKey, at: time, default: 0) > 0 }
        let hint = body.buttons.hint(in: layout)
        items.append(.init(id: .buttons, value: .buttons(frames: buttons.map(layout.frame(of:)), pressed: pressed, hint: hint),
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
        case let .notice(text, origin):
            canvas.put(text, x: origin.x, y: origin.y, style: palette.notice)
        case let .buttons(frames, pressed, hint):
            if let hint { canvas.put(hint.text, x: hint.origin.x, y: hint.origin.y, style: palette.faint) }
            for (index, button) in GameLayout.Button.allCases.enumerated() {
                let frame = frames[index]
                canvas.put("[\(button.title)]", x: frame.minX, y: frame.minY, style: pressed[index] ? palette.pressedButton : palette.button)
            }
        }
    }

    /// The win screen shows over the game once the game is over and every card is on the table
    /// (and the game is drawn at all).
    func showsWin(_ body: GameBody, in canvasSize: Size) -> Bool {
        guard body.isWon, body.grid.dealt.count == body.grid.cards.count else { return false }
        let layout = body.geometry.content(offered: canvasSize)
        return !layout.isTooSmall
    }
}
