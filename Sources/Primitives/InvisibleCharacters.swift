/// Characters that print as nothing: zero-width spaces and joiners, word joiners, variation
/// selectors, soft hyphens, line and paragraph separators, unusual spaces, controls. Quoted raw
/// in a message they vanish (an emoji that is a lone U+200B read as `""`), so a message names them
/// instead, `<U+200B>`, the way the editor shows what it cannot draw.
public enum InvisibleCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// `text` with every invisible scalar written as `<U+XXXX>`; visible text unchanged. Joiners
    /// and selectors inside a visible emoji (the U+200D of 👩‍🚀, the U+FE0F of ❤️) are part of a
    /// glyph the reader sees, so they stay; alone, they are named too.
    public static func revealed(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: contains) else { return text }
        var result = ""
        for character in text {
            let scalars = character.unicodeScalars
            let seen = scalars.contains { !contains($0) }
            for scalar in scalars {
                if contains(scalar), !(seen && shapesAGlyph(scalar)) {
                    result += "<" + CodePoints.describe(scalar) + ">"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Zero-width joiner, variation selectors and emoji tag characters: invisible alone, but
    /// inside an emoji they shape what is drawn.
    private static func shapesAGlyph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0xE0020...0xE007F: return true
        default: return false
        }
    }
}
