import CNcurses
import Glibc

/// Puts canvases on the *current* ncurses screen: Style → attributes and colour pairs, the cell
/// diff of each whole frame against what the terminal shows, wide glyphs, then one doupdate. Shared by the live terminal
/// (NcursesScreen) and the recording's off-screen terminal (NcursesCapture), so a recording shows
/// exactly what the player saw. Each screen owns its painter (colour pairs belong to a screen).
final class NcursesPainter {
    let depth: NcursesColorDepth
    /// Whether use_default_colors worked (-1 then means the terminal's own colours).
    let defaultColors: Bool
    /// Our own pair numbers (init_extended_pair), never recycled under a cell on screen.
    private var pairTable: ColorPairTable
    /// What the terminal shows, cell for cell (cells a smaller terminal clips are not sent, so not
    /// here either): each whole frame is compared with this, the one comparison of frames.
    private var shadow = Canvas(size: .zero)
    /// The pair each shadow cell was drawn with (0: default), for the table's on-screen counts.
    private var shadowPairs: [Int32] = []
    private var hasPainted = false
    private var needsFullRepaint = false
    private var wideBuffer: [wchar_t] = []
    /// MEMORIZE_PAINT_TRACE (the live screen only): the benchmark's record of every cell call.
    let trace: PaintTrace?

    /// Starts colour on the current screen when the mode and terminal allow it. `pairLimit`
    /// lowers the number of colour pairs used below the terminal's (tests of pair reuse).
    init(colorMode: ColorMode, trace: PaintTrace? = nil, pairLimit: Int? = nil, background: TerminalBackground = .dark) {
        self.trace = trace
        self.background = background
        var defaultColors = false
        var pairs = 0
        if colorMode == .auto, has_colors() {
            start_color()
            defaultColors = use_default_colors() == OK
            pairs = Int(cn_color_pairs()) - 1
        }
        self.defaultColors = defaultColors
        depth = NcursesStyleMapping.depth(colors: Int(cn_colors()), hasColors: has_colors(), mode: colorMode)
        pairTable = ColorPairTable(capacity: min(pairs, pairLimit ?? pairs))
    }

    /// Cells left in the default colours because every pair coloured a cell on screen, even after
    /// the frame's other cells had let theirs go (tests).
    private(set) var pairsExhausted = 0
    /// Cells this frame drew in the default pair for want of one: tried again at the frame's end,
    /// once the cells it overwrote have given their pairs back.
    private var cellsAwaitingPair: [Point] = []

    /// The next paint clears the terminal and sends every cell, once (after a resize).
    func invalidate() { needsFullRepaint = true }

    /// What the terminal shows behind default-background cells: glyphs drawn there are coloured
    /// to read against it (NcursesStyleMapping+Legible).
    private(set) var background: TerminalBackground

    /// Recolours what is on screen for a newly learnt background (the terminal's answer to OSC 11
    /// arrives after the first frame): every cell sent again, from the frame last painted, so no
    /// frame of the app's is needed. False when nothing changed.
    @discardableResult
    func recolor(for newBackground: TerminalBackground, visible: Size) -> Bool {
        guard newBackground != background else { return false }
        background = newBackground
        looks.removeAll()
        recentLooks.removeAll()
        guard hasPainted else { return true }
        let onScreen = shadow
        invalidate()
        paint(onScreen, visible: visible)
        return true
    }

