import Primitives
import CTextWidth
import Glibc
import Synchronization

/// The process locale, chosen once at start-up, the way Python's PEP 538 does it.
///
/// A C or POSIX character set almost never means "my terminal is ASCII": it is what an SSH server
/// that refused the client's LANG, a minimal container, cron or systemd leave behind. So when the
/// character set is the C one because nothing better was asked for (no locale variables, `C`,
/// `POSIX`, or a UTF-8 locale that is not installed here), LC_CTYPE is coerced to an installed
/// UTF-8 locale and the game plays normally. Only a locale the user chose that is *not* UTF-8
/// (`en_US.ISO-8859-1`) is kept: then the game plays as `--ascii` does, with a one-line note.
public enum TerminalLocale {
    public enum Outcome: Equatable, Sendable {
        /// The environment's locale is UTF-8 already.
        case utf8
        /// The C/POSIX character set was replaced by this installed UTF-8 locale.
        case coerced(to: String)
        /// Not UTF-8 and not coerced: draw ASCII only; `note` says why, for stderr.
        case asciiOnly(note: String)
    }

    /// Tried in order for the coercion (PEP 538's list, plus the common en_US one).
    static let utf8Candidates = ["C.UTF-8", "C.utf8", "UTF-8", "en_US.UTF-8"]

    /// The variables glibc reads for LC_CTYPE, highest priority first.
    static let ctypeVariables = ["LC_ALL", "LC_CTYPE", "LANG"]

    /// What the user asked for: the first non-empty of LC_ALL, LC_CTYPE, LANG, as `NAME=value`.
    static func requested(_ lookup: (String) -> String?) -> (name: String, value: String)? {
        for name in ctypeVariables {
            if let value = lookup(name), !value.isEmpty { return (name, value) }
        }
        return nil
    }

    /// Whether a locale name asks for no particular character set (C, POSIX) or for UTF-8.
    static func asksForNothingBetter(_ value: String) -> Bool {
        if value == "C" || value == "POSIX" { return true }
        // "en_US.UTF-8", "C.utf8", "de_DE.UTF-8@euro": the codeset is what follows the dot.
        guard let dot = value.firstIndex(of: ".") else { return false }
        let codeset = value[value.index(after: dot)...].prefix { $0 != "@" }
        return TerminalEnvironment.isUTF8(String(codeset))
    }

    /// The decision, pure: `codeset` is what `setlocale(LC_ALL, "")` left; `coerce` installs a
    /// UTF-8 LC_CTYPE and names it (nil when none is installed).
    static func decide(codeset: String, requested: (name: String, value: String)?,
                       coerce: () -> String?) -> Outcome {
        if TerminalEnvironment.isUTF8(codeset) { return .utf8 }
        if let requested, !asksForNothingBetter(requested.value) {
            let shown = SafeText.neutralised("\(requested.name)=\(requested.value)")
            return .asciiOnly(note: "the locale \(shown) is not UTF-8 (character set \(codeset)): playing with ASCII glyphs as --ascii does (set LANG=C.UTF-8 for emoji)")
        }
        if let installed = coerce() { return .coerced(to: installed) }
        return .asciiOnly(note: "no UTF-8 locale is installed (tried \(utf8Candidates.joined(separator: ", "))): playing with ASCII glyphs as --ascii does")
    }

    /// Sets the process locale from the environment and coerces a C/POSIX character set; call once,
    /// first thing, before anything measures or prints text. Later calls return the first answer.
    public static func adopt() -> Outcome { adopted }

    private static let adopted: Outcome = {
        _ = setlocale(LC_ALL, "")
        let outcome = decide(codeset: currentCodeset(), requested: requested(ProcessEnvironment.variable)) {
            utf8Candidates.first { setlocale(LC_CTYPE, $0) != nil && ctw_ctype_is_multibyte() != 0 }
        }
        decided.store(true, ordering: .releasing)
        return outcome
    }()

    /// Set once adopt() has chosen: TextWidth then leaves the process locale alone.
    static let decided = Atomic<Bool>(false)

    static func currentCodeset() -> String {
        nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? "unknown"
    }
}
