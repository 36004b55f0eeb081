import Testing
@testable import TerminalUI

/// CanvasSVG draws the README's screenshot: the tests pin down what a terminal would show
/// (colours, reverse, dim, wide glyphs) and that the output is exact, escaped XML.
struct CanvasSVGTests {
    private typealias RGB = CanvasSVG.RGB

    /// Small numbers so the expected strings stay readable.
    private var small: CanvasSVG.Options {
        var o = CanvasSVG.Options()
        o.cellWidth = 10; o.cellHeight = 20; o.fontSize = 16; o.baseline = 15
        o.wideFontSize = 18; o.wideBaseline = 16
        o.padding = 0; o.cornerRadius = 0
        o.fontFamily = "mono"; o.emojiFontFamily = "emoji"
        return o
    }

    private func texts(_ svg: String) -> [Substring] { svg.split(separator: "\n").filter { $0.hasPrefix("<text") } }
    private func rects(_ svg: String) -> [Substring] { svg.split(separator: "\n").filter { $0.hasPrefix("<rect") } }

    @Test func goldenOfASmallCanvas() {
        var canvas = Canvas(size: Size(width: 4, height: 2))
        canvas.put("ab", x: 0, y: 0, style: Style(foreground: .red, bold: true))
        canvas.put("👻", x: 2, y: 1, style: Style(background: .rgb(1, 2, 3)))
        let expected = """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
            <rect width="40" height="40" rx="0" fill="#1d1f21"/>
            <rect x="20" y="20" width="20" height="20" fill="#010203"/>
            <g font-family="mono" font-size="16" xml:space="preserve">
            <text x="0" y="15" textLength="20" lengthAdjust="spacingAndGlyphs" fill="#cc6666" font-weight="bold">ab</text>
            <text x="30" y="36" text-anchor="middle" font-size="18" font-family="emoji" fill="#c5c8c6">👻</text>
            </g>
            </svg>

            """
        #expect(CanvasSVG.render(canvas, options: small) == expected)
    }

