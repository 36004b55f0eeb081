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
        var buffer: [wchar_t] = []
        let width = write(text, columns: columns, into: &buffer)
        return Glyph(scalars: buffer.dropLast().map { UInt32(bitPattern: $0) }, width: width)
    }

    /// The glyph for `text` in a slot of `columns`, as the NUL-terminated wide string setcchar
    /// reads, written over `buffer` (the painter reuses one: no allocation per cell); returns the
    /// columns ncurses will use for it.
    static func write(_ text: String, columns: Int, into buffer: inout [wchar_t]) -> Int {
        buffer.removeAll(keepingCapacity: true)
        var scalars = text.unicodeScalars.makeIterator()
        var width = blank.width
        if let first = scalars.next() {
            width = printableWidth(first)
            // Controls and unassigned scalars would show as ^X or garbage; a glyph wider than its
            // slot would push the rest of the row right.
            if width >= 1, width <= columns {
                buffer.append(wchar_t(bitPattern: first.value))
                // Only zero-width followers (combining marks, VS16, ZWJ) belong in the same cell.
                while buffer.count < 5, let scalar = scalars.next() {
                    if printableWidth(scalar) == 0 { buffer.append(wchar_t(bitPattern: scalar.value)) }
                }
            } else {
                width = replacement.width
                buffer.append(wchar_t(bitPattern: replacement.scalars[0]))
            }
        } else {
            buffer.append(wchar_t(bitPattern: blank.scalars[0]))
        }
        buffer.append(0)
        return width
    }

    /// wcwidth (what ncurses uses), with controls as -1.
    static func printableWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return -1 }
        return TextWidth.wcwidth(scalar)
    }
}
