/// Lecture 8's `DrawingConstants`: the card's drawing constants, under the lecture's names. The
/// lecture's are points (`cornerRadius: 10`, `lineWidth: 3`, `fontScale: 0.7`); a terminal's are
/// cells: a corner is one rounded glyph (RoundedRectangle) and an emoji one glyph, which no font
/// size scales, so only these are left.
enum DrawingConstants {
    /// The border's width, one cell: the face's content and the pie are drawn inside it.
    static let lineWidth = 1
    /// Border cells the matched card's spin lights at once (the bright segment running round).
    static let spinLength = 3
}
