import Memorize
import MemorizeStore
import TerminalUI
import ThemeFormat

/// A whole game with no terminal: a key script drives it on a virtual clock and every
/// `snapshot` is handed to `output` as text. `--headless` and the golden tests both use this,
/// so a test sees exactly what the command prints.
public enum HeadlessSession {
    /// Throws `RunLoop.ScriptFailure` when an `expect` fails, and a `KeyScriptError` at its line
    /// when the script's `theme NAME` names no theme in `themes` or the user's (unless `theme`
    /// was given, which wins as `--theme` does). `screen` may wrap the virtual
    /// terminal (`--record` puts a RecordingScreen around it); it is restored when the run ends.
    public static func run(script: KeyScript, options: AppOptions = AppOptions(), themes: [Theme]? = nil,
                           theme: Theme? = nil, seed: UInt64? = nil,
                           scores: ScoreRecording = InMemoryScores(), userThemes: UserThemeStoring = InMemoryThemes(),
                           screen decorate: (HeadlessScreen, TimeSource) throws -> Screen = { screen, _ in screen },
                           output: @escaping (String) -> Void) throws {
        try runCanvases(script: script, options: options, themes: themes, theme: theme, seed: seed,
                        scores: scores, userThemes: userThemes, screen: decorate) { name, canvas in
            output(SnapshotFormat.render(name: name, canvas: canvas))
        }
    }

    /// The same, handing each snapshot over as the Canvas itself (styles included) for tests.
    public static func runCanvases(script: KeyScript, options: AppOptions = AppOptions(), themes: [Theme]? = nil,
                                   theme: Theme? = nil, seed: UInt64? = nil,
                                   scores: ScoreRecording = InMemoryScores(),
                                   userThemes: UserThemeStoring = InMemoryThemes(),
                                   screen decorate: (HeadlessScreen, TimeSource) throws -> Screen = { screen, _ in screen },
                                   snapshot: @escaping (String, Canvas) -> Void) throws {
        let themes = themes ?? ThemeLibrary.builtIn()
        let theme = try theme ?? script.theme(in: themes + userThemes.themes)
        var options = options
        options.adoptMode(of: script)
        let clock = VirtualClock()
        let size = script.size ?? options.headlessSize
        let screen = try decorate(HeadlessScreen(size: size, clock: clock), clock)
        defer { screen.restore() }
        let view = Launcher.makeView(options, clock: clock, size: size, themes: themes, theme: theme,
                                     seed: seed ?? script.seed ?? 0, scores: scores, userThemes: userThemes)
        let loop = RunLoop(screen: screen, clock: clock, content: MemorizeApplication(view: view), fps: options.fps,
                           script: script, endsWithScript: true, emitSnapshot: snapshot)
        _ = try loop.run()
    }

    /// Convenience for tests: all snapshots as one string.
    public static func output(of script: KeyScript, options: AppOptions = AppOptions()) throws -> String {
        var text = ""
        try run(script: script, options: options) { text += $0 }
        return text
    }
}