    @Test func defaultsLookLikeATerminal() {
        let svg = CanvasSVG.render(Canvas(size: Size(width: 100, height: 30)))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"924\" height=\"564\" viewBox=\"0 0 924 564\">\n"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("'Noto Color Emoji'") == false, "quotes in attributes are escaped")
        #expect(svg.contains("&apos;DejaVu Sans Mono&apos;"))
        #expect(svg.contains("&apos;Noto Color Emoji&apos;"), "the font list names an emoji font")
        #expect(texts(svg).isEmpty, "a blank canvas has no text")
        #expect(rects(svg).count == 1, "only the page: blank cells are the theme's background")
    }

    @Test func escapesXML() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        canvas.put("<a&'\">", x: 0, y: 0)
        let svg = CanvasSVG.render(canvas, options: small)
        #expect(texts(svg) == [
            "<text x=\"0\" y=\"15\" textLength=\"60\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#c5c8c6\">&lt;a&amp;&apos;&quot;&gt;</text>",
        ])
        // Characters XML cannot hold never reach the file (a canvas cannot hold them either).
        #expect(CanvasSVG.escape("a\u{0}b\u{FFFE}c\td") == "a\u{FFFD}b\u{FFFD}c\td")
        #expect(CanvasSVG.escape("🎃 ░") == "🎃 ░")
    }

    @Test func wideGlyphsSpanTwoCells() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("x🎃y", x: 1, y: 0)
        let lines = texts(CanvasSVG.render(canvas, options: small))
        // The emoji is centred on its two cells (columns 2 and 3, pixels 20–40); "y" sits in column 4.
        #expect(lines == [
            "<text x=\"10\" y=\"15\" textLength=\"10\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#c5c8c6\">x</text>",
            "<text x=\"30\" y=\"16\" text-anchor=\"middle\" font-size=\"18\" font-family=\"emoji\" fill=\"#c5c8c6\">🎃</text>",
            "<text x=\"40\" y=\"15\" textLength=\"10\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#c5c8c6\">y</text>",
        ])
    }

    @Test func wideGlyphBackgroundCoversBothCells() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("👻", x: 1, y: 0, style: Style(background: .ansi(4)))
        #expect(rects(CanvasSVG.render(canvas, options: small)).dropFirst() == [
            "<rect x=\"10\" y=\"0\" width=\"20\" height=\"20\" fill=\"#81a2be\"/>",
        ])
    }

    @Test func reverseSwapsTheThemeColours() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.put("R", x: 0, y: 0, style: Style(reverse: true))
        canvas.put("G", x: 2, y: 0, style: Style(foreground: .rgb(0, 255, 0), background: .rgb(0, 0, 255), reverse: true))
        let svg = CanvasSVG.render(canvas, options: small)
        let theme = CanvasSVG.ColorScheme.dark
        #expect(rects(svg).dropFirst() == [
            Substring("<rect x=\"0\" y=\"0\" width=\"10\" height=\"20\" fill=\"\(theme.foreground.hex)\"/>"),
            "<rect x=\"20\" y=\"0\" width=\"10\" height=\"20\" fill=\"#00ff00\"/>",
        ])
        #expect(texts(svg) == [
            Substring("<text x=\"0\" y=\"15\" textLength=\"10\" lengthAdjust=\"spacingAndGlyphs\" fill=\"\(theme.background.hex)\">R</text>"),
            "<text x=\"20\" y=\"15\" textLength=\"10\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#0000ff\">G</text>",
        ])
    }

    @Test func dimUnderlineAndBold() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.put("d", x: 0, y: 0, style: Style(foreground: .rgb(200, 100, 0), background: .rgb(0, 0, 0), dim: true))
        canvas.put("u", x: 1, y: 0, style: Style(foreground: .rgb(9, 9, 9), underline: true))
        canvas.put("b", x: 2, y: 0, style: Style(bold: true))
        let svg = CanvasSVG.render(canvas, options: small)
        // Dim is the foreground halfway to the background; the underline is a line at the cell's foot.
        #expect(svg.contains("fill=\"#643200\">d</text>"))
        #expect(svg.contains("<rect x=\"10\" y=\"18\" width=\"10\" height=\"1\" fill=\"#090909\"/>"))
        #expect(svg.contains("font-weight=\"bold\">b</text>"))
    }

    @Test func runsShareInkAndSplitAtSpaces() {
        var canvas = Canvas(size: Size(width: 9, height: 1))
        canvas.put("ab cd", x: 0, y: 0, style: Style(foreground: .green))
        canvas.put("ef", x: 5, y: 0, style: Style(foreground: .green, background: .blue))
        canvas.put("g", x: 7, y: 0, style: Style(foreground: .yellow))
        let lines = texts(CanvasSVG.render(canvas, options: small))
        #expect(lines.map { $0.split(separator: ">")[1].split(separator: "<")[0] } == ["ab", "cdef", "g"],
                "same colour and weight share a run whatever the background; a space or a new ink ends it")
    }

    @Test func deterministic() {
        var canvas = Canvas(size: Size(width: 20, height: 5))
        canvas.put("Score: 4 🎃 ░░", x: 1, y: 2, style: Style(foreground: .rgb(255, 140, 0), bold: true))
        #expect(CanvasSVG.render(canvas) == CanvasSVG.render(canvas))
    }

    @Test func ansiColoursComeFromTheTheme() {
        var theme = CanvasSVG.ColorScheme.dark
        theme.ansi[1] = RGB(1, 1, 1)
        var options = small
        options.colors = theme
        var canvas = Canvas(size: Size(width: 1, height: 1))
        canvas.put("r", x: 0, y: 0, style: Style(foreground: .red))
        #expect(CanvasSVG.render(canvas, options: options).contains("fill=\"#010101\">r</text>"))
        #expect(RGB(0xab, 0x0c, 0xff).hex == "#ab0cff")
    }
}
