import Primitives
import Glibc

/// Where memorize-tui keeps its files, per the XDG Base Directory specification: scores are state
/// (`$XDG_STATE_HOME`, default `~/.local/state`), user themes are configuration (`$XDG_CONFIG_HOME`,
/// default `~/.config`). The spec says relative values are invalid and must be ignored.
public struct XDGPaths: Equatable, Sendable {
    public static let applicationDirectory = "memorize-tui"
    /// The environment variables these paths are made from.
    public static let variableNames = ["HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"]

    /// Absolute, or nil when neither the variable nor a home directory is known.
    public let stateHome: String?
    public let configHome: String?

    /// - Parameters:
    ///   - environment: injectable so tests never touch the player's files.
    ///   - fallbackHome: used when `HOME` is unset or relative (the password database by default).
    public init(environment: ProcessEnvironment.Variables = ProcessEnvironment.variables(named: XDGPaths.variableNames),
                fallbackHome: @autoclosure () -> String? = XDGPaths.passwordDatabaseHome()) {
        // The password database is read only when HOME will not do (it opens files and, in a
        // static binary, loads glibc's NSS modules).
        let home = Self.absolute(environment["HOME"]) ?? Self.absolute(fallbackHome())
        stateHome = Self.absolute(environment["XDG_STATE_HOME"]) ?? home.map { $0 + "/.local/state" }
        configHome = Self.absolute(environment["XDG_CONFIG_HOME"]) ?? home.map { $0 + "/.config" }
    }

    /// `$XDG_STATE_HOME/memorize-tui/scores.json`.
    public var scoresFile: String? { stateHome.map { "\($0)/\(Self.applicationDirectory)/scores.json" } }
    /// `$XDG_CONFIG_HOME/memorize-tui/themes.json`.
    public var themesFile: String? { configHome.map { "\($0)/\(Self.applicationDirectory)/themes.json" } }
    /// `$XDG_CONFIG_HOME/memorize-tui/settings.json`.
    public var settingsFile: String? { configHome.map { "\($0)/\(Self.applicationDirectory)/settings.json" } }

    /// The login's home directory from /etc/passwd, for when HOME is not set.
    public static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    private static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        // "/home/me/" and "/home/me" name the same place; keep "/" itself.
        var trimmed = Substring(value)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed == "/" ? "" : String(trimmed)
    }
}
