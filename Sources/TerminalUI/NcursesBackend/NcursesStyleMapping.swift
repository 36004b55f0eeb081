import CNcurses

// Pure decisions about colour and attributes, tested without a terminal. NcursesPainter applies
// them to whichever ncurses screen is current.

/// How many colours a style may use on this terminal.
enum NcursesColorDepth: Equatable {
    case none, ansi8, ansi16, xterm256
    /// 24-bit colour: ncurses' direct-colour mode, where a colour number is 0xRRGGBB.
    case direct
}

/// The attributes that survive without colour.
struct NcursesAttributes: OptionSet, Hashable {
    let rawValue: UInt8
    static let bold = NcursesAttributes(rawValue: 1 << 0)
    static let dim = NcursesAttributes(rawValue: 1 << 1)
    static let reverse = NcursesAttributes(rawValue: 1 << 2)
    static let underline = NcursesAttributes(rawValue: 1 << 3)

    var ncurses: attr_t {
        var value = cn_a_normal()
        if contains(.bold) { value |= cn_a_bold() }
        if contains(.dim) { value |= cn_a_dim() }
        if contains(.reverse) { value |= cn_a_reverse() }
        if contains(.underline) { value |= cn_a_underline() }
        return value
    }
}

/// A style as ncurses draws it: attributes plus a foreground/background colour number (-1 is the
/// terminal's own default colour; both -1 means colour pair 0).
struct NcursesLook: Hashable {
    var attributes: NcursesAttributes
    var foreground: Int
    var background: Int
}

enum NcursesStyleMapping {
    /// Direct colour starts at 2^24 colours: that is what terminfo entries with the `RGB`
    /// capability (xterm-direct, tmux-direct, …) declare, and what ncurses (6.1+) needs to accept
    /// 0xRRGGBB colour numbers in init_extended_pair/alloc_pair.
    static let directColorCount = 1 << 24

    static func depth(colors: Int, hasColors: Bool, mode: ColorMode) -> NcursesColorDepth {
        guard mode == .auto, hasColors else { return .none }
        if colors >= directColorCount { return .direct }
        if colors >= 256 { return .xterm256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .none
    }

    /// Colour number for a colour at a depth; -1 for `.default` (and for everything at `.none`).
    static func index(of color: Color, depth: NcursesColorDepth) -> Int {
        switch depth {
        case .none: return -1
        case .xterm256: return color.xterm256Index
        case .ansi8: return color.ansi8Index
        case .ansi16:
            if case .ansi(let n) = color { return Int(n % 16) }
            return color.ansi8Index
        case .direct:
            switch color {
            case .default: return -1
            // The eight basic colours stay palette colours, so they follow the terminal's palette
            // (direct-colour entries send numbers below 8 as SGR 30–37).
            case .ansi(let n) where n < 8: return Int(n)
            case .ansi(let n):
                let (r, g, b) = xterm256RGB(Int(n))
                return packed(r, g, b)
            case let .rgb(r, g, b): return packed(Int(r), Int(g), Int(b))
            }
        }
    }

    /// 0xRRGGBB, kept out of 0–7, which direct-colour entries read as palette colours: the
    /// darkest blues (0,0,0)…(0,0,7) become (0,0,8), indistinguishable on screen.
    static func packed(_ r: Int, _ g: Int, _ b: Int) -> Int {
        max(8, r << 16 | g << 8 | b)
    }

    /// The colour xterm shows for a 256-palette index: 16 ANSI colours, the 6×6×6 cube, 24 greys.
    static func xterm256RGB(_ index: Int) -> (Int, Int, Int) {
        switch index {
        case ..<16:
            guard case let .rgb(r, g, b) = Color.ansi(UInt8(max(0, index))).asRGB else { return (0, 0, 0) }
            return (Int(r), Int(g), Int(b))
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
        default:
            let grey = 8 + 10 * (min(index, 255) - 232)
            return (grey, grey, grey)
        }
    }

    /// `defaultColors` is whether use_default_colors worked; without it -1 is not a valid colour
    /// and the classic white on black stands in. `background` is what the terminal shows behind
    /// cells in its default background (see `foregroundIndex`).
    static func look(for style: Style, depth: NcursesColorDepth, defaultColors: Bool,
                     background terminalBackground: TerminalBackground = .dark) -> NcursesLook {
        var attributes: NcursesAttributes = []
        if style.bold { attributes.insert(.bold) }
        if style.dim { attributes.insert(.dim) }
        if style.reverse { attributes.insert(.reverse) }
        if style.underline { attributes.insert(.underline) }
        var background = index(of: style.background, depth: depth)
        // Without default colours the default background is black (below).
        var foreground = foregroundIndex(of: style.foreground, over: style.background, backgroundIndex: background, depth: depth,
                                         terminal: defaultColors ? terminalBackground : .dark, legible: style.legible)
        if depth != .none, !defaultColors, foreground != -1 || background != -1 {
            if foreground == -1 { foreground = 7 }
            if background == -1 { background = 0 }
        }
        return NcursesLook(attributes: attributes, foreground: foreground, background: background)
    }
}
