/// Lecture 8's `DrawingConstants`, under the lecture's names. The lecture's are points; a
/// terminal's are cells: a corner is one rounded glyph (RoundedRectangle), a border one cell,
/// and an emoji one glyph that no font size scales (`fontScale` names the lecture's `font(in:)`).
enum DrawingConstants {
    /// The border's width, one cell: the face's content and the pie are drawn inside it.
    static let lineWidth = 1
    /// Named for the lecture's `RoundedRectangle(cornerRadius:)`; a corner is one glyph.
    static let cornerRadius = 10.0
    /// The lecture pads the pie by 5 points, less than a cell.
    static let piePadding = 0
    static let fontScale = 0.7
    /// Border cells the matched card's spin lights at once (the light running round).
    static let spinLength = 3
}
