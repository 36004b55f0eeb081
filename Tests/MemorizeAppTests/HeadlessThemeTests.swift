import Memorize
import MemorizeApp
import MemorizeStore
import TerminalUI
import Testing
import ThemeFormat

/// A key script's `theme NAME` that names no theme is the script's error at its line, in the
/// headless session as in the command (it used to play a random theme there, silently).
@Suite struct HeadlessThemeTests {
    static let body = "seed 7\ntheme Nope\nkey d\nsnapshot dealt\n"

    @Test func unknownThemeSettingFailsAtItsLine() throws {
        let script = try KeyScript.parseGame("size 80x24\n" + Self.body, source: "nope.keys")
        var printed = ""
        do {
            try HeadlessSession.run(script: script) { printed += $0 }
            Issue.record("an unknown theme played: \(printed.prefix(200))")
        } catch let error as KeyScriptError {
            #expect(error.file == "nope.keys")
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("nope.keys:3: unknown theme \"Nope\" (themes: Halloween, "), "\(error)")
        }
        #expect(printed.isEmpty, "nothing is played before the error")
    }

    @Test func userThemesAreNamesToo() throws {
        let mine = Theme(name: "Nope", emoji: ["🍎", "🍐", "🍊", "🍋"], pairs: 4, color: RGBColor(red: 200, green: 40, blue: 40))
        let script = try KeyScript.parseGame("size 80x24\n" + Self.body, source: "mine.keys")
        var printed = ""
        try HeadlessSession.run(script: script, userThemes: InMemoryThemes([mine])) { printed += $0 }
        #expect(printed.contains("Nope"), "the user's theme is played: \(printed.prefix(400))")
    }

    @Test func anExplicitThemeWinsOverTheScripts() throws {
        let script = try KeyScript.parseGame("size 80x24\n" + Self.body, source: "nope.keys")
        let halloween = try #require(ThemeLibrary.builtIn().named("Halloween"))
        var printed = ""
        try HeadlessSession.run(script: script, theme: halloween) { printed += $0 }
        #expect(printed.contains("Halloween"))
    }
}
