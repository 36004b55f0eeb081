import Primitives
#if canImport(Glibc)
import Glibc
#endif
import Memorize
import MemorizeStore
import TerminalUI
import ThemeFormat

/// Starts the game from parsed options: builds the clock, screen, view model and run loop, and
/// turns every failure into one clear line and an exit code (0 quit, 1 expect failed, 2 usage or
/// environment error).
public enum Launcher {
    public struct Failure: Error, CustomStringConvertible {
        /// One line: whatever it quotes from outside is shown on that line (printError).
        public var description: String
        public var exitCode: Int32
        /// Lines the program laid out itself, printed below (the screen when an `expect` failed).
        public var detail: String?

        public init(description: String, exitCode: Int32, detail: String? = nil) {
            self.description = description
            self.exitCode = exitCode
            self.detail = detail
        }
    }

    public static func run(_ options: AppOptions) -> Int32 {
        do {
            return try start(options)
        } catch let failure as Failure {
            if !failure.description.isEmpty { printError(failure.description, detail: failure.detail) }
            return failure.exitCode
        } catch {
            printError("memorize-tui: \(describe(error))")
            return 2
        }
    }

    /// What a failed write to stdout becomes: one line and exit 2, or, when the reader went away
    /// (`| head`), a quiet end with the status a SIGPIPE death would give, as `cat` ends.
    static func failure(writing error: StandardStream.WriteFailure) -> Failure {
        error.isBrokenPipe ? Failure(description: "", exitCode: 128 + SIGPIPE)
            : Failure(description: "memorize-tui: \(error)", exitCode: 2)
    }

    /// Prints to stdout (neutralised); a write that fails is a Failure.
    static func printOutput(_ text: String, asciiOnly: Bool = false) throws {
        do {
            try StandardStream.output.write(text, asciiOnly: asciiOnly)
        } catch let error as StandardStream.WriteFailure {
            throw failure(writing: error)
        }
    }

    public static func builtInThemes() -> [Theme] { ThemeLibrary.builtIn() }

    /// The name every message starts with (the toolkit's errors are told it here).
    static let program = "memorize-tui"

    /// An error as one line for stderr.
    static func describe(_ error: Error) -> String {
        (error as? ProgramError)?.message(program: program) ?? "\(error)"
    }

    private static func start(_ options: AppOptions) throws -> Int32 {
        var options = options
        // no-color.org: any non-empty NO_COLOR means no colour, as --no-color does.
        // Only the few it needs, read once.
        let environment = ProcessEnvironment.variables(named: XDGPaths.variableNames + ["NO_COLOR", "TERM"])
        if !(environment["NO_COLOR"] ?? "").isEmpty { options.monochrome = true }
        // A headless run has no terminal: its frames are the same whatever TERM says.
        if !options.headless { options.blockGlyphsMissing = !TerminalEnvironment.drawsEighthBlocks(term: environment["TERM"]) }
        let themes = builtInThemes()
        var script: KeyScript?
        if let path = options.scriptPath {
            do { script = try KeyScript.loadGame(path: path) } catch { throw Failure(description: describe(error), exitCode: 2) }
        }
        // Flag combinations (--headless needs --script, --snapshot-dir and --size need --headless)
        // are the command line's to check, once, in MemorizeCommand.validate.
        if let requested = options.requestedSize, let scripted = script?.size, requested != scripted {
            throw Failure(description: "memorize-tui: --size \(requested) disagrees with `size \(scripted)` in \(script!.source): give one, or make them agree", exitCode: 2)
        }
        // Live games keep best scores and the player's themes on disk; headless runs are hermetic.
        // A played-back run (--play-record) is someone else's game: not the viewer's best.
        let stores = options.headless || options.playRecordPath != nil ? (InMemoryScores() as ScoreRecording, InMemoryThemes() as UserThemeStoring)
            : ((ScoreBook(environment: environment) ?? InMemoryScores()) as ScoreRecording,
               (UserThemeStore(environment: environment, validator: .terminal) ?? InMemoryThemes()) as UserThemeStoring)
        // --theme wins over the script's `theme`; an unknown name is exit 2 either way, the
        // script's naming its file and line as every other error in a script does.
        var theme: Theme?
        let playable = themes + stores.1.themes
        if let name = options.themeName {
            guard let found = playable.named(name) else {
                throw Failure(description: "memorize-tui: " + KeyScript.unknownTheme(name, among: playable), exitCode: 2)
            }
            theme = found
        } else if let script {
            do { theme = try script.theme(in: playable) } catch { throw Failure(description: describe(error), exitCode: 2) }
        }
        let seed = options.seed ?? script?.seed ?? UInt64.random(in: 0...UInt64.max)
        options.adoptMode(of: script)

        if options.headless, let script {
            return try runHeadless(options, script: script, themes: themes, theme: theme, seed: seed)
        }
        return try runLive(options, script: script, themes: themes, theme: theme, seed: seed,
                           scores: stores.0, userThemes: stores.1)
    }

    static func makeView(_ options: AppOptions, clock: TimeSource, size: Size,
                         themes: [Theme], theme: Theme?, seed: UInt64,
                         scores: ScoreRecording = InMemoryScores(),
                         userThemes: UserThemeStoring = InMemoryThemes()) -> GamePage {
        // App time, which the inspector can pause: the model's bonus clock and the Animator read
        // it; the run loop keeps `clock` itself, so frames, input and key scripts go on meanwhile.
        let appClock = FreezableClock(base: clock)
        let gameClock = GameClock { [appClock] in appClock.now }
        let game = EmojiMemoryGame(themes: themes, theme: theme, seed: seed, clock: gameClock,
                                   mode: options.mode ?? .solo, names: options.names ?? [])
        game.setUserThemes(userThemes.themes)
        let animator = Animator(clock: appClock)
        animator.reducedMotion = options.reducedMotion
        return GamePage(game: game, animator: animator, clock: appClock, size: size, options: options,
                                   scores: scores, userThemes: userThemes, timeControl: appClock)
    }

    /// The chooser comes first when the player asked for it in settings.json and neither
    /// `--theme` nor a key script decided the game already.
    static func opensChooserAtStart(_ options: AppOptions, script: KeyScript?, settings: UserSettings) -> Bool {
        settings.themeChooserAtStart && options.themeName == nil && script == nil
    }

    /// One message on stderr as one line, neutralised (it may quote a file name, a theme name,
    /// TERM or a key-script line, any of which may hold controls or a newline), then `detail`.
    /// False when stderr would not take it (there is nowhere left to say so; the caller may let
    /// the exit status tell).
    @discardableResult
    static func printError(_ message: String, detail: String? = nil, asciiOnly: Bool = false) -> Bool {
        (try? StandardStream.error.writeLine(message, detail: detail, asciiOnly: asciiOnly)) != nil
    }
}
