import TerminalUI

/// A `capture-pane -p` capture, addressable by terminal cell.
///
/// tmux prints a wide character once and skips its second cell, so each line is re-expanded with
/// the same `wcwidth` ncurses uses: a wide character fills its cell and the next holds "".
struct ScreenText: CustomStringConvertible {
    let text: String
    let lines: [String]
    private let cells: [[String]]

    init(_ text: String) {
        self.text = text
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
        cells = lines.map { line in
            var row: [String] = []
            for character in line {
                let width = TextWidth.of(character)
                row.append(String(character))
                if width == 2 { row.append("") }
            }
            return row
        }
    }

    var description: String { text }

    func contains(_ needle: String) -> Bool { text.contains(needle) }

    /// The character drawn at column x, row y (0-based); " " beyond a trimmed line end.
    func cell(x: Int, y: Int) -> String {
        guard cells.indices.contains(y), cells[y].indices.contains(x) else { return " " }
        return cells[y][x]
    }

    /// The rows of `rect`, each as the text drawn in its columns.
    func region(_ rect: Rect) -> [String] {
        (rect.minY..<rect.maxY).map { y in (rect.minX..<rect.maxX).map { cell(x: $0, y: y) }.joined() }
    }

    func regionText(_ rect: Rect) -> String { region(rect).joined(separator: "\n") }

    func isBlank(_ rect: Rect) -> Bool {
        region(rect).allSatisfy { $0.allSatisfy { $0 == " " } }
    }

    /// The line holding `needle`, if any (for messages).
    func line(containing needle: String) -> String? { lines.first { $0.contains(needle) } }
}
