import TerminalUI

/// The help as lines for one screen size: two columns (keys, what they do) where a long summary
/// wraps under its own column, never back under the keys; and, when the rows outnumber the
/// screen, a window onto them that scrolls, with the footer (how to scroll, how to close) kept in
/// view below it. Every row can then be read at the smallest size the game runs in.
struct HelpOverlayLayout {
    /// One row of the help: a section heading (no summary) or keys and what they do.
    struct Row {
        let label: String
        let summary: String?
    }

    /// Every body line, wrapped to the box.
    let lines: [String]
    /// Footer lines, always shown under the body.
    let footer: [String]
    /// The box, centred on the screen.
    let box: Rect
    /// How many body lines the box shows at once.
    let visibleCount: Int

    /// Box border and padding: one column of border and one of space on each side.
    static let horizontalChrome = 4

    init(rows: [Row], footer footerText: String, in size: Size) {
        let textWidth = max(1, size.width - Self.horizontalChrome)
        let labelWidth = rows.filter { $0.summary != nil }.map { TextWidth.of($0.label) }.max() ?? 0
        // The summary column starts two columns after the widest keys; on a screen too narrow for
        // that to leave a readable column, summaries go on their own lines, indented by two.
        let indent = textWidth - (labelWidth + 2) >= 16 ? labelWidth + 2 : 2
        var lines: [String] = []
        for row in rows {
            guard let summary = row.summary else {
                lines += TextWrap.lines(row.label, width: textWidth)
                continue
            }
            let pieces = TextWrap.lines(summary, width: max(1, textWidth - indent))
            let pad = String(repeating: " ", count: indent)
            if indent == labelWidth + 2 {
                let first = row.label + String(repeating: " ", count: indent - TextWidth.of(row.label)) + (pieces.first ?? "")
                lines.append(first)
            } else {
                lines += TextWrap.lines(row.label, width: textWidth)
                if let head = pieces.first { lines.append(pad + head) }
            }
            lines += pieces.dropFirst().map { pad + $0 }
        }
        self.lines = lines
        footer = TextWrap.lines(footerText, width: textWidth)
        let widest = (lines + footer).map { TextWidth.of($0) }.max() ?? 0
        let width = min(size.width, widest + Self.horizontalChrome)
        // Border top and bottom; the body gets what the footer leaves, at least one line.
        let height = min(size.height, lines.count + footer.count + 2)
        visibleCount = max(1, height - 2 - footer.count)
        box = Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }

    /// `rows` with the overlay's keys in the footer (KeyTables.overlay), scrolling offered only
    /// when the rows need it.
    static func withOverlayKeys(rows: [Row], in size: Size, ascii: Bool) -> HelpOverlayLayout {
        func footer(scrolls: Bool) -> String {
            let keys = KeyTables.overlay.filter { scrolls || !$0.command.isScroll }
            return KeyTables.footer(keys, ascii: ascii).joined(separator: "   ")
        }
        let scrolling = HelpOverlayLayout(rows: rows, footer: footer(scrolls: true), in: size)
        guard scrolling.maximumScroll == 0 else { return scrolling }
        return HelpOverlayLayout(rows: rows, footer: footer(scrolls: false), in: size)
    }

    /// The furthest the body can scroll: its last line at the bottom of the box.
    var maximumScroll: Int { max(0, lines.count - visibleCount) }

    /// The body lines shown when scrolled by `scroll` (clamped), top to bottom.
    func visibleLines(scroll: Int) -> ArraySlice<String> {
        let top = min(max(0, scroll), maximumScroll)
        return lines[top..<min(lines.count, top + visibleCount)]
    }

    /// "↑ more" in the top border when lines are hidden above, "↓ more" in the bottom one when
    /// some are hidden below: the box says it scrolls.
    func marks(scroll: Int, ascii: Bool) -> (above: String?, below: String?) {
        let top = min(max(0, scroll), maximumScroll)
        return (top > 0 ? (ascii ? " ^ more " : " ↑ more ") : nil,
                top < maximumScroll ? (ascii ? " v more " : " ↓ more ") : nil)
    }

    func draw(scroll: Int, on canvas: inout Canvas, palette: Palette, ascii: Bool) {
        RoundedRectangle.draw(in: box, on: &canvas, border: palette.overlayBorder, fill: palette.overlay, ascii: ascii)
        let x = box.minX + 2
        for (i, line) in visibleLines(scroll: scroll).enumerated() {
            canvas.put(line, x: x, y: box.minY + 1 + i, style: palette.overlay)
        }
        for (i, line) in footer.enumerated() where 1 + visibleCount + i < box.height - 1 {
            canvas.put(line, x: x, y: box.minY + 1 + visibleCount + i, style: palette.overlay)
        }
        let marks = marks(scroll: scroll, ascii: ascii)
        if let above = marks.above, box.width > TextWidth.of(above) + 4 {
            canvas.put(above, x: box.maxX - 2 - TextWidth.of(above), y: box.minY, style: palette.overlayBorder)
        }
        if let below = marks.below, box.width > TextWidth.of(below) + 4 {
            canvas.put(below, x: box.maxX - 2 - TextWidth.of(below), y: box.maxY - 1, style: palette.overlayBorder)
        }
    }
}
