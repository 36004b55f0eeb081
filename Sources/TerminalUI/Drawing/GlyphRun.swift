/// A line of text checked and measured once, for a `Text` drawn at every frame: its glyphs.
/// Put on a canvas, it writes exactly what `put` of its string writes, without asking each
/// character's safety and width again (a page's texts were about a twentieth of an animation
/// frame's work, asked afresh each frame).
public struct GlyphRun: Sendable {
    fileprivate let glyphs: [Glyph]

    public init(_ text: String) { glyphs = text.map(Glyph.init) }
}

extension Canvas {
    /// `put` of a text measured beforehand.
    @discardableResult
    public mutating func put(_ run: GlyphRun, x: Int, y: Int, style: Style = .plain) -> Int {
        put(glyphs: run.glyphs, x: x, y: y, style: style)
    }
}
