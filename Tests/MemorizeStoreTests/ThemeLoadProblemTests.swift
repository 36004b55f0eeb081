import Foundation
import Memorize
import Testing
@testable import MemorizeStore

extension PersistenceTests {
    /// Every theme that could not be loaded is reported, with its line and reason, not only the first.
    @Suite struct ThemeLoadProblemTests {
        static let fileWithThreeBadThemes = """
        {"themes": [
          {"name": "Spooky", "emoji": ["👻", "🎃", "🦇"], "pairs": 3, "color": "#ff8c00"},
          {"name": "Lonely", "emoji": ["🐶"], "pairs": 1, "color": "#c08040"},
          {"name": "Blank", "emoji": ["👻", "\u{200B}"], "pairs": 2, "color": "#c08040"},
          {"name": "Fine", "emoji": ["🚗", "🚕"], "pairs": 2, "color": "#e03c31"},
          {"name": "Spooky", "emoji": ["🚗", "🚕"], "pairs": 2, "color": "#e03c31"}
        ]}
        """

        @Test func everyBadThemeIsReportedAtItsLine() throws {
            let dir = TemporaryDirectory()
            dir.write(Self.fileWithThreeBadThemes, to: "themes.json")
            let path = dir.file("themes.json")
            let store = UserThemeStore(path: path, validator: .forTests)
            #expect(store.themes.map(\.name) == ["Spooky", "Fine"])
            let problems = store.loadProblems
            #expect(problems.map(\.theme) == ["Lonely", "Blank", "Spooky"])
            #expect(problems.map(\.line) == [3, 4, 6])
            #expect(problems.allSatisfy { $0.path == path })
            #expect(problems[0].reason.contains("pairs is 1"))
            #expect(problems[1].reason.contains("\"<U+200B>\""), "\(problems[1].reason)")
            #expect(problems[2].reason.contains("same name"))
            // The warning names the first and counts the others.
            let warning = try #require(store.warning)
            #expect(warning.contains("theme \"Lonely\"") && warning.contains("(and 2 more themes that could not be loaded)"), "\(warning)")
            #expect(store.place(ofTheme: "Fine")?.line == 5)
        }

        @Test func aFileThatCannotBeReadIsOneProblemWithoutATheme() throws {
            let dir = TemporaryDirectory()
            dir.write("{\"themes\": [\n  {\"name\": \"A\",,}\n]}", to: "themes.json")
            let store = UserThemeStore(path: dir.file("themes.json"), validator: .forTests)
            #expect(store.loadProblems.count == 1)
            #expect(store.loadProblems.first?.theme == nil)
            #expect(store.loadProblems.first?.line == 2)
        }

        @Test func aGoodFileHasNoProblems() throws {
            let dir = TemporaryDirectory()
            dir.write("{\"themes\": [{\"name\": \"Fine\", \"emoji\": [\"🚗\", \"🚕\"], \"pairs\": 2, \"color\": \"#e03c31\"}]}", to: "themes.json")
            let store = UserThemeStore(path: dir.file("themes.json"), validator: .forTests)
            #expect(store.loadProblems.isEmpty && store.warning == nil)
        }
    }
}
