import Glibc

/// One terminal cell. A wide glyph occupies its cell plus a `continuation` cell to its right.
/// Plain bytes (its text is a GlyphCode), so frames copy, fill and compare cells as memory.
public struct Cell: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    var glyph: GlyphCode
    public var style: Style
    /// The three bytes after `style` up to the cell's 32, stored as zeros: as padding they held
    /// whatever the copy that made the cell left there, so equal cells had unequal bytes and
    /// the painter's memory compares of rows (NcursesPainter.showsAlready) failed on them.
    private var filler8: UInt8 = 0
    private var filler16: UInt16 = 0

    /// The grapheme drawn here; empty for the right half of a wide glyph.
    public var text: String {
        get { glyph.string }
        set { glyph = GlyphCode(newValue) }
    }
    public var isContinuation: Bool { glyph.isEmpty }

    public init(_ text: String = " ", style: Style = .plain) { glyph = GlyphCode(text); self.style = style }
    init(_ glyph: GlyphCode, style: Style) { self.glyph = glyph; self.style = style }
    public static let blank = Cell()
    static func continuation(_ style: Style) -> Cell { Cell(GlyphCode.empty, style: style) }

    public var description: String { "Cell(\(text.debugDescription), \(style))" }
}

/// A grapheme checked once for drawing: a control or bidi character already replaced by "?"
/// (SafeText) and its columns measured. Shapes keep the glyphs they draw every frame (borders,
/// the pie's dots) as these, so each cell they write skips both checks.
public struct Glyph: Equatable, Sendable {
    let code: GlyphCode
    /// Columns it takes (TextWidth): 0, 1 or 2.
    public let width: Int
    public var text: String { code.string }

    public init(_ character: Character) {
        let safe = character.unicodeScalars.contains(where: SafeText.isUnsafe) ? Character(SafeText.replacement) : character
        code = GlyphCode(String(safe))
        width = TextWidth.of(safe)
    }

    /// A glyph whose safety and width are known without asking (a table of one Unicode block,
    /// made at once rather than measured scalar by scalar); tests check it against `init(_:)`.
    init(known text: String, width: Int) {
        code = GlyphCode(text)
        self.width = width
    }

    public static let space = Glyph(" ")

    /// The columns it moves the pen: at least one (a combining mark alone takes a column; an
    /// unsafe character is already the one-column replacement).
    var advance: Int { max(width, 1) }
}

