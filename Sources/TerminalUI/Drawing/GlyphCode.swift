import Synchronization

/// A cell's grapheme as a plain value: its UTF-8 in place when it fits in 15 bytes (a letter, a
/// box-drawing glyph, an emoji with its variation selector or skin tone, a flag), otherwise the
/// number under which the process keeps it (`GlyphTable`, for the rare long ZWJ sequence).
///
/// Why not a String: a Cell holding a String is copied through the runtime (retain, release,
/// a value-witness call) however short the text, and a frame copies, fills and compares cells by
/// the thousand. With this, a Cell is plain bytes: filling a card's face is a memory fill and
/// comparing two frames a memory compare. Equal codes are equal UTF-8 (for long graphemes, equal
/// Strings), which is also what a terminal is sent.
struct GlyphCode: Hashable, Sendable {
    /// Bytes 0...14: the UTF-8 (or, when interned, `low` is the table index); byte 15: the byte
    /// count, or `interned`.
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    private static let interned: UInt8 = 0xFF
    static let capacity = 15

    /// The empty code: the right half of a wide glyph.
    static let empty = GlyphCode()

    private init() {}

    init(_ text: String) {
        let count = text.utf8.count
        guard count <= Self.capacity else {
            if let index = GlyphTable.index(of: text) {
                low = UInt64(index)
                high = UInt64(Self.interned) << 56
            } else {
                self = GlyphCode("?")   // a process that met 65,536 different long graphemes
            }
            return
        }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { bytes in
            var i = 0
            for byte in text.utf8 {
                bytes[i] = byte
                i += 1
            }
            bytes[15] = UInt8(count)
        }
        (low, high) = words
    }

    private var tag: UInt8 { UInt8(truncatingIfNeeded: high >> 56) }

    var isEmpty: Bool { tag == 0 }

    var string: String {
        if tag == Self.interned { return GlyphTable.string(at: Int(low)) }
        let count = Int(tag)
        var words = (low, high)
        return withUnsafeBytes(of: &words) { bytes in
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<count]), as: UTF8.self)
        }
    }
}

/// The graphemes too long for a GlyphCode, numbered once per process. Bounded: a session that
/// met more distinct long graphemes than `limit` (a flood of pasted ZWJ sequences) shows "?" for
/// the new ones rather than growing without end.
enum GlyphTable {
    static let limit = 65_536
    private static let table = Mutex<(strings: [String], numbers: [String: Int])>(([], [:]))

    static func index(of text: String) -> Int? {
        table.withLock { table in
            if let number = table.numbers[text] { return number }
            guard table.strings.count < limit else { return nil }
            table.strings.append(text)
            table.numbers[text] = table.strings.count - 1
            return table.strings.count - 1
        }
    }

    static func string(at index: Int) -> String {
        table.withLock { $0.strings[index] }
    }
}
