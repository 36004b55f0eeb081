import Memorize

/// Where the player's own themes live ($XDG_CONFIG_HOME/memorize-tui/themes.json for the real one).
public protocol UserThemeStoring: AnyObject {
    var themes: [Theme] { get }
    var warning: String? { get }
    /// Saves atomically; on failure the old file is untouched and the error says why.
    func save(_ themes: [Theme]) throws
}

/// Keeps the player's themes in memory: headless runs and tests never touch the player's files.
public final class InMemoryThemes: UserThemeStoring {
    public private(set) var themes: [Theme]
    public private(set) var warning: String?
    public init(_ themes: [Theme] = []) { self.themes = themes }
    public func save(_ themes: [Theme]) throws { self.themes = themes }
}
