import Memorize
import TerminalUI

extension ThemeValidator {
    /// The rules as the app applies them, with the terminal's measures (TerminalUI), for test
    /// targets that cannot import the app.
    public static let forTests = ThemeValidator(columns: { TextWidth.of($0) }, isUnsafe: { SafeText.isUnsafe($0) })
}
