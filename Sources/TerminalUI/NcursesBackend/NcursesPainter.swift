import CNcurses
import Glibc

/// Puts canvases on the *current* ncurses screen: Style → attributes and colour pairs, the cell
/// diff against the last frame, wide glyphs, then one doupdate. Shared by the live terminal
/// (NcursesScreen) and the recording's off-screen terminal (NcursesCapture), so a recording shows
/// exactly what the player saw. Each screen owns its painter (colour pairs belong to a screen).
final class NcursesPainter {
    let depth: NcursesColorDepth
    /// Whether use_default_colors worked (-1 then means the terminal's own colours).
    let defaultColors: Bool
    private var pairs: [PairKey: Int32] = [:]
    private var lastPresented: Canvas?
    private var needsFullRepaint = false
    private var wideBuffer: [wchar_t] = []

    private struct PairKey: Hashable { var foreground: Int32; var background: Int32 }

    /// Starts colour on the current screen when the mode and terminal allow it.
    init(colorMode: ColorMode) {
        var defaultColors = false
        if colorMode == .auto, has_colors() {
            start_color()
            defaultColors = use_default_colors() == OK
        }
        self.defaultColors = defaultColors
        depth = NcursesStyleMapping.depth(colors: Int(cn_colors()), hasColors: has_colors(), mode: colorMode)
    }

    /// The next paint clears the terminal and sends every cell, once (after a resize).
    func invalidate() { needsFullRepaint = true }

    /// Draws `canvas` into stdscr, clipped to `visible` (the terminal's size, which can lag behind
    /// or run ahead of the canvas around a resize), and sends what changed.
    func paint(_ canvas: Canvas, visible: Size) {
        let window = cn_stdscr()
        let points: [Point]
        if let last = lastPresented, !needsFullRepaint, last.size == canvas.size {
            points = canvas.changedCells(from: last)
        } else {
            // First frame, new canvas size or after a resize: start from blank, once.
            werase(window)
            if needsFullRepaint { clearok(cn_curscr(), true) }
            points = canvas.changedCells(from: Canvas(size: .zero))
        }
        var lastDrawn: Point?
        for point in points where point.x < visible.width && point.y < visible.height {
            if canvas[point.x, point.y].isContinuation {
                // ncurses places a wide glyph's right half itself; if only the right half changed
                // (its style), the glyph must be written again from its left cell.
                let left = Point(x: point.x - 1, y: point.y)
                if left.x >= 0, lastDrawn != left, !canvas[left.x, left.y].isContinuation {
                    draw(canvas, at: left, visibleWidth: visible.width)
                    lastDrawn = left
                }
                continue
            }
            draw(canvas, at: point, visibleWidth: visible.width)
            lastDrawn = point
        }
        wnoutrefresh(window)
        doupdate()
        lastPresented = canvas
        needsFullRepaint = false
    }

    private func draw(_ canvas: Canvas, at point: Point, visibleWidth: Int) {
        let cell = canvas[point.x, point.y]
        let isWide = point.x + 1 < canvas.size.width && canvas[point.x + 1, point.y].isContinuation
        // A wide glyph cut by the right edge would wrap onto the next line inside ncurses.
        let fits = !isWide || point.x + 1 < visibleWidth
        let glyph = fits ? NcursesCellText.glyph(for: cell.text, columns: isWide ? 2 : 1) : NcursesCellText.blank
        let look = NcursesStyleMapping.look(for: cell.style, depth: depth, defaultColors: defaultColors)
        let attributes = look.attributes.ncurses
        let pair = colorPair(look)
        put(glyph.scalars, y: point.y, x: point.x, attributes: attributes, pair: pair)
        // A glyph narrower than the canvas thought (e.g. a flag measured 2, drawn 1): blank the rest.
        if glyph.width < (isWide ? 2 : 1), point.x + 1 < visibleWidth {
            put(NcursesCellText.blank.scalars, y: point.y, x: point.x + 1, attributes: attributes, pair: pair)
        }
    }

    private func put(_ scalars: [UInt32], y: Int, x: Int, attributes: attr_t, pair: Int32) {
        wideBuffer.removeAll(keepingCapacity: true)
        for scalar in scalars { wideBuffer.append(wchar_t(bitPattern: scalar)) }
        wideBuffer.append(0)
        // ERR at the bottom-right corner is expected (the cursor cannot advance); the cell is drawn.
        _ = cn_put_cell(Int32(y), Int32(x), wideBuffer, attributes, pair)
    }

    private func colorPair(_ look: NcursesLook) -> Int32 {
        guard look.foreground != -1 || look.background != -1 else { return 0 }
        let key = PairKey(foreground: Int32(look.foreground), background: Int32(look.background))
        if let pair = pairs[key] { return pair }
        // alloc_pair (ncurses 6.1+) hands out extended pairs and recycles the least recently
        // used one when the table is full, so any number of distinct styles works. In direct
        // colour the colours themselves are 0xRRGGBB.
        let pair = alloc_pair(key.foreground, key.background)
        let result = pair < 0 ? 0 : pair
        if pair >= 0 { pairs[key] = result }
        return result
    }
}
