import Primitives
/// A Canvas as an SVG picture of a terminal: the README's screenshot, made by the same code that
/// draws the app, so it is regenerated, never hand-edited.
///
/// The picture is a monospace grid. Each row gets its background as rectangles (runs of one colour
/// merged; the colour scheme's own background is the page), then its text as runs of glyphs that share a
/// colour and weight. Every run is pinned to its cells (`textLength`), and a wide glyph (an emoji)
/// is its own element centred on its two cells, so a font with other widths cannot drift the grid.
/// Emoji stay text: the font-family list ends with the colour-emoji fonts of the common systems.
///
/// Styles are honoured as a terminal would: `.default` colours are the scheme's foreground and
/// background, ANSI colours come from the scheme's 16-colour palette, reverse swaps foreground and
/// background, dim mixes the foreground halfway to the background, bold is a bold weight and
/// underline is a line under the cell.
///
/// A pure function of its inputs: integer coordinates only, no dates, no ids, so the same canvas
/// gives the same bytes on every machine.
public enum CanvasSVG {
    /// A 24-bit colour as the SVG sees it: the one RGB type.
    public typealias RGB = Primitives.RGB

    /// The terminal the picture pretends to be: what `.default` and the ANSI colours look like.
    public struct ColorScheme: Hashable, Sendable {
        public var foreground: RGB
        public var background: RGB
        /// ANSI colours 0–15 (0–7 normal, 8–15 bright).
        public var ansi: [RGB]

        public init(foreground: RGB, background: RGB, ansi: [RGB]) {
            precondition(ansi.count == 16, "a colour scheme has 16 ANSI colours")
            self.foreground = foreground; self.background = background; self.ansi = ansi
        }

        /// A dark terminal (Tomorrow Night's colours, bright white kept white).
        public static let dark = ColorScheme(
            foreground: RGB(0xc5, 0xc8, 0xc6), background: RGB(0x1d, 0x1f, 0x21),
            ansi: [
                RGB(0x1d, 0x1f, 0x21), RGB(0xcc, 0x66, 0x66), RGB(0xb5, 0xbd, 0x68), RGB(0xf0, 0xc6, 0x74),
                RGB(0x81, 0xa2, 0xbe), RGB(0xb2, 0x94, 0xbb), RGB(0x8a, 0xbe, 0xb7), RGB(0xc5, 0xc8, 0xc6),
                RGB(0x66, 0x66, 0x66), RGB(0xff, 0x77, 0x77), RGB(0xd0, 0xe0, 0x80), RGB(0xff, 0xe0, 0x90),
                RGB(0x9c, 0xc0, 0xe0), RGB(0xd0, 0xb0, 0xe0), RGB(0xa0, 0xe0, 0xd8), RGB(0xff, 0xff, 0xff),
            ])

        func resolve(_ color: Color, default fallback: RGB) -> RGB {
            switch color {
            case .default: return fallback
            case .ansi(let n): return ansi[Int(n % 16)]
            case let .rgb(r, g, b): return RGB(r, g, b)
            }
        }
    }

    /// Pixel geometry and looks. Integers only, so the output never depends on float formatting.
    public struct Options: Hashable, Sendable {
        public var colors: ColorScheme = .dark
        /// One cell, in pixels. 9×18 with a 15 px font is a typical monospace terminal.
        public var cellWidth = 9
        public var cellHeight = 18
        public var fontSize = 15
        /// From the top of a cell to the text's baseline.
        public var baseline = 14
        /// A wide glyph (an emoji) is drawn a little larger, filling its two cells as in a
        /// terminal, on a baseline that centres it in the row.
        public var wideFontSize = 16
        public var wideBaseline = 15
        /// A margin of background round the grid, and the corner radius of the page.
        public var padding = 12
        public var cornerRadius = 6
        /// The text's fonts: monospace first, then colour emoji for a browser's per-glyph fallback.
        public var fontFamily = "'DejaVu Sans Mono', 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace, "
            + "'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji'"
        /// A wide glyph's fonts: colour emoji first.
        public var emojiFontFamily = "'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', "
            + "'DejaVu Sans Mono', monospace"

        public init() {}
    }

