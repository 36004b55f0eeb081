/// How a terminal screen uses colour.
public enum ColorMode: Hashable, Sendable {
    /// Whatever the terminal offers: 256 colours, 16, 8, or attributes only.
    case auto
    /// Attributes only (bold, dim, reverse, underline): `--no-color` and `NO_COLOR`.
    case monochrome
}