/// The cell buffer every frame is drawn into. Rendering is a pure function into a Canvas; the
/// ncurses and headless screens both consume it, so tests see exactly what a terminal would.
///
/// Wide-glyph rule: writing over either half of a wide glyph turns the other half into a blank,
/// so the buffer never holds half an emoji (a terminal would show garbage there).
public struct Canvas: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size, fill: Cell = .blank) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        let cell = Self.safe(fill), count = self.size.width * self.size.height
        cells = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            Self.replicate(cell, into: buffer, from: 0, count: count)
            initialized = count
        }
    }

    /// Writes `cell` into `count` cells from `start`: one by hand, the rest by copying the cells
    /// already written, doubling. Every frame blanks a whole canvas and fills each card's face;
    /// a Cell is 32 plain bytes, and a memory copy moves them a vector at a time where a loop
    /// stores them 8 bytes at a time (at 300x100 the blank canvas was 12 % of a flip frame).
    static func replicate(_ cell: Cell, into buffer: UnsafeMutableBufferPointer<Cell>, from start: Int, count: Int) {
        guard count > 0, let base = buffer.baseAddress.map({ $0 + start }) else { return }
        precondition(start >= 0 && start + count <= buffer.count)
        base.initialize(to: cell)
        var written = 1
        while written < count {
            let more = min(written, count - written)
            UnsafeMutableRawPointer(base + written).copyMemory(from: base, byteCount: more * MemoryLayout<Cell>.stride)
            written += more
        }
    }

    public var bounds: Rect { Rect(origin: .zero, size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[y * size.width + x]
    }

    /// Writes one grapheme at (x, y); returns the columns it took (0 when clipped entirely).
    /// A control or bidi character becomes a visible "?" (SafeText): a cell never carries
    /// anything a terminal would obey, whichever output (screen, snapshot, SVG, recording) shows it.
    @discardableResult
    public mutating func put(_ character: Character, x: Int, y: Int, style: Style) -> Int {
        put(Glyph(character), x: x, y: y, style: style)
    }

    /// `put` of a glyph checked beforehand.
    @discardableResult
    public mutating func put(_ glyph: Glyph, x: Int, y: Int, style: Style) -> Int {
        let width = glyph.width
        guard width > 0, y >= 0, y < size.height, x >= 0, x + width <= size.width else {
            // A wide glyph hanging off either edge: show the half that is on screen as a blank.
            if width == 2, y >= 0, y < size.height {
                if x == size.width - 1 { setCell(x, y, Cell(" ", style: style)) }
                if x == -1, size.width > 0 { setCell(0, y, Cell(" ", style: style)) }
            }
            return 0
        }
        setCell(x, y, Cell(glyph.code, style: style))
        if width == 2 { setCell(x + 1, y, .continuation(style)) }
        return width
    }

    /// Writes text left to right from (x, y), clipped to the canvas; returns the columns advanced.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain) -> Int {
        put(glyphs: text.lazy.map(Glyph.init), x: x, y: y, style: style)
    }

    /// `put` of glyphs checked beforehand (a text, or a GlyphRun kept from an earlier frame).
    mutating func put(glyphs: some Sequence<Glyph>, x: Int, y: Int, style: Style) -> Int {
        var column = x
        for glyph in glyphs {
            if column >= 0 { put(glyph, x: column, y: y, style: style) }
            column += glyph.advance
        }
        return column - x
    }

    /// Fills a rectangle with one character (a wide one is laid in pairs of columns).
    public mutating func fill(_ rect: Rect, with character: Character, style: Style) {
        fill(rect, with: Glyph(character), style: style)
    }

    /// Blanks a rectangle in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        fill(rect, with: Glyph.space, style: style)
    }

    /// `fill` with a glyph checked beforehand.
    public mutating func fill(_ rect: Rect, with glyph: Glyph, style: Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        if glyph.width == 2 {
            for y in r.minY..<r.maxY {
                for x in stride(from: r.minX, to: r.maxX, by: 2) {
                    if x + 1 < r.maxX { put(glyph, x: x, y: y, style: style) } else { setCell(x, y, Cell(" ", style: style)) }
                }
            }
            return
        }
        let cell = Cell(glyph.code, style: style)
        // setCell's wide-glyph rule, applied where it can bite: only a wide glyph straddling the
        // rect's left or right edge loses a half outside it (halves inside are overwritten). The
        // inside is written straight into the buffer: a card's face is a hundred cells a frame.
        let width = size.width
        cells.withUnsafeMutableBufferPointer { buffer in
            for y in r.minY..<r.maxY {
                let row = y * width
                if r.minX > 0, buffer[row + r.minX].isContinuation {
                    buffer[row + r.minX - 1] = Cell(" ", style: buffer[row + r.minX - 1].style)
                }
                if r.maxX < width, buffer[row + r.maxX].isContinuation {
                    buffer[row + r.maxX] = Cell(" ", style: buffer[row + r.maxX].style)
                }
                Self.replicate(cell, into: buffer, from: row + r.minX, count: r.width)
            }
        }
    }

    /// Changes the style of cells already drawn (e.g. a focus highlight) without touching glyphs.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX { change(&cells[y * size.width + x].style) }
        }
    }

    /// The cells of `area` (inside the canvas), row after row: what a drawing modifier compares
    /// its content's cells with (Opacity), copied a row at a time.
    func cells(in area: Rect) -> [Cell] {
        var copied: [Cell] = []
        copied.reserveCapacity(area.width * area.height)
        for y in area.minY..<area.maxY {
            let row = y * size.width
            copied.append(contentsOf: cells[(row + area.minX)..<(row + area.maxX)])
        }
        return copied
    }

    /// `restyle` of the cells of `area` that differ from `before` (`cells(in: area)` taken
    /// earlier). A row whose bytes equal `before`'s is passed over with one memory compare
    /// (equal bytes are equal cells); the others are compared cell by cell.
    mutating func restyle(_ area: Rect, changedSince before: [Cell], _ change: (inout Style) -> Void) {
        let width = size.width
        precondition(area.intersection(bounds) == area && before.count == area.width * area.height)
        cells.withUnsafeMutableBufferPointer { now in
            before.withUnsafeBufferPointer { then in
                for (line, y) in (area.minY..<area.maxY).enumerated() {
                    let row = now.baseAddress! + y * width + area.minX, old = then.baseAddress! + line * area.width
                    if memcmp(row, old, area.width * MemoryLayout<Cell>.stride) == 0 { continue }
                    for x in 0..<area.width where row[x] != old[x] { change(&row[x].style) }
                }
            }
        }
    }

    /// `cell`, or a "?" in its style when its text holds a control or bidi character (SafeText).
    private static func safe(_ cell: Cell) -> Cell {
        SafeText.isSafe(cell.text) ? cell : Cell(String(SafeText.replacement), style: cell.style)
    }

    /// Places a cell, first blanking the other half of any wide glyph it overlaps. Its text is
    /// already safe: `put` and `fill`, the only public writers, check each character once (not
    /// once per cell: a frame writes thousands of cells).
    private mutating func setCell(_ x: Int, _ y: Int, _ cell: Cell) {
        let i = y * size.width + x
        if cells[i].isContinuation {
            // Covering the right half of a wide glyph orphans its left half (unless we are that glyph's own new right half).
            if !cell.isContinuation, x > 0 { cells[i - 1] = Cell(" ", style: cells[i - 1].style) }
        } else if x + 1 < size.width, cells[i + 1].isContinuation {
            // Covering the left half of a wide glyph orphans its right half.
            cells[i + 1] = Cell(" ", style: cells[i + 1].style)
        }
        cells[i] = cell
    }

    /// Overwrites one cell as is, with no wide-glyph bookkeeping: for a screen's copy of what
    /// the terminal shows, which mirrors cells of canvases that are already consistent.
    mutating func mirror(_ cell: Cell, at index: Int) { cells[index] = cell }

    /// Row `y` as plain text (continuation cells contribute nothing), trailing spaces kept.
    public func line(_ y: Int) -> String {
        var s = ""
        for x in 0..<size.width { s += self[x, y].text }
        return s
    }

    /// The whole canvas as plain text, one line per row, trailing blanks trimmed: golden-file form.
    public var plainText: String {
        (0..<size.height).map { y in
            var row = line(y)
            while row.last == " " { row.removeLast() }
            return row
        }.joined(separator: "\n")
    }
}
