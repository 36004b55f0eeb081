#if canImport(Glibc)
import Glibc
#endif
import Primitives

/// WCAG 2's relative luminance and contrast ratio: what "readable against what is behind it" is
/// measured by here (3:1 is WCAG's level for large text, which terminal cells are treated as).
public enum Contrast {
    /// The least a glyph drawn on the terminal's own background keeps against it.
    public static let legible = 3.0

    /// Relative luminance, 0 (black) … 1 (white), of an sRGB colour.
    public static func luminance(_ color: RGB) -> Double {
        func linear(_ component: UInt8) -> Double {
            let c = Double(component) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// (lighter + 0.05) / (darker + 0.05): 1 (same) … 21 (black on white).
    public static func ratio(_ a: RGB, _ b: RGB) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `color`, darkened on a light `background` or lightened on a dark one (towards whichever of
    /// black and white stands out more against it) just far enough to reach `minimum`: the hue
    /// stays, only the lightness gives way. Unchanged when it is readable already.
    public static func adjusted(_ color: RGB, against background: RGB, minimum: Double = legible) -> RGB {
        guard ratio(color, background) < minimum else { return color }
        let black = RGB(0, 0, 0), white = RGB(255, 255, 255)
        let towards = ratio(black, background) >= ratio(white, background) ? black : white
        // 1/40 steps: at most 40 tries, each a blend and a ratio.
        for step in 1...40 {
            let candidate = color.mixed(with: towards, fraction: step, of: 40)
            if ratio(candidate, background) >= minimum { return candidate }
        }
        return towards
    }

    /// Black or white, whichever reads better on `background` (at least 4.58:1, √21, on any colour).
    public static func ink(on background: RGB) -> RGB {
        let black = RGB(0, 0, 0), white = RGB(255, 255, 255)
        return ratio(black, background) >= ratio(white, background) ? black : white
    }
}