    /// Draws `canvas` into stdscr, clipped to `visible` (the terminal's size, which can lag behind
    /// or run ahead of the canvas around a resize), and sends what changed: every frame comes
    /// whole and is compared, cell for cell, with what the terminal shows (`shadow`).
    /// A frame with no changed cell sends nothing and makes no system call.
    func paint(_ canvas: Canvas, visible: Size) {
        let window = cn_stdscr()
        let repaint = !hasPainted || needsFullRepaint || shadow.size != canvas.size
        if repaint {
            // First frame, new canvas size or after a resize: start from blank, once.
            werase(window)
            if needsFullRepaint { clearok(cn_curscr(), true) }
            shadow = Canvas(size: canvas.size)
            shadowPairs = Array(repeating: 0, count: canvas.size.width * canvas.size.height)
            pairTable.screenCleared()
        }
        let columns = 0..<min(canvas.size.width, visible.width)
        var changed = false
        for y in 0..<min(canvas.size.height, visible.height) where !columns.isEmpty {
            if Self.showsAlready(canvas, shadow, row: y, columns: columns) { continue }
            var skipUntil = columns.lowerBound
            for x in columns {
                // Within a row that changed, runs of cells the terminal already shows are passed
                // over a block at a time, as whole rows are (a card is a fraction of a wide row).
                if (x - columns.lowerBound) % Self.block == 0,
                   Self.showsAlready(canvas, shadow, row: y, columns: x..<min(x + Self.block, columns.upperBound)) {
                    skipUntil = x + Self.block
                }
                guard x >= skipUntil else { continue }
                let index = y * canvas.size.width + x
                let cell = canvas.cells[index]
                guard cell != shadow.cells[index] else { continue }
                if !changed { trace?.frame() }
                changed = true
                if cell.isContinuation {
                    // ncurses places a wide glyph's right half itself; if only the right half
                    // changed (its style), the glyph must be written again from its left cell.
                    if x > 0, !canvas.cells[index - 1].isContinuation {
                        draw(canvas, at: Point(x: x - 1, y: y), visibleWidth: visible.width)
                        shadow.mirror(canvas.cells[index - 1], at: index - 1)
                    }
                } else {
                    draw(canvas, at: Point(x: x, y: y), visibleWidth: visible.width)
                    // Its right half went out with it: no need to write the glyph again there.
                    if x + 1 < canvas.size.width, canvas.cells[index + 1].isContinuation {
                        shadow.mirror(canvas.cells[index + 1], at: index + 1)
                    }
                }
                shadow.mirror(cell, at: index)
            }
        }
        if !cellsAwaitingPair.isEmpty {
            let waiting = cellsAwaitingPair
            cellsAwaitingPair.removeAll()
            for point in waiting { draw(canvas, at: point, visibleWidth: visible.width) }
            pairsExhausted += cellsAwaitingPair.count
            cellsAwaitingPair.removeAll()
        }
        if changed || repaint {
            wnoutrefresh(window)
            doupdate()
        }
        hasPainted = true
        needsFullRepaint = false
    }

    /// Cells compared at once inside a row that changed: at 300x100 comparing every cell of such
    /// a row one by one was most of a flip frame's painting (perf, 2026-11-30).
    private static let block = 16

    /// Holds `flip.300x100.ratio_to_lower_bound` ≤ 2× (Benchmarks/README.md, "One way to draw fast").
    /// Every frame comes whole, so most rows equal what the terminal shows: a Cell is plain bytes
    /// (GlyphCode), and equal bytes are equal cells, so such a row is passed over with one memory
    /// compare instead of a comparison per cell. (Unequal bytes fall through to the cell compare.)
    private static func showsAlready(_ canvas: Canvas, _ shadow: Canvas, row y: Int, columns: Range<Int>) -> Bool {
        let start = y * canvas.size.width + columns.lowerBound
        return canvas.cells.withUnsafeBufferPointer { frame in
            shadow.cells.withUnsafeBufferPointer { shown in
                memcmp(frame.baseAddress! + start, shown.baseAddress! + start, columns.count * MemoryLayout<Cell>.stride) == 0
            }
        }
    }

