import Memorize

/// The colours the theme editor offers (assignment 6: "colour from a palette"): those of the
/// built-in themes plus a few more, each with a name for monochrome screens, where a swatch
/// shows nothing.
struct NamedColor: Equatable {
    let name: String
    let color: RGBColor

    static let choices: [NamedColor] = [
        NamedColor("orange", "#ff8c00"), NamedColor("red", "#e03c31"), NamedColor("pink", "#ff69b4"),
        NamedColor("magenta", "#c71585"), NamedColor("purple", "#9370db"), NamedColor("blue", "#1e90ff"),
        NamedColor("sky", "#87ceeb"), NamedColor("teal", "#20b2aa"), NamedColor("green", "#32cd32"),
        NamedColor("forest", "#228b22"), NamedColor("gold", "#ffd700"), NamedColor("brown", "#c08040"),
        NamedColor("grey", "#a0a0a0"),
    ]

    private init(_ name: String, _ hex: String) {
        self.name = name
        color = RGBColor(hex: hex)!
    }

    init(custom color: RGBColor) {
        name = color.hex
        self.color = color
    }

    /// The choices, with `color` added in front when a theme file brought a colour of its own.
    static func choices(including color: RGBColor) -> [NamedColor] {
        choices.contains { $0.color == color } ? choices : [NamedColor(custom: color)] + choices
    }

    /// A colour's name from the palette, or its hex code.
    static func name(of color: RGBColor) -> String {
        choices.first { $0.color == color }?.name ?? color.hex
    }
}
