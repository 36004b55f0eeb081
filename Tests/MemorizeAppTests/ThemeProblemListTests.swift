import Foundation
import Memorize
import MemorizeStore
import Testing
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

/// The player's theme problems: said once at start, every one listed in the chooser (`p`).
@Suite struct ThemeProblemListTests {
    /// Line 3: a built-in's name; line 4: an invisible emoji; line 5: one pair; line 6: fine.
    static let themes = """
    {"themes": [
      {"name": "Spooky", "emoji": ["👻", "🎃", "🦇"], "pairs": 3, "color": "#ff8c00"},
      {"name": "Halloween", "emoji": ["👻", "🎃"], "pairs": 2, "color": "#ff8c00"},
      {"name": "Blank", "emoji": ["👻", "\u{200B}"], "pairs": 2, "color": "#c08040"},
      {"name": "Lonely", "emoji": ["🐶"], "pairs": 1, "color": "#c08040"},
      {"name": "Fine", "emoji": ["🚗", "🚕"], "pairs": 2, "color": "#e03c31"}
    ]}
    """

    final class Directory {
        let path = NSTemporaryDirectory() + "memorize-problems-" + UUID().uuidString
        init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    private func store(_ directory: Directory, _ text: String = ThemeProblemListTests.themes) throws -> UserThemeStore {
        let path = directory.path + "/themes.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return UserThemeStore(path: path, validator: .terminal)
    }

    @Test func everyProblemIsListedInFileOrder() throws {
        let directory = Directory()
        let store = try store(directory)
        let list = ThemeProblemList(userThemes: store, builtIn: ThemeLibrary.builtIn())
        #expect(list.entries.map(\.theme) == ["Halloween", "Blank", "Lonely"])
        #expect(list.entries.map(\.line) == [3, 4, 5])
        #expect(list.entries[0].reason.contains("a built-in theme is called \"Halloween\""))
        #expect(list.entries[1].reason.contains("\"<U+200B>\""))
        #expect(list.startNotice == "3 of your themes could not be loaded: see t")
    }

    @Test func theGameSaysSoOnceAtStartUntilTheFirstDeal() throws {
        let directory = Directory()
        let h = ThemeHarness(userThemes: try store(directory))
        #expect(h.text.contains("3 of your themes could not be loaded: see t"))
        h.press("d")
        h.advance(3)
        #expect(!h.text.contains("could not be loaded"))
        h.press("r")
        h.advance(3)
        #expect(!h.text.contains("could not be loaded"), "said once: not again after a restart")
    }

    @Test func noNoticeWhenEveryThemeLoads() throws {
        let directory = Directory()
        let fine = "{\"themes\": [{\"name\": \"Fine\", \"emoji\": [\"🚗\", \"🚕\"], \"pairs\": 2, \"color\": \"#e03c31\"}]}"
        let h = ThemeHarness(userThemes: try store(directory, fine))
        #expect(!h.text.contains("could not be loaded"))
        h.press("t")
        h.press("p")
        #expect(h.text.contains("All your themes loaded"))
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 50, height: 15)])
    func theChooserListsEveryProblemWithLineAndReason(size: Size) throws {
        let directory = Directory()
        let h = ThemeHarness(size: size, userThemes: try store(directory))
        h.press("t")
        #expect(h.text.contains("3 of your themes could not be loaded"))
        h.press("p")
        var seen = h.text
        for _ in 0..<30 {
            h.press("down")
            seen += h.text
        }
        for expected in ["line 3", "theme \"Halloween\"", "built-in", "line 4", "theme \"Blank\"",
                         "\"<U+200B>\"", "line 5", "theme \"Lonely\"", "pairs is 1", "themes.json"] {
            #expect(seen.contains(expected), "\(size.width)x\(size.height): '\(expected)' not listed")
        }
        h.press(.escape)
        #expect(!h.text.contains("line 3"))
        #expect(h.router.page == .chooser)
    }

    @Test func aUserThemeWithABuiltInsNameSaysWhyItCannotPlay() throws {
        let directory = Directory()
        let h = ThemeHarness(userThemes: try store(directory))
        h.press("t")
        let index = try #require(h.router.chooser.rows.firstIndex { !$0.isBuiltIn && $0.theme.name == "Halloween" })
        h.press("down", index - h.router.chooser.selection)
        h.press(.enter)
        #expect(h.text.contains("a built-in theme is called \"Halloween\""), "\(h.text)")
    }
}