    private func draw(_ canvas: Canvas, at point: Point, visibleWidth: Int) {
        let cell = canvas[point.x, point.y]
        let isWide = point.x + 1 < canvas.size.width && canvas[point.x + 1, point.y].isContinuation
        // A wide glyph cut by the right edge would wrap onto the next line inside ncurses.
        let fits = !isWide || point.x + 1 < visibleWidth
        // Written straight into the buffer setcchar reads: no array per cell.
        let width = NcursesCellText.write(fits ? cell.text : " ", columns: isWide ? 2 : 1, into: &wideBuffer)
        let look: NcursesLook, pair: Int32
        if let recent = recentLooks.first(where: { $0.style == cell.style }) {
            (look, pair) = (recent.look, recent.pair)
        } else {
            look = self.look(for: cell.style)
            pair = colorPair(look)
            // A style drawn in the default pair for want of one is not remembered: it asks again.
            if pair != 0 || (look.foreground == -1 && look.background == -1) {
                remember(cell.style, look, pair)
            } else {
                cellsAwaitingPair.append(point)
            }
        }
        let attributes = look.attributes.ncurses
        trace?.cell(y: point.y, x: point.x, attributes: attributes, foreground: look.foreground, background: look.background,
                    scalars: wideBuffer.dropLast().map { UInt32(bitPattern: $0) })
        // ERR at the bottom-right corner is expected (the cursor cannot advance); the cell is drawn.
        _ = cn_put_cell(Int32(point.y), Int32(point.x), wideBuffer, attributes, pair)
        let index = point.y * canvas.size.width + point.x
        noteDrawn(pair, at: index)
        if isWide { noteDrawn(pair, at: index + 1) }
        // A glyph narrower than the canvas thought (e.g. a flag measured 2, drawn 1): blank the rest.
        if width < (isWide ? 2 : 1), point.x + 1 < visibleWidth {
            _ = NcursesCellText.write(" ", columns: 1, into: &wideBuffer)
            trace?.cell(y: point.y, x: point.x + 1, attributes: attributes, foreground: look.foreground,
                        background: look.background, scalars: NcursesCellText.blank.scalars)
            _ = cn_put_cell(Int32(point.y), Int32(point.x + 1), wideBuffer, attributes, pair)
        }
    }

    private func remember(_ style: Style, _ look: NcursesLook, _ pair: Int32) {
        if recentLooks.count < Self.recentLooksKept {
            recentLooks.append((style, look, pair))
        } else {
            recentLooks[nextRecentLook] = (style, look, pair)
            nextRecentLook = (nextRecentLook + 1) % Self.recentLooksKept
        }
    }

    /// The shadow cell at `index` now shows `pair`.
    private func noteDrawn(_ pair: Int32, at index: Int) {
        guard index < shadowPairs.count else { return }
        pairTable.cellDrawn(with: pair, replacing: shadowPairs[index])
        shadowPairs[index] = pair
    }

    /// Styles as ncurses draws them, worked out once each (the nearest palette colour is a search).
    private var looks: [Style: NcursesLook] = [:]

    /// A frame's cells use a handful of styles (a card's border, face, pie, emoji): the last few
    /// answer by comparison, without hashing a Style and a colour pair (~1.5k instructions).
    private var recentLooks: [(style: Style, look: NcursesLook, pair: Int32)] = []
    private var nextRecentLook = 0
    private static let recentLooksKept = 8

    private func look(for style: Style) -> NcursesLook {
        if let look = looks[style] { return look }
        let look = NcursesStyleMapping.look(for: style, depth: depth, defaultColors: defaultColors, background: background)
        if looks.count > 4096 { looks.removeAll() }    // a theme editor trying colours: stay bounded
        looks[style] = look
        return look
    }

    private func colorPair(_ look: NcursesLook) -> Int32 {
        guard look.foreground != -1 || look.background != -1 else { return 0 }
        let key = ColorPairTable.Key(foreground: Int32(look.foreground), background: Int32(look.background))
        switch pairTable.pair(for: key) {
        case .existing(let pair):
            return pair
        case .defined(let pair, let replaced):
            // A reused pair: styles remembered with its number now name other colours. (Its old
            // colours show on no cell: the table reuses only pairs nothing on screen shows.)
            if replaced != nil { recentLooks.removeAll() }
            // In direct colour the colours themselves are 0xRRGGBB.
            return init_extended_pair(pair, key.foreground, key.background) == OK ? pair : 0
        case .unavailable:
            return 0
        }
    }
}
