import CNcurses

/// What one canvas cell hands to setcchar: one spacing scalar and up to four zero-width ones,
/// chosen so ncurses takes no more columns than the canvas reserved.
enum NcursesCellText {
    struct Glyph: Equatable {
        var scalars: [UInt32]
        /// Columns ncurses will use for it.
        var width: Int
    }

    static let blank = Glyph(scalars: [0x20], width: 1)
    static let replacement = Glyph(scalars: [0x3F], width: 1)   // "?": printable in every font

    static func glyph(for text: String, columns: Int) -> Glyph {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return blank }
        let width = printableWidth(first)
        // Controls and unassigned scalars would show as ^X or garbage; a glyph wider than its
        // slot would push the rest of the row right.
        guard width >= 1, width <= columns else { return replacement }
        var result = [first.value]
        for scalar in scalars.dropFirst() where result.count < 5 {
            // Only zero-width followers (combining marks, VS16, ZWJ) belong in the same cell.
            if printableWidth(scalar) == 0 { result.append(scalar.value) }
        }
        return Glyph(scalars: result, width: width)
    }

    /// wcwidth (what ncurses uses), with controls as -1.
    static func printableWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return -1 }
        return TextWidth.wcwidth(scalar)
    }
}
