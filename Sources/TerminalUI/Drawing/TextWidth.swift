import Glibc
import CTextWidth

/// Terminal column widths, measured the way ncurses measures them: with the C library's `wcwidth`.
///
/// `wcwidth` answers according to LC_CTYPE; in the "C" locale every emoji is -1. So the first call
/// makes sure LC_CTYPE is a UTF-8 locale unless TerminalLocale has chosen the process locale
/// already (the app does, first thing); when that choice kept a non-UTF-8 locale, widths are still
/// measured in a private UTF-8 locale (ctw_wcwidth), so themes validate the same everywhere.
public enum TextWidth {
    private static let localeReady: Bool = {
        if ctw_ctype_is_multibyte() == 0 && !TerminalLocale.decided.load(ordering: .acquiring) {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
        return ctw_ctype_is_multibyte() != 0
    }()

    /// Columns a single Unicode scalar occupies (0, 1 or 2); unprintable scalars count as 1.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : 0 }
        let w = wcwidth(scalar)
        return w < 0 ? 1 : w
    }

    /// The C library's answer as ncurses gets it: -1 for what cannot be printed.
    static func wcwidth(_ scalar: Unicode.Scalar) -> Int {
        _ = localeReady
        return Int(ctw_wcwidth(scalar.value))
    }

    /// Columns of a grapheme cluster: its first scalar's width plus any non-combining extras.
    public static func of(_ character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars { total += of(scalar) }
        return min(max(total, character.unicodeScalars.isEmpty ? 0 : 1), 2)
    }

    public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

    /// Exactly one scalar that is two columns wide.
    public static func isWideSingleScalar(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == 1 && of(scalars[0]) == 2
    }
}
