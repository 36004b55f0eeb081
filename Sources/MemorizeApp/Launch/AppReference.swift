import MemorizeStore
import TerminalUI

/// What the app already states about itself, for documentation outside the game (the manual
/// page): each page's keys and mouse actions from the very tables its input handler and help
/// overlay read, and the files' paths as `XDGPaths` makes them. Nothing here is a second copy.
public enum AppReference {
    public struct Row: Sendable, Equatable {
        /// The keys in plain ASCII names ("left h", "q ctrl-c"), or the mouse action.
        public let label: String
        public let summary: String
    }

    public struct Section: Sendable {
        public let title: String
        public let rows: [Row]
    }

    /// Every page's key table, the game's first.
    public static var keys: [Section] {
        func section(_ title: String, _ table: [KeyHelp]) -> Section {
            Section(title: title, rows: table.map { Row(label: $0.label(ascii: true), summary: $0.summary) })
        }
        return [
            section("Game", KeyTables.game.help),
            section("Every screen", KeyTables.everyScreen),
            section("Inspector (the game and its win screen)", KeyTables.inspector.help),
            section("Inspector with the keys (tab)", KeyTables.inspectorFocused.help),
            section("Win screen", (KeyTables.win + KeyTables.winModes).help),
            section("Theme chooser", KeyTables.chooser.help),
            section("Deleting a theme (the chooser asks first)", KeyTables.confirmation.help),
            section("Theme editor (other keys type into the focused field)", KeyTables.editor.help),
            section("Help overlay", KeyTables.overlay.help),
        ]
    }

    /// Every page's mouse actions.
    public static var mouse: [Section] {
        func section(_ title: String, _ rows: [(label: String, summary: String)]) -> Section {
            Section(title: title, rows: rows.map { Row(label: $0.label, summary: $0.summary) })
        }
        return [
            section("Game", KeyTables.mouseHelp),
            section("Win screen", KeyTables.winMouseHelp),
            section("Theme chooser", KeyTables.chooserMouseHelp),
            section("Theme editor", KeyTables.editorMouseHelp),
        ]
    }

    /// The player's files, written with the variable (`$XDG_CONFIG_HOME/memorize-tui/themes.json`)
    /// or as the default when it is unset (`~/.config/memorize-tui/themes.json`).
    public struct Files: Sendable, Equatable {
        public let themes: String
        public let scores: String
        public let settings: String
    }

    /// XDGPaths itself builds the paths, from stand-in homes replaced by their names afterwards.
    public static var filesByVariable: Files {
        files(XDGPaths(environment: ["XDG_CONFIG_HOME": "/XDG_CONFIG_HOME", "XDG_STATE_HOME": "/XDG_STATE_HOME"],
                       fallbackHome: nil),
              replacing: ["/XDG_CONFIG_HOME": "$XDG_CONFIG_HOME", "/XDG_STATE_HOME": "$XDG_STATE_HOME"])
    }

    public static var filesByDefault: Files {
        files(XDGPaths(environment: ["HOME": "/HOME"], fallbackHome: nil), replacing: ["/HOME": "~"])
    }

    private static func files(_ paths: XDGPaths, replacing standIns: [String: String]) -> Files {
        func named(_ path: String?) -> String {
            guard let path else { return "" }
            for (standIn, name) in standIns where path.hasPrefix(standIn + "/") {
                return name + path.dropFirst(standIn.count)
            }
            return path
        }
        return Files(themes: named(paths.themesFile), scores: named(paths.scoresFile), settings: named(paths.settingsFile))
    }
}
