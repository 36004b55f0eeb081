import Foundation
import MemorizeStore
import Testing
import Memorize
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

/// "Save, reload from disk, play it" as golden screens: two headless runs sharing a themes file,
/// each with a store made fresh from that file (what quitting and starting again does).
/// `Golden/Stores/*.keys` need a store, so they run here rather than in GoldenScreenTests.
@Suite struct ThemeStoreGoldenTests {
    static let directory = GoldenScreenTests.directory.appendingPathComponent("Stores")

    private func run(_ name: String, store: UserThemeStoring) throws -> String {
        let scriptURL = Self.directory.appendingPathComponent(name + ".keys")
        let goldenURL = Self.directory.appendingPathComponent(name + ".golden")
        let actual = try ScriptedSession.run(KeyScript.loadGame(path: scriptURL.path), userThemes: store).text
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try actual.write(to: goldenURL, atomically: true, encoding: .utf8)
        } else {
            let expected = try String(contentsOf: goldenURL, encoding: .utf8)
            if actual != expected {
                Issue.record(Comment(rawValue: "\(name) differs (UPDATE_GOLDEN=1 rewrites it):\n" + GoldenDiff.describe(expected: expected, actual: actual)))
            }
        }
        return actual
    }

    @Test func saveReloadFromDiskAndPlay() throws {
        let first = FileThemes.temporary()
        _ = try run("reload-1-add", store: first)

        // What is on disk is a theme file like assets/themes.json, and a playable theme.
        let saved = try ThemeLibrary.decode(Data(contentsOf: first.url), source: first.url.path)
        #expect(saved.map(\.name) == ["Spooky"])
        #expect(saved.first?.emoji == ["👻", "🎃", "🦇", "💀"])
        #expect(saved.first?.pairs == 3)
        #expect(saved.first?.color == NamedColor.choices[4].color)
        #expect(saved.allSatisfy { ThemeValidator.terminal.problems(of: $0).map(\.description).isEmpty })

        let second = FileThemes(url: first.url)
        #expect(second.themes == saved)
        let output = try run("reload-2-play", store: second)
        #expect(output.components(separatedBy: "--- snapshot playing")[1].contains(" Spooky "))
    }

    @Test func scriptsAndGoldensArePaired() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        let scripts = names.filter { $0.hasSuffix(".keys") }.sorted()
        #expect(scripts == ["reload-1-add.keys", "reload-2-play.keys"])
        for script in scripts { #expect(names.contains(script.replacingOccurrences(of: ".keys", with: ".golden"))) }
    }
}
