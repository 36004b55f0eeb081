import Testing
import MemorizeStore
import ThemeFormat

/// TextPositions answers what counting from byte 0 answered, for every offset: on many lines, on
/// one long line, with multi-byte characters on either side of its 64-byte checkpoints.
@Suite struct TextPositionsTests {
    /// The definition: count newlines and characters before the offset.
    static func counted(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let prefix = bytes[..<min(max(offset, 0), bytes.count)]
        let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = bytes[lineStart..<prefix.endIndex].filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column)
    }

    @Test("every offset agrees with counting", arguments: [
        "", "\n", "a", "{\n  \"a\": 1\n}\n",
        String(repeating: "👻é{\"x\": [1, 2]}", count: 40),                      // one long line
        (0..<200).map { "line \($0) 🎃\(String(repeating: "x", count: $0 % 70))" }.joined(separator: "\n"),
        String(repeating: "\n", count: 130) + "end",
    ])
    func agreesWithCounting(_ text: String) {
        let bytes = Array(text.utf8)
        let positions = TextPositions(bytes)
        for offset in -2...(bytes.count + 2) {
            let expected = Self.counted(offset, in: bytes)
            let found = positions.lineAndColumn(ofOffset: offset)
            #expect(found == expected, "offset \(offset)")
            if found != expected { return }
        }
    }
}
