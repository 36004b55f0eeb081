/// A line of text checked and measured once, for a `Text` drawn at every frame: each
/// character's glyph and the columns it moves the pen. Put on a canvas, it writes exactly what
/// `put` of its string writes, without asking each character's safety and width again (a
/// page's texts were about a twentieth of an animation frame's work, asked afresh each frame).
public struct GlyphRun: Sendable {
    private var glyphs: [Glyph] = []
    private var advances: [Int] = []

    public init(_ text: String) {
        for character in text {
            glyphs.append(Glyph(character))
            advances.append(Self.advance(of: character))
        }
    }

    /// The columns `character` moves the pen: an unsafe one is drawn as one replacement column.
    static func advance(of character: Character) -> Int {
        max(character.unicodeScalars.contains(where: SafeText.isUnsafe) ? 1 : TextWidth.of(character), 1)
    }

    /// Writes the run from (x, y), clipped to the canvas; returns the columns advanced.
    fileprivate func put(x: Int, y: Int, style: Style, on canvas: inout Canvas) -> Int {
        var column = x
        for index in glyphs.indices {
            if column >= 0 { canvas.put(glyphs[index], x: column, y: y, style: style) }
            column += advances[index]
        }
        return column - x
    }
}

extension Canvas {
    /// `put` of a text measured beforehand.
    @discardableResult
    public mutating func put(_ run: GlyphRun, x: Int, y: Int, style: Style = .plain) -> Int {
        run.put(x: x, y: y, style: style, on: &self)
    }
}