    /// The SVG document (UTF-8 text, ending in a newline) for `canvas`.
    public static func render(_ canvas: Canvas, options: Options = Options()) -> String {
        let o = options
        let width = canvas.size.width * o.cellWidth + 2 * o.padding
        let height = canvas.size.height * o.cellHeight + 2 * o.padding
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\">\n"
        svg += "<rect width=\"\(width)\" height=\"\(height)\" rx=\"\(o.cornerRadius)\" fill=\"\(o.colors.background.hex)\"/>\n"

        var backgrounds = ""
        var underlines = ""
        var texts = ""
        for y in 0..<canvas.size.height {
            let top = o.padding + y * o.cellHeight
            let looks = (0..<canvas.size.width).map { look(of: canvas[$0, y].style, colors: o.colors) }
            backgrounds += rects(looks.map(\.background), skipping: o.colors.background,
                                 top: top, height: o.cellHeight, options: o)
            underlines += rects(looks.map { $0.underline ? $0.foreground : nil }, skipping: nil,
                                top: top + o.cellHeight - 2, height: 1, options: o)
            texts += textRuns(in: canvas, row: y, looks: looks, top: top, options: o)
        }
        svg += backgrounds + underlines
        svg += "<g font-family=\"\(escape(o.fontFamily))\" font-size=\"\(o.fontSize)\" xml:space=\"preserve\">\n"
        svg += texts
        svg += "</g>\n</svg>\n"
        return svg
    }

    /// Text made safe for XML character data and attribute values; characters XML 1.0 cannot hold
    /// (control characters, U+FFFE, U+FFFF) and what a terminal would obey if the file were printed
    /// (SafeText: CR, DEL, C1, bidi controls) become U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if SafeText.isUnsafe(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    // MARK: - Pieces

    /// A cell's style as it appears on screen.
    struct Look: Equatable {
        var foreground: RGB
        var background: RGB
        var bold: Bool
        var underline: Bool
        var ink: Ink { Ink(color: foreground, bold: bold) }
    }

    /// What a glyph is drawn with; glyphs with the same ink can share one text element.
    struct Ink: Equatable {
        var color: RGB
        var bold: Bool
    }

    static func look(of style: Style, colors: ColorScheme) -> Look {
        var fg = colors.resolve(style.foreground, default: colors.foreground)
        var bg = colors.resolve(style.background, default: colors.background)
        if style.reverse { swap(&fg, &bg) }
        if style.dim { fg = fg.mixed(with: bg, fraction: 1, of: 2) }
        return Look(foreground: fg, background: bg, bold: style.bold, underline: style.underline)
    }

    /// One rectangle per run of equal colours in a row; nil (or `skipping`) draws nothing.
    private static func rects(_ colors: [RGB?], skipping: RGB?, top: Int, height: Int, options o: Options) -> String {
        var out = ""
        var x = 0
        while x < colors.count {
            guard let color = colors[x], color != skipping else { x += 1; continue }
            var end = x + 1
            while end < colors.count, colors[end] == color { end += 1 }
            out += "<rect x=\"\(o.padding + x * o.cellWidth)\" y=\"\(top)\" width=\"\((end - x) * o.cellWidth)\" "
                + "height=\"\(height)\" fill=\"\(color.hex)\"/>\n"
            x = end
        }
        return out
    }

    /// The row's glyphs: runs of narrow glyphs sharing colour and weight, split at spaces (a space
    /// shows only its background, and some renderers take a space's width from another font), and
    /// each wide glyph on its own, its font list starting with the emoji fonts (a renderer that
    /// picks one font per element, as cairo does, then still finds a colour emoji).
    private static func textRuns(in canvas: Canvas, row y: Int, looks: [Look], top: Int, options o: Options) -> String {
        let baseline = top + o.baseline
        var out = ""
        var run: (start: Int, end: Int, text: String, ink: Ink)?

        func attributes(_ ink: Ink) -> String {
            "fill=\"\(ink.color.hex)\"" + (ink.bold ? " font-weight=\"bold\"" : "")
        }
        func flush() {
            if let r = run {
                let x = o.padding + r.start * o.cellWidth
                out += "<text x=\"\(x)\" y=\"\(baseline)\" textLength=\"\((r.end - r.start) * o.cellWidth)\" "
                    + "lengthAdjust=\"spacingAndGlyphs\" \(attributes(r.ink))>\(escape(r.text))</text>\n"
            }
            run = nil
        }

        let width = canvas.size.width
        var x = 0
        while x < width {
            let cell = canvas[x, y]
            let isWide = !cell.isContinuation && x + 1 < width && canvas[x + 1, y].isContinuation
            if isWide {
                flush()
                let centre = o.padding + x * o.cellWidth + o.cellWidth
                out += "<text x=\"\(centre)\" y=\"\(top + o.wideBaseline)\" text-anchor=\"middle\" "
                    + "font-size=\"\(o.wideFontSize)\" font-family=\"\(escape(o.emojiFontFamily))\" \(attributes(looks[x].ink))>\(escape(cell.text))</text>\n"
                x += 2
                continue
            }
            // A space (or a stray continuation, which a terminal shows as blank) shows only its background.
            if cell.text == " " || cell.isContinuation {
                flush()
                x += 1
                continue
            }
            let ink = looks[x].ink
            if let r = run, r.ink == ink {
                run!.text += cell.text
                run!.end = x + 1
            } else {
                flush()
                run = (x, x + 1, cell.text, ink)
            }
            x += 1
        }
        flush()
        return out
    }
}
