extension Canvas {
    /// Copies `other` in with its top-left corner at `origin`, clipped to this canvas: a part of
    /// the screen drawn on its own (the game beside an inspector pane). Cells are copied as they
    /// are (`other` holds whole glyphs only); a wide glyph cut by this canvas's right edge becomes
    /// a blank, as `put` would leave it.
    public mutating func draw(_ other: Canvas, at origin: Point) {
        for y in 0..<other.size.height {
            let row = origin.y + y
            guard row >= 0, row < size.height else { continue }
            for x in 0..<other.size.width {
                let column = origin.x + x
                guard column >= 0, column < size.width else { continue }
                var cell = other[x, y]
                if !cell.isContinuation, x + 1 < other.size.width, other[x + 1, y].isContinuation, column + 1 >= size.width {
                    cell = Cell(" ", style: cell.style)
                }
                if cell.isContinuation, column == origin.x, x > 0 { cell = Cell(" ", style: cell.style) }
                mirror(cell, at: row * size.width + column)
            }
            // A wide glyph of ours that the copy cut in half: blank its orphaned right half.
            let after = origin.x + other.size.width
            if after >= 0, after < size.width, self[after, row].isContinuation {
                mirror(Cell(" ", style: self[after, row].style), at: row * size.width + after)
            }
        }
    }
}
