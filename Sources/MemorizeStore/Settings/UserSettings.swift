import Primitives
import Memorize
import ThemeFormat

/// The player's preferences in `$XDG_CONFIG_HOME/memorize-tui/settings.json`, e.g.
/// `{"themeChooserAtStart": true, "background": "light"}`. The game only reads this file, never writes it; a bad one is
/// reported (file:line:column) and ignored, so the defaults apply and nothing is lost.
public struct UserSettings: Equatable, Sendable {
    /// Open the theme chooser when a live game starts without `--theme` (assignment 6's chooser
    /// as the first screen).
    public var themeChooserAtStart = false
    /// The terminal's background, as `--background` says it (the flag wins); nil: not set (auto).
    public var background: BackgroundChoice?
    /// A problem with the file worth telling the player, in one line.
    public var warning: String?

    public init(themeChooserAtStart: Bool = false) { self.themeChooserAtStart = themeChooserAtStart }

    /// Loads the player's settings; a missing file or unknown home gives the defaults.
    public static func load(environment: ProcessEnvironment.Variables = ProcessEnvironment.variables(named: XDGPaths.variableNames)) -> UserSettings {
        guard let path = XDGPaths(environment: environment).settingsFile else { return UserSettings() }
        return load(path: path)
    }

    public static func load(path: String) -> UserSettings {
        switch GuardedRead.read(path, followSymlinks: true) {
        case .missing:
            return UserSettings()
        case .refused(let refusal):
            return failed("\(path) \(refusal.description)")
        case .contents(let bytes):
            return parse(bytes, source: path)
        }
    }

    /// Parses the file's bytes; unknown keys are ignored so newer files still load.
    public static func parse(_ bytes: [UInt8], source: String) -> UserSettings {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            let place = JSONValue.lineAndColumn(ofOffset: error.offset, in: bytes)
            return failed("\(source):\(place.line):\(place.column): \(error.message)")
        }
        guard case .object = root.kind else {
            return failed("\(source):1:1: expected an object like {\"themeChooserAtStart\": true}")
        }
        var settings = UserSettings()
        if let value = root.member("themeChooserAtStart") {
            guard case .bool(let flag) = value.kind else {
                let place = JSONValue.lineAndColumn(ofOffset: value.offset, in: bytes)
                return failed("\(source):\(place.line):\(place.column): themeChooserAtStart must be true or false, not \(value.kindDescription)")
            }
            settings.themeChooserAtStart = flag
        }
        if let value = root.member("background") {
            guard case .string(let text) = value.kind, let choice = BackgroundChoice(rawValue: text) else {
                let place = JSONValue.lineAndColumn(ofOffset: value.offset, in: bytes)
                // The value is quoted short; printing neutralises what it holds (printError).
                var found = value.kindDescription
                if case .string(let text) = value.kind { found = "\"\(text.prefix(24))\"" }
                return failed("\(source):\(place.line):\(place.column): background must be \"light\", \"dark\" or \"auto\", not \(found)")
            }
            settings.background = choice
        }
        return settings
    }

    private static func failed(_ problem: String) -> UserSettings {
        var settings = UserSettings()
        settings.warning = "Settings: \(problem); using the defaults (the file is left as it is)"
        return settings
    }
}
