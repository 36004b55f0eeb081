import Testing
@testable import TerminalUI

/// Canvas is what both screens consume, so these pin down the wide-glyph rule a terminal imposes:
/// an emoji takes two columns and the buffer must never hold half of one.
struct CanvasTests {
    private let ghost: Character = "👻"   // wcwidth 2 (docs/terminal-facts.md, "Text and widths")
    private let red = Style(foreground: .red)
    private let blue = Style(foreground: .blue)

    /// Every wide glyph is followed by exactly one continuation cell and no continuation is orphaned.
    private func isConsistent(_ canvas: Canvas) -> Bool {
        for y in 0..<canvas.size.height {
            var x = 0
            while x < canvas.size.width {
                let cell = canvas[x, y]
                if cell.isContinuation { return false }
                if cell.text.count == 1, TextWidth.of(cell.text.first!) == 2 {
                    guard x + 1 < canvas.size.width, canvas[x + 1, y].isContinuation else { return false }
                    x += 2
                } else {
                    x += 1
                }
            }
        }
        return true
    }

    @Test func wideGlyphsTakeTwoCells() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        #expect(TextWidth.of(ghost) == 2, "needs a UTF-8 LC_CTYPE; TextWidth should set C.UTF-8 itself")
        #expect(canvas.put(ghost, x: 1, y: 0, style: red) == 2)
        #expect(canvas[1, 0] == Cell("👻", style: red))
        #expect(canvas[2, 0].isContinuation)
        #expect(canvas[2, 0].style == red)
        #expect(canvas.line(0) == " 👻   ")
        #expect(canvas.plainText == " 👻")
        #expect(canvas.put("a👻b", x: 0, y: 0) == 4)
        #expect(canvas.line(0) == "a👻b  ")
        #expect(isConsistent(canvas))
    }

    @Test func writingOverTheLeftHalfBlanksTheRightHalf() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put(ghost, x: 1, y: 0, style: red)
        canvas.put("x", x: 1, y: 0, style: blue)
        #expect(canvas[1, 0] == Cell("x", style: blue))
        #expect(canvas[2, 0] == Cell(" ", style: red))   // the orphaned half keeps its style, loses its glyph
        #expect(canvas.line(0) == " x  ")
        #expect(isConsistent(canvas))
    }

    @Test func writingOverTheRightHalfBlanksTheLeftHalf() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put(ghost, x: 1, y: 0, style: red)
        canvas.put("y", x: 2, y: 0, style: blue)
        #expect(canvas[1, 0] == Cell(" ", style: red))
        #expect(canvas[2, 0] == Cell("y", style: blue))
        #expect(canvas.line(0) == "  y ")
        #expect(isConsistent(canvas))
    }

    @Test func overlappingWideGlyphs() {
        // A new emoji starting on an old one's right half removes the old one entirely.
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put(ghost, x: 0, y: 0, style: red)
        canvas.put("🎃", x: 1, y: 0, style: blue)
        #expect(canvas.line(0) == " 🎃   ")
        #expect(isConsistent(canvas))
        // A new emoji whose right half lands on an old one's left half.
        canvas.put(ghost, x: 3, y: 0, style: red)
        canvas.put("🚗", x: 2, y: 0, style: blue)
        #expect(canvas.line(0) == "  🚗  ")
        #expect(canvas[1, 0] == Cell(" ", style: blue))   // the pumpkin's left half, blanked
        #expect(canvas[4, 0] == Cell(" ", style: red))    // the ghost's right half, blanked
        #expect(isConsistent(canvas))
        // The same emoji again in place.
        canvas.put("🚗", x: 2, y: 0, style: red)
        #expect(canvas.line(0) == "  🚗  ")
        #expect(canvas[3, 0].isContinuation && canvas[3, 0].style == red)
        #expect(isConsistent(canvas))
    }

    @Test func fillAndTextOverWideGlyphsKeepTheBufferWhole() {
        var canvas = Canvas(size: Size(width: 8, height: 3))
        for y in 0..<3 { canvas.put("👻👻👻👻", x: 0, y: y) }
        canvas.fill(Rect(x: 1, y: 0, width: 2, height: 1), with: ".", style: blue)   // right half of #0, left half of #1
        #expect(canvas.line(0) == " .. 👻👻")
        canvas.put("ab", x: 3, y: 1)
        #expect(canvas.line(1) == "👻 ab 👻")
        canvas.put("🎃", x: 5, y: 2, style: .plain)
        #expect(canvas.line(2) == "👻👻 🎃 ")   // both neighbours lose their other half
        #expect(isConsistent(canvas))
    }

    /// `fill` writes the inside of its rect straight into the buffer; it must leave exactly what
    /// writing each cell with `put` (the wide-glyph rule cell by cell) leaves, on any canvas.
    @Test func fillMatchesPuttingEachCell() {
        var random = KeyScriptFuzzTests.Generator(state: 11)
        let glyphs: [String] = ["a", "👻", "🎃", " ", "x"]
        for _ in 0..<400 {
            let size = Size(width: 1 + random.below(9), height: 1 + random.below(3))
            var canvas = Canvas(size: size)
            for y in 0..<size.height {
                var x = 0
                while x < size.width { x += max(1, canvas.put(glyphs[random.below(glyphs.count)], x: x, y: y, style: random.below(2) == 0 ? red : blue)) }
            }
            let rect = Rect(x: random.below(size.width + 2) - 1, y: random.below(size.height + 1) - 1,
                            width: random.below(size.width + 2), height: random.below(size.height + 2))
            let character: Character = random.below(2) == 0 ? "." : " "
            var expected = canvas
            let clipped = rect.intersection(canvas.bounds)
            if !clipped.isEmpty {
                for y in clipped.minY..<clipped.maxY { for x in clipped.minX..<clipped.maxX { expected.put(character, x: x, y: y, style: red) } }
            }
            canvas.fill(rect, with: character, style: red)
            #expect(canvas == expected, "fill \(rect) on \(size)")
            #expect(isConsistent(canvas))
        }
    }

    @Test func aWideGlyphAtTheLastColumnBecomesABlank() {
        // A terminal would wrap it to the next line; the canvas shows a blank instead.
        var canvas = Canvas(size: Size(width: 3, height: 1), fill: Cell("x"))
        #expect(canvas.put(ghost, x: 2, y: 0, style: red) == 0)
        #expect(canvas[2, 0] == Cell(" ", style: red))
        #expect(canvas.line(0) == "xx ")
        // Over the right half of another emoji: that emoji goes too.
        var two = Canvas(size: Size(width: 3, height: 1))
        two.put(ghost, x: 1, y: 0, style: red)
        two.put("🎃", x: 2, y: 0, style: blue)
        #expect(two.line(0) == "   ")
        #expect(isConsistent(two))
        // Text running off the edge: the emoji that does not fit is a blank.
        var text = Canvas(size: Size(width: 4, height: 1), fill: Cell("x"))
        #expect(text.put("ab👻", x: 1, y: 0) == 4)
        #expect(text.line(0) == "xab ")
    }

    /// A canvas is its fill in every cell, at sizes whose cell count is no power of two (the fill
    /// is written once and copied, doubling).
    @Test func aNewCanvasIsItsFillEverywhere() {
        let fill = Cell("x", style: red)
        for size in [Size(width: 1, height: 1), Size(width: 7, height: 3), Size(width: 300, height: 100)] {
            let canvas = Canvas(size: size, fill: fill)
            #expect(canvas.cells.count == size.width * size.height)
            #expect(canvas.cells.allSatisfy { $0 == fill }, "\(size)")
        }
        #expect(Canvas(size: Size(width: 0, height: 5)).cells.isEmpty)
    }

    /// `restyle(_:changedSince:)` (Opacity) changes exactly the cells of the area that differ
    /// from before: not a cell written as it was, not a row left alone, not a cell outside.
    /// The painter passes over a row of equal bytes as equal cells (NcursesPainter.showsAlready):
    /// a cell has no padding, whose bytes are whatever the copy that made it left, so cells equal
    /// field for field are equal byte for byte however they were written.
    @Test func equalCellsAreEqualBytes() {
        #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride)
        let style = Style(foreground: .rgb(224, 60, 49), background: .rgb(20, 30, 40), bold: true)
        var written = Canvas(size: Size(width: 4, height: 1))
        written.put("ab", x: 0, y: 0, style: style)
        written.fill(Rect(x: 2, y: 0, width: 2, height: 1), with: "░", style: style)
        var mirrored = Canvas(size: Size(width: 4, height: 1), fill: Cell("?", style: .plain))
        for index in 0..<4 { mirrored.mirror(written.cells[index], at: index) }
        let made = [Cell("a", style: style), Cell("b", style: style), Cell("░", style: style), Cell("░", style: style)]
        #expect(written.cells == made && mirrored.cells == made)
        let bytes = { (cells: [Cell]) in cells.withUnsafeBytes { Array($0) } }
        #expect(bytes(written.cells) == bytes(made))
        #expect(bytes(mirrored.cells) == bytes(made))
    }

    @Test func restyleChangedSinceTouchesOnlyChangedCells() {
        var canvas = Canvas(size: Size(width: 6, height: 4))
        canvas.put("abcdef", x: 0, y: 1, style: red)
        let area = Rect(x: 1, y: 1, width: 4, height: 2)
        let before = canvas.cells(in: area)
        #expect(before.count == 8 && before[0].text == "b" && before[4] == .blank)
        canvas.put("b", x: 1, y: 1, style: red)      // written as it was: not a change
        canvas.put("Z", x: 3, y: 1, style: red)
        canvas.put("Q", x: 0, y: 2, style: red)      // outside the area
        canvas.restyle(area, changedSince: before) { $0.bold = true }
        for y in 0..<4 {
            for x in 0..<6 { #expect(canvas[x, y].style.bold == (x == 3 && y == 1), "(\(x), \(y))") }
        }
    }

    @Test func clippingAtTheEdges() {
        var canvas = Canvas(size: Size(width: 4, height: 2), fill: Cell("x"))
        let before = canvas
        let a: Character = "a"
        #expect(canvas.put(a, x: -1, y: 0, style: red) == 0)
        #expect(canvas.put(a, x: 4, y: 0, style: red) == 0)
        #expect(canvas.put(a, x: 0, y: -1, style: red) == 0)
        #expect(canvas.put(a, x: 0, y: 2, style: red) == 0)
        #expect(canvas.put(ghost, x: 0, y: 5, style: red) == 0)
        #expect(canvas == before)
        canvas.put("abcdef", x: -2, y: 0)
        #expect(canvas.line(0) == "cdef")
        canvas.put("123456", x: 2, y: 1)
        #expect(canvas.line(1) == "xx12")
        canvas.fill(Rect(x: -5, y: -5, width: 7, height: 6), with: "o", style: blue)
        #expect(canvas.plainText == "ooef\nxx12")
        canvas.fill(Rect(x: 10, y: 0, width: 3, height: 3), style: blue)   // entirely outside: no-op
        #expect(canvas.plainText == "ooef\nxx12")
        #expect(canvas[-1, 0] == .blank && canvas[4, 1] == .blank && canvas[0, 9] == .blank)
    }

    @Test func plainTextTrimsTrailingBlanksOnly() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.put("  hi", x: 0, y: 0)
        canvas.put("👻", x: 4, y: 2, style: red)
        #expect(canvas.plainText == "  hi\n\n    👻")
        #expect(canvas.line(1) == "      ")
        #expect(Canvas(size: Size(width: 0, height: 2)).plainText == "\n")
        #expect(Canvas(size: Size(width: -3, height: -1)).size == .zero)
    }

    @Test func restyleKeepsGlyphs() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("a👻", x: 0, y: 0)
        canvas.restyle(Rect(x: 1, y: 0, width: 9, height: 9)) { $0.reverse = true }
        #expect(canvas.line(0) == "a👻 ")
        #expect(!canvas[0, 0].style.reverse && canvas[1, 0].style.reverse && canvas[2, 0].style.reverse)
        #expect(isConsistent(canvas))
    }

    /// The cells where two canvases of one size differ: what the screen's diff would send.
    private func differing(_ a: Canvas, _ b: Canvas) -> [Point] {
        (0..<a.size.height).flatMap { y in (0..<a.size.width).map { Point(x: $0, y: y) } }
            .filter { a[$0.x, $0.y] != b[$0.x, $0.y] }
    }

    @Test func writesChangeExactlyTheirCells() {
        var old = Canvas(size: Size(width: 5, height: 3))
        old.put("hello", x: 0, y: 0)
        var new = old
        new.put("j", x: 0, y: 0)
        new.put("!", x: 4, y: 2)
        new.restyle(Rect(x: 2, y: 1, width: 1, height: 1)) { $0.bold = true }   // style-only changes count
        #expect(differing(old, new) == [Point(x: 0, y: 0), Point(x: 2, y: 1), Point(x: 4, y: 2)])
        // An emoji replacing text changes both its cells.
        var emoji = old
        emoji.put(ghost, x: 1, y: 0, style: .plain)
        #expect(differing(old, emoji) == [Point(x: 1, y: 0), Point(x: 2, y: 0)])
        // Writing the same thing again changes nothing (the screen then sends no bytes).
        var same = old
        same.put("hello", x: 0, y: 0)
        #expect(same == old)
    }

    @Test func randomWritesNeverLeaveHalfAGlyph() {
        // A small deterministic fuzz: mixed widths at every position, including the edges.
        var rng = SplitMix(seed: 7)
        let pieces: [String] = ["a", "👻", "bc", "🎃x", "─", "⣿", "👻👻"]
        var canvas = Canvas(size: Size(width: 7, height: 2))
        for _ in 0..<2_000 {
            let text = pieces[Int(rng.next() % UInt64(pieces.count))]
            let x = Int(rng.next() % 9) - 1, y = Int(rng.next() % 2)
            if rng.next() % 4 == 0 {
                canvas.fill(Rect(x: x, y: y, width: Int(rng.next() % 3) + 1, height: 1), with: "#", style: red)
            } else {
                canvas.put(text, x: x, y: y, style: blue)
            }
            if !isConsistent(canvas) {
                Issue.record("inconsistent after \(text) at \(x),\(y): \(canvas.cells.map(\.text))")
                return
            }
        }
    }

    /// A text measured once (GlyphRun: a `Text` drawn at every frame) writes exactly what `put`
    /// of its string writes, wherever it lands: clipped at either edge, across a wide glyph, with
    /// a control or bidi character in it.
    @Test func aGlyphRunWritesWhatItsStringWrites() {
        let texts = ["Score: 12", "a👻b👻", "x\u{1B}[2Jy", "\u{202E}evil", "e\u{301}tude", "", "👻👻👻👻"]
        for text in texts {
            for x in [-3, -1, 0, 1, 4, 7, 9] {
                var byString = Canvas(size: Size(width: 9, height: 2))
                var byRun = byString
                let advancedByString = byString.put(text, x: x, y: 1, style: red)
                let advancedByRun = byRun.put(GlyphRun(text), x: x, y: 1, style: red)
                #expect(byRun == byString, "\(text.debugDescription) at \(x)")
                #expect(advancedByRun == advancedByString)
                #expect(isConsistent(byRun))
            }
        }
    }
}

