import Primitives

/// The colour behind every cell drawn in the terminal's default background: what a title or a
/// message drawn "on the terminal" is read against. Known from the terminal's answer to OSC 11,
/// else from COLORFGBG, else assumed dark.
public struct TerminalBackground: Hashable, Sendable, CustomStringConvertible {
    public var color: RGB

    public init(color: RGB) { self.color = color }

    /// xterm's default background (white) and the common dark one (black): what `--background
    /// light` and `dark` stand for.
    public static let light = TerminalBackground(color: RGB(255, 255, 255))
    public static let dark = TerminalBackground(color: RGB(0, 0, 0))

    /// Lighter than the luminance (0.179) at which black and white text stand out equally.
    public var isLight: Bool { Contrast.luminance(color) > 0.179 }

    public var description: String { "\(isLight ? "light" : "dark") (\(color.hex))" }

    /// rxvt's `COLORFGBG` ("15;0", "0;default;15"): the last field is the background's ANSI
    /// number; 7 and 9–15 are light, 0–6 and 8 dark. nil when unset or not in that form.
    public static func fromColorFGBG(_ value: String?) -> TerminalBackground? {
        guard let value, value.utf8.count <= 32, let last = value.split(separator: ";").last,
              let number = Int(last), (0...15).contains(number) else { return nil }
        return number == 7 || number >= 9 ? .light : .dark
    }
}
