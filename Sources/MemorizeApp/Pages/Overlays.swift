import TerminalUI

/// Drawing shared by the pages: a centred box (the win screen, the help), the "too small" message.
enum Overlays {
    /// A centred box; a line wider than the screen allows is wrapped, never cut (a warning must
    /// show its reason and file).
    static func drawBox(_ text: [String], on canvas: inout Canvas, palette: Palette) {
        let lines = text.flatMap { $0.isEmpty ? [""] : TextWrap.lines($0, width: max(1, canvas.size.width - 4)) }
        let width = min(canvas.size.width, (lines.map { TextWidth.of($0) }.max() ?? 0) + 4)
        let height = min(canvas.size.height, lines.count + 2)
        let box = Rect(x: (canvas.size.width - width) / 2, y: (canvas.size.height - height) / 2, width: width, height: height)
        RoundedRectangle.draw(in: box, on: &canvas, border: palette.overlayBorder, fill: palette.overlay, ascii: palette.ascii)
        for (i, line) in lines.enumerated() where i + 2 < height {
            canvas.put(line, x: box.minX + 2, y: box.minY + 1 + i, style: palette.overlay)
        }
    }

    static func drawTooSmall(_ size: Size, need: Size, on canvas: inout Canvas) {
        let lines = [
            "Terminal too small (\(size.width)x\(size.height))",
            "Memorize needs at least \(need.width)x\(need.height)",
            "Enlarge the window; the game is kept.",
        ]
        let top = (canvas.size.height - lines.count) / 2
        for (i, line) in lines.enumerated() {
            canvas.put(line, x: max(0, (canvas.size.width - line.count) / 2), y: top + i, style: Style(bold: true))
        }
    }

    /// The chooser and editor need some room too; below it they say how much, like the game.
    static func fits(_ size: Size, _ need: Size, on canvas: inout Canvas) -> Bool {
        guard size.width < need.width || size.height < need.height else { return true }
        drawTooSmall(size, need: need, on: &canvas)
        return false
    }
}

/// The help overlay: a page's keys and mouse actions, generated from that page's key table, so
/// it cannot drift from what the keys do.
struct HelpOverlay {
    let table: [KeyHelp]
    let mouse: [(label: String, summary: String)]

    func handle(_ key: Key) -> OverlayCommand? { KeyTables.overlay.command(for: key) }

    /// The help laid out for `size`: scrollable when its rows outnumber the screen's, and only
    /// then does its footer offer scrolling.
    func layout(in size: Size, ascii: Bool) -> HelpOverlayLayout {
        let rows = [HelpOverlayLayout.Row(label: "Keys", summary: nil)]
            + table.map { HelpOverlayLayout.Row(label: $0.label(ascii: ascii), summary: $0.summary) }
            + [HelpOverlayLayout.Row(label: "Mouse", summary: nil)]
            + mouse.map { HelpOverlayLayout.Row(label: $0.label, summary: $0.summary) }
        return HelpOverlayLayout.withOverlayKeys(rows: rows, in: size, ascii: ascii)
    }

    func draw(on canvas: inout Canvas, palette: Palette, ascii: Bool, scroll: Int = 0) {
        layout(in: canvas.size, ascii: ascii).draw(scroll: scroll, on: &canvas, palette: palette, ascii: ascii)
    }
}
