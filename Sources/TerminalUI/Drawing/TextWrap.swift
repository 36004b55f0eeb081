/// Splits text into lines of at most `width` terminal columns: at spaces where it can, and inside
/// a word only when the word alone is too wide (a long file path must still be read whole).
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var piece = String(word)
            var pieceWidth = TextWidth.of(piece)
            if !current.isEmpty, currentWidth + 1 + pieceWidth <= width {
                current += " " + piece
                currentWidth += 1 + pieceWidth
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            currentWidth = 0
            // A word wider than a line is cut into line-wide slices.
            while pieceWidth > width {
                var slice = ""
                var sliceWidth = 0
                var rest = Substring(piece)
                while let character = rest.first, sliceWidth + TextWidth.of(character) <= width {
                    slice.append(character)
                    sliceWidth += TextWidth.of(character)
                    rest = rest.dropFirst()
                }
                if slice.isEmpty { break }            // a glyph wider than the line: give up cutting
                lines.append(slice)
                piece = String(rest)
                pieceWidth = TextWidth.of(piece)
            }
            current = piece
            currentWidth = pieceWidth
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