/// Tiny deterministic generator so the fuzz tests are repeatable.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A Cell's text is stored as a GlyphCode: plain bytes for up to 15 bytes of UTF-8, a number
/// in the process's table beyond. Whatever goes in comes out, and equal texts make equal cells.
struct GlyphCodeTests {
    static let texts = ["", " ", "x", "─", "⣿", "🚗", "❤️", "👍🏽", "🇫🇷", "é", "e\u{301}",
                        "123456789012345",              // 15 bytes: the last that fits in place
                        "1234567890123456",             // 16: interned
                        "👨‍👩‍👧‍👦", "🏳️‍🌈", "🧑🏿‍🤝‍🧑🏻"]

    @Test(arguments: texts)
    func whatGoesInComesOut(text: String) {
        let cell = Cell(text, style: Style(foreground: .red))
        #expect(cell.text == text)
        #expect(Array(cell.text.utf8) == Array(text.utf8), "the very bytes, not just an equal String")
        #expect(cell.isContinuation == text.isEmpty)
        #expect(cell == Cell(text, style: Style(foreground: .red)))
        var changed = cell
        changed.text = "y"
        #expect(changed.text == "y" && changed.style == cell.style)
    }

    @Test func differentTextsOrStylesMakeDifferentCells() {
        let cells = Self.texts.map { Cell($0) }
        for i in cells.indices {
            for j in cells.indices where j != i {
                #expect(cells[i] != cells[j], "\(Self.texts[i].debugDescription) vs \(Self.texts[j].debugDescription)")
            }
        }
        #expect(Cell("x", style: Style(foreground: .red)) != Cell("x"))
        #expect(Set(cells).count == cells.count)
    }
}
