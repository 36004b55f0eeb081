import Memorize
import TerminalUI

/// Draws the theme editor and finds the field (or emoji, or colour) under a click.
///
/// ```
///  New theme                                                           8 cards
///
///  > Name    Spooky_
///    Emoji   👻 🎃 🦇 💀
///            add: _        type or paste emoji, enter adds them
///    Pairs   < 4 >   2…4
///    Colour  ██  ██ [██] ██  ██ …  purple
///
///  (what the editor has to say: a refused emoji, a save error)
///  tab next field   shift-tab previous   ← → change   enter add/save   ctrl-s save …
/// ```
struct ThemeEditorView {
    let editor: ThemeEditor
    let monochrome: Bool

    static let minimumSize = Size(width: 40, height: 14)
    static let labelX = 3, valueX = 11
    private var ascii: Bool { editor.ascii }

    /// What a click can land on.
    enum Target: Equatable { case field(ThemeEditor.Field), emoji(Int), color(Int) }

    /// Where everything goes for a width: rows of each field, each emoji's and colour's cell.
    struct Layout {
        var rows: [ThemeEditor.Field: ClosedRange<Int>] = [:]
        var emojiCells: [Rect] = []
        var colorCells: [Rect] = []
        var addRow = 0
    }

    func layout(width: Int) -> Layout {
        var layout = Layout()
        let itemWidth = ascii ? 8 : 3
        let perLine = max(1, (width - Self.valueX - 1) / itemWidth)
        layout.rows[.name] = 2...2
        for i in editor.draft.emoji.indices {
            layout.emojiCells.append(Rect(x: Self.valueX + (i % perLine) * itemWidth, y: 4 + i / perLine, width: itemWidth - 1, height: 1))
        }
        let emojiLines = max(1, (editor.draft.emoji.count + perLine - 1) / perLine)
        layout.addRow = 4 + emojiLines
        layout.rows[.emoji] = 4...layout.addRow
        layout.rows[.pairs] = (layout.addRow + 2)...(layout.addRow + 2)
        let colorRow = layout.addRow + 4
        layout.rows[.color] = colorRow...colorRow
        if !monochrome {
            for i in editor.colors.indices { layout.colorCells.append(Rect(x: Self.valueX + i * 4, y: colorRow, width: 4, height: 1)) }
        }
        return layout
    }

    func target(at point: Point, width: Int) -> Target? {
        let layout = layout(width: width)
        if let i = layout.emojiCells.firstIndex(where: { $0.contains(point) }) { return .emoji(i) }
        if let i = layout.colorCells.firstIndex(where: { $0.contains(point) }) { return .color(i) }
        return layout.rows.first { $0.value.contains(point.y) }.map { .field($0.key) }
    }

    func draw(on canvas: inout Canvas) {
        let size = canvas.size
        let palette = Palette(theme: editor.draft.color, monochrome: monochrome, ascii: ascii)
        let layout = layout(width: size.width)
        canvas.put(" " + editor.title.asciiOnly(ascii), x: 0, y: 0, style: palette.title)
        let cards = "\(editor.draft.numberOfPairs * 2) cards "
        canvas.put(cards, x: size.width - cards.count, y: 0, style: palette.faint)

        for field in ThemeEditor.Field.allCases {
            let focused = field == editor.field
            let y = layout.rows[field]!.lowerBound
            if focused { canvas.put(palette.pointer, x: 1, y: y, style: palette.selection) }
            canvas.put(field.title, x: Self.labelX, y: y, style: focused ? palette.heading : .plain)
        }
        drawName(y: layout.rows[.name]!.lowerBound, on: &canvas, palette: palette)
        drawEmoji(layout, on: &canvas, palette: palette)
        drawPairs(y: layout.rows[.pairs]!.lowerBound, on: &canvas, palette: palette)
        drawColor(layout, on: &canvas, palette: palette)

        // The editor's keys are always on screen: `?` is something one may type here.
        let footer = wrap(KeyTables.footer(KeyTables.editor, ascii: ascii), width: size.width - 2).prefix(3)
        for (i, line) in footer.enumerated() {
            canvas.put(" " + line, x: 0, y: size.height - footer.count + i, style: palette.faint)
        }
        if let message = editor.message {
            let lines = TextWrap.lines(message.text.asciiOnly(ascii), width: size.width - 2).prefix(2)
            for (i, line) in lines.enumerated() {
                canvas.put(" " + line, x: 0, y: size.height - footer.count - lines.count + i, style: message.isError ? palette.error : palette.notice)
            }
        }
    }

