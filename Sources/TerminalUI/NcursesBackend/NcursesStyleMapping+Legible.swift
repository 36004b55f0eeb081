import Primitives

// Down-mapping that keeps meaning. The nearest palette colour alone can land a glyph on its own
// background's colour: the bonus pie's "opacity 0.5" blend of the theme into the white card face
// is nearest to xterm's colour 7 at 8 colours, as the face is, so it went out as SGR 37 on 47,
// invisible. And a theme colour chosen for a dark terminal (Halloween's yellow) can hardly be
// read on a light one. So a glyph's colour is chosen knowing what is behind it:
// - text on the terminal's own background (titles, scores, messages: `Style.legible`): the theme
//   colour darkened or lightened until it reads at 3:1 against that background (Contrast), then
//   the nearest palette colour that still reads at 3:1 against it (a shape there, such as a
//   card's edge, keeps its nearest colour, so it matches the card);
// - text on a colour of ours (a button's caption, a card face's ink): the same, against the colour
//   the background shows;
// - any other glyph on a colour of ours (the pie, a back's texture, a border): the nearest colour
//   that is not the background's, so it keeps its hue and stays visible.
// Only RGB colours give way: an ANSI colour is a palette entry asked for by number.
extension NcursesStyleMapping {
    /// The colour number for a glyph's `foreground` drawn over `background` (whose number at this
    /// depth is `backgroundIndex`), on a terminal whose own background is `terminal`; `legible`:
    /// the glyph is text (Style.legible).
    static func foregroundIndex(of foreground: Color, over background: Color, backgroundIndex: Int,
                                depth: NcursesColorDepth, terminal: TerminalBackground, legible: Bool = true) -> Int {
        guard depth != .none, case let .rgb(r, g, b) = foreground else { return index(of: foreground, depth: depth) }
        let wanted = RGB(r, g, b)
        let behind: RGB, minimum: Double, target: RGB
        if background == .default {
            guard legible else { return index(of: foreground, depth: depth) }
            behind = terminal.color
            minimum = Contrast.legible
            target = Contrast.adjusted(wanted, against: behind)
        } else {
            guard let asked = background.rgbValue, let shown = shownRGB(backgroundIndex, depth: depth) else {
                return index(of: foreground, depth: depth)
            }
            // A block of one colour (a swatch) is meant to match its background.
            if asked == wanted { return index(of: foreground, depth: depth) }
            behind = shown
            minimum = legible ? Contrast.legible : 0
            target = legible ? Contrast.adjusted(wanted, against: shown) : wanted
        }
        switch depth {
        case .none:
            return -1
        case .direct:
            return packed(Int(target.red), Int(target.green), Int(target.blue))
        case .ansi8, .ansi16:
            // The eight basic colours (bright ones vary too much between terminals to rely on).
            return nearest(to: target, among: 0..<8, behind: behind, minimum: minimum)
        case .xterm256:
            // The cube and the greys: 0–15 are the terminal's own palette (xterm256Index alike).
            return nearest(to: target, among: 16..<256, behind: behind, minimum: minimum)
        }
    }

    /// The palette colour nearest `target` that differs from `behind` and reads at `minimum`
    /// against it; failing that, the one that reads best.
    private static func nearest(to target: RGB, among candidates: Range<Int>, behind: RGB, minimum: Double) -> Int {
        var best: (index: Int, distance: Int)?
        var mostReadable = (index: candidates.lowerBound, ratio: 0.0)
        let behindLuminance = Contrast.luminance(behind)
        for candidate in candidates {
            let shown = xtermPalette[candidate]
            guard shown != behind else { continue }
            let luminance = xtermLuminance[candidate]
            let ratio = (max(luminance, behindLuminance) + 0.05) / (min(luminance, behindLuminance) + 0.05)
            if ratio > mostReadable.ratio { mostReadable = (candidate, ratio) }
            guard ratio >= minimum else { continue }
            let distance = squaredDistance(shown, target)
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.index ?? mostReadable.index
    }

    /// What a colour number shows: xterm's default palette for 0–255 (the 16 ANSI colours as
    /// xterm sets them, the 6×6×6 cube, 24 greys), 0xRRGGBB in direct colour. nil for -1.
    static func shownRGB(_ index: Int, depth: NcursesColorDepth) -> RGB? {
        guard index >= 0 else { return nil }
        if depth == .direct, index >= 8 {
            return RGB(UInt8((index >> 16) & 0xFF), UInt8((index >> 8) & 0xFF), UInt8(index & 0xFF))
        }
        return index < xtermPalette.count ? xtermPalette[index] : nil
    }

    /// xterm's 256 colours as RGB, worked out once.
    static let xtermPalette: [RGB] = (0..<256).map { index in
        let (r, g, b) = xterm256RGB(index)
        return RGB(UInt8(r), UInt8(g), UInt8(b))
    }

    /// Their relative luminances: a style's colour is searched for once, over up to 240 of them.
    static let xtermLuminance: [Double] = xtermPalette.map(Contrast.luminance)

    private static func squaredDistance(_ a: RGB, _ b: RGB) -> Int {
        let dr = Int(a.red) - Int(b.red), dg = Int(a.green) - Int(b.green), db = Int(a.blue) - Int(b.blue)
        return dr * dr + dg * dg + db * db
    }
}

extension Color {
    /// The colour as RGB (ANSI colours as xterm shows them); nil for `.default`.
    var rgbValue: RGB? {
        guard case let .rgb(r, g, b) = asRGB else { return nil }
        return RGB(r, g, b)
    }
}
