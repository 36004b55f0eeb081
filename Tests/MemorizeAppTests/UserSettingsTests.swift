import Testing
import MemorizeStore
import TerminalUI
@testable import MemorizeApp

@Suite struct UserSettingsTests {
    private func parse(_ text: String) -> UserSettings { UserSettings.parse(Array(text.utf8), source: "settings.json") }

    @Test func readsTheChooserSetting() {
        #expect(parse(#"{"themeChooserAtStart": true}"#).themeChooserAtStart)
        #expect(!parse(#"{"themeChooserAtStart": false, "somethingNewer": 3}"#).themeChooserAtStart)
        #expect(parse("{}") == UserSettings())
    }

    @Test func badFilesAreReportedWithTheirLineAndIgnored() {
        let syntax = parse("{\n  \"themeChooserAtStart\": tru\n}")
        #expect(!syntax.themeChooserAtStart)
        #expect(syntax.warning?.contains("settings.json:2:") == true, "\(syntax.warning ?? "")")
        let type = parse("{\n\n  \"themeChooserAtStart\": \"yes\"\n}")
        #expect(type.warning?.contains("settings.json:3:") == true && type.warning?.contains("true or false") == true,
                "\(type.warning ?? "")")
        #expect(parse("[true]").warning?.contains("expected an object") == true)
    }

    @Test func readsTheBackgroundAndTheFlagWins() {
        #expect(parse(#"{"background": "light"}"#).background == .light)
        #expect(parse(#"{"background": "auto"}"#).background == .auto)
        #expect(parse("{}").background == nil)
        let bad = parse("{\n  \"background\": \"blue\"\n}")
        #expect(bad.background == nil && bad.warning?.contains("settings.json:2:") == true
                && bad.warning?.contains(#"not "blue""#) == true, "\(bad.warning ?? "")")
        #expect(parse(#"{"background": 1}"#).warning?.contains("light") == true)
        var options = AppOptions()
        var settings = UserSettings()
        #expect(Launcher.backgroundChoice(options, settings: settings) == .auto)
        settings.background = .light
        #expect(Launcher.backgroundChoice(options, settings: settings) == .light)
        options.background = .dark
        #expect(Launcher.backgroundChoice(options, settings: settings) == .dark)
    }

    @Test func missingFileGivesDefaults() {
        #expect(UserSettings.load(path: "/nonexistent/memorize-tui/settings.json") == UserSettings())
    }

    @Test func chooserOpensOnlyWhenNothingElseChoseTheGame() throws {
        var options = AppOptions()
        let on = UserSettings(themeChooserAtStart: true)
        #expect(Launcher.opensChooserAtStart(options, script: nil, settings: on))
        #expect(!Launcher.opensChooserAtStart(options, script: nil, settings: UserSettings()))
        let script = try KeyScript.parseGame("key d\n", source: "s.keys")
        #expect(!Launcher.opensChooserAtStart(options, script: script, settings: on))
        options.themeName = "Halloween"
        #expect(!Launcher.opensChooserAtStart(options, script: nil, settings: on))
    }
}