    private func drawName(y: Int, on canvas: inout Canvas, palette: Palette) {
        let end = Self.valueX + canvas.put(editor.draft.name.asciiOnly(ascii), x: Self.valueX, y: y)
        if editor.field == .name { canvas.put("_", x: end, y: y, style: palette.selection) }
        if editor.draft.name.isEmpty, editor.field != .name { canvas.put("(no name yet)", x: Self.valueX, y: y, style: palette.faint) }
    }

    private func drawEmoji(_ layout: Layout, on canvas: inout Canvas, palette: Palette) {
        let focused = editor.field == .emoji
        for (i, cell) in layout.emojiCells.enumerated() {
            let emoji = editor.draft.emoji[i]
            let isPicked = focused && i == editor.picked
            let text = ascii ? ThemeRules.codePoints(emoji) : emoji
            canvas.put(text, x: cell.minX, y: cell.minY, style: isPicked ? palette.selection : .plain)
        }
        if editor.draft.emoji.isEmpty { canvas.put("(none yet: at least 2)", x: Self.valueX, y: layout.emojiCells.first?.minY ?? 4, style: palette.faint) }
        let y = layout.addRow
        var x = Self.valueX + canvas.put("add: ", x: Self.valueX, y: y, style: palette.faint)
        for grapheme in editor.typed.map(String.init) {
            // Only what will fit the grid is drawn as itself; anything else by its code points.
            let shown = !ascii && TextWidth.isWideSingleScalar(grapheme) ? grapheme : "<\(ThemeRules.codePoints(grapheme))>"
            x += canvas.put(shown, x: x, y: y)
        }
        if focused { x += canvas.put("_", x: x, y: y, style: palette.selection) }
        canvas.put("   type or paste emoji, enter adds them", x: x, y: y, style: palette.faint)
    }

    private func drawPairs(y: Int, on canvas: inout Canvas, palette: Palette) {
        let pairs = editor.draft.pairs
        let most = max(2, editor.draft.emoji.count)
        let style = editor.field == .pairs ? palette.selection : Style.plain
        let end = Self.valueX + canvas.put("< \(pairs) >", x: Self.valueX, y: y, style: style)
        let range = editor.draft.emoji.count < 2 ? "   add at least 2 emoji first" : "   2 to \(most) (one pair per emoji at most)"
        canvas.put(range, x: end, y: y, style: palette.faint)
    }

    private func drawColor(_ layout: Layout, on canvas: inout Canvas, palette: Palette) {
        let y = layout.rows[.color]!.lowerBound
        let picked = editor.colorIndex
        let name = editor.colors[picked].name
        guard !layout.colorCells.isEmpty else {
            // Monochrome: a swatch shows nothing, so the colour goes by name.
            canvas.put("< \(name) >", x: Self.valueX, y: y, style: editor.field == .color ? palette.selection : .plain)
            return
        }
        for (i, cell) in layout.colorCells.enumerated() {
            let swatch = palette.swatch(editor.colors[i].color) ?? .plain
            if i == picked { canvas.put("[  ]", x: cell.minX, y: y, style: editor.field == .color ? palette.selection : .plain) }
            canvas.put(String(repeating: palette.swatchGlyph, count: 2), x: cell.minX + 1, y: y, style: swatch)
        }
        let end = layout.colorCells.last!.maxX
        canvas.put(" " + name, x: end, y: y, style: .plain)
    }

    private func wrap(_ items: [String], width: Int) -> [String] {
        var lines: [String] = []
        for item in items {
            if let last = lines.last, last.count + 3 + item.count <= width { lines[lines.count - 1] += "   " + item } else { lines.append(item) }
        }
        return lines
    }
}
