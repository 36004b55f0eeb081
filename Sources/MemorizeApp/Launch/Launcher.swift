import Primitives
#if canImport(Glibc)
import Glibc
#endif
import Memorize
import MemorizeStore
import TerminalUI

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
        let environment = ProcessEnvironment.variables(named: XDGPaths.variableNames + ["NO_COLOR"])
        if !(environment["NO_COLOR"] ?? "").isEmpty { options.monochrome = true }
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
        let stores = options.headless ? (InMemoryScores() as ScoreRecording, InMemoryThemes() as UserThemeStoring)
            : ((ScoreBook(environment: environment) ?? InMemoryScores()) as ScoreRecording,
               (UserThemeStore(environment: environment, validator: .terminal) ?? InMemoryThemes()) as UserThemeStoring)
        var theme: Theme?
        if let name = options.themeName ?? script?.theme {
            let playable = themes + stores.1.themes
            guard let found = playable.named(name) else {
                throw Failure(description: "memorize-tui: unknown theme \"\(name)\" (themes: \(playable.map(\.name).joined(separator: ", ")))", exitCode: 2)
            }
            theme = found
        }
        let seed = options.seed ?? script?.seed ?? UInt64.random(in: 0...UInt64.max)
        options.adoptMode(of: script)

        if options.headless, let script {
            return try runHeadless(options, script: script, themes: themes, theme: theme, seed: seed)
        }
        return try runLive(options, script: script, themes: themes, theme: theme, seed: seed,
                           scores: stores.0, userThemes: stores.1)
    }

    static func makeView(_ options: AppOptions, clock: Clock, size: Size,
                         themes: [Theme], theme: Theme?, seed: UInt64,
                         scores: ScoreRecording = InMemoryScores(),
                         userThemes: UserThemeStoring = InMemoryThemes()) -> EmojiMemoryGameView {
        // App time, which the inspector can pause: the model's bonus clock and the Animator read
        // it; the run loop keeps `clock` itself, so frames, input and key scripts go on meanwhile.
        let appClock = FreezableClock(base: clock)
        let gameClock = GameClock { [appClock] in appClock.now }
        let game = EmojiMemoryGame(themes: themes, theme: theme, seed: seed, clock: gameClock,
                                   mode: options.mode ?? .solo, names: options.names ?? [])
        game.setUserThemes(userThemes.themes)
        let animator = Animator(clock: appClock)
        animator.reducedMotion = options.reducedMotion
        return EmojiMemoryGameView(game: game, animator: animator, clock: appClock, size: size, options: options,
                                   scores: scores, userThemes: userThemes, timeControl: appClock)
    }

    private static func runHeadless(_ options: AppOptions, script: KeyScript, themes: [Theme],
                                    theme: Theme?, seed: UInt64) throws -> Int32 {
        let pictures = try options.snapshotDirectory.map { try SnapshotPictures(directory: $0) }
        let writer = try openRecording(options)
        var recording: RecordingScreen<HeadlessScreen>?
        var outputFailure: Failure?
        do {
            defer { if let recording, !finishRecording(recording), outputFailure == nil {
                outputFailure = Failure(description: "", exitCode: 2)
            } }
            try HeadlessSession.runCanvases(script: script, options: options, themes: themes, theme: theme, seed: seed,
                                            screen: { headless, clock in
                guard let writer else { return headless }
                do {
                    recording = try RecordingScreen(base: headless, writer: writer, clock: clock,
                                                    colorMode: options.monochrome ? .monochrome : .auto,
                                                    timestamp: sourceDateEpoch())
                } catch {
                    throw Failure(description: describe(error), exitCode: 2)
                }
                return recording!
            }) { name, canvas in
                // After a failed write, later snapshots would be lost too: stop trying.
                guard outputFailure == nil else { return }
                do {
                    try printOutput(SnapshotFormat.render(name: name, canvas: canvas))
                } catch let failure as Failure {
                    outputFailure = failure
                } catch {}
                pictures?.write(name: name, canvas: canvas)
            }
        } catch let failure as RunLoop.ScriptFailure {
            throw Failure(description: failure.description, exitCode: 1, detail: failure.screen)
        }
        if let outputFailure { throw outputFailure }
        if let error = pictures?.firstError { throw Failure(description: error, exitCode: 2) }
        return 0
    }

    /// The chooser comes first when the player asked for it in settings.json and neither
    /// `--theme` nor a key script decided the game already.
    static func opensChooserAtStart(_ options: AppOptions, script: KeyScript?, settings: UserSettings) -> Bool {
        settings.themeChooserAtStart && options.themeName == nil && script == nil
    }

    /// `--record FILE`: checks that a recording can be made and creates the file, before any
    /// screen starts, so a bad path is one clear line and exit 2.
    private static func openRecording(_ options: AppOptions) throws -> AsciicastWriter? {
        guard let path = options.recordPath else { return nil }
        do {
            try RecordingScreen<HeadlessScreen>.checkCanRecord()
            return try AsciicastWriter(path: path)
        } catch {
            throw Failure(description: describe(error), exitCode: 2)
        }
    }

    /// Restores the screen (which ends the recording) and reports a recording cut short; false
    /// then, so the run ends with a failure status (output was lost).
    @discardableResult
    private static func finishRecording<Base>(_ screen: RecordingScreen<Base>) -> Bool {
        screen.restore()
        guard let error = screen.writeError else { return true }
        printError("memorize-tui: the recording \(screen.path) is incomplete: \(error)")
        return false
    }

    /// SOURCE_DATE_EPOCH (reproducible builds' convention) as the header timestamp of a headless
    /// recording; without it the optional timestamp is left out, so the file is the same every run.
    private static func sourceDateEpoch() -> Int? {
        getenv("SOURCE_DATE_EPOCH").flatMap { Int(String(cString: $0)) }
    }

    private static func runLive(_ options: AppOptions, script: KeyScript?, themes: [Theme],
                                theme: Theme?, seed: UInt64, scores: ScoreRecording,
                                userThemes: UserThemeStoring) throws -> Int32 {
        let clock = SystemClock()
        let live: NcursesScreen
        var writer: AsciicastWriter?
        do {
            // The recording is checked without side effects, the terminal checked and started
            // (NcursesScreen does both, once), and only then the recording file created.
            if let path = options.recordPath {
                try RecordingScreen<HeadlessScreen>.checkCanRecord()
                try AsciicastWriter.check(path: path)
            }
            live = try NcursesScreen(colorMode: options.monochrome ? .monochrome : .auto)
            do {
                writer = try openRecording(options)
            } catch {
                live.restore()
                throw error
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: describe(error), exitCode: 2)
        }
        let screen: Screen
        var recording: RecordingScreen<NcursesScreen>?
        if let writer {
            do {
                recording = try RecordingScreen(base: live, writer: writer, clock: clock, colorMode: live.colorMode,
                                                timestamp: Int(time(nil)))
            } catch {
                live.restore()
                throw Failure(description: describe(error), exitCode: 2)
            }
            screen = recording!
        } else {
            screen = live
        }
        var restored = false
        var recordingComplete = true
        func restore() {
            guard !restored else { return }
            restored = true
            if let recording { recordingComplete = finishRecording(recording) } else { screen.restore() }
        }
        defer { restore() }
        let view = makeView(options, clock: clock, size: screen.size, themes: themes, theme: theme, seed: seed,
                            scores: scores, userThemes: userThemes)
        let settings = UserSettings.load()
        // Warnings found while the screen is up are held here, in memory (no temp file needed),
        // and printed once the terminal is back: a corrupt scores file moved aside, bad settings,
        // a save that failed.
        var notes = ExitNotes()
        notes.add(scores.warning)
        notes.add(userThemes.warning)
        let application = MemorizeApplication(view: view)
        // Live, the inspector shows each frame's real cost; headless runs leave it "—" (virtual time).
        application.runLoopStats?.measuresCost = true
        if opensChooserAtStart(options, script: script, settings: settings) {
            application.router.showChooser(message: settings.warning)
        }
        notes.add(settings.warning)
        defer {
            restore()                       // first: the notes are for the normal screen
            notes.add(scores.warning)
            notes.add(userThemes.warning)
            for note in notes.lines { printError("memorize-tui: \(note)") }
        }
        var snapshots: [String] = []
        let loop = RunLoop(screen: screen, clock: clock, content: application, fps: options.fps,
                           script: script, endsWithScript: false) { name, canvas in
            snapshots.append(SnapshotFormat.render(name: name, canvas: canvas))
        }
        let code: Int32
        do {
            code = try loop.run()
        } catch let failure as RunLoop.ScriptFailure {
            restore()
            throw Failure(description: failure.description, exitCode: 1, detail: failure.screen)
        }
        restore()
        // Snapshots taken live are printed once the terminal is back to normal.
        for snapshot in snapshots { try printOutput(snapshot) }
        return recordingComplete || code != 0 ? code : 2
    }

    /// Warnings to repeat on stderr when a live game ends, each once, in the order they arose.
    struct ExitNotes {
        private(set) var lines: [String] = []
        mutating func add(_ note: String?) {
            guard let note, !note.isEmpty, !lines.contains(note) else { return }
            lines.append(note)
        }
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

/// `--snapshot-dir DIR`: every headless `snapshot NAME` also becomes the picture DIR/NAME.svg
/// (CanvasSVG), which is how the README's screenshot is made. The directory is created if need be
/// and checked before the game starts, so a bad one is one clear line and exit 2.
final class SnapshotPictures {
    let directory: String
    /// The first write that failed, as the line to print; later snapshots are not attempted.
    private(set) var firstError: String?

    init(directory: String) throws {
        self.directory = directory
        if let reason = Self.prepare(directory) {
            throw Launcher.Failure(description: "memorize-tui: cannot use --snapshot-dir \(directory): \(reason)", exitCode: 2)
        }
    }

    func path(for name: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name + ".svg"
    }

    /// Writes the picture through a temporary file and a rename, so a reader never sees half of one.
    func write(name: String, canvas: Canvas) {
        guard firstError == nil else { return }
        let target = path(for: name)
        let temporary = target + ".tmp"
        if let reason = Self.writeFile(temporary, Array(CanvasSVG.render(canvas).utf8)) {
            _ = unlink(temporary)
            firstError = "memorize-tui: cannot write the snapshot \(target): \(reason)"
        } else if rename(temporary, target) != 0 {
            let reason = Self.lastError()
            _ = unlink(temporary)
            firstError = "memorize-tui: cannot write the snapshot \(target): \(reason)"
        }
    }

    /// Nil when `path` is (now) a writable directory; otherwise why not.
    static func prepare(_ path: String) -> String? {
        guard !path.isEmpty else { return "no directory named" }
        // Create each missing component, as `mkdir -p` does.
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return lastError() }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return lastError() }
        guard info.st_mode & S_IFMT == S_IFDIR else { return String(cString: strerror(ENOTDIR)) }
        guard access(path, W_OK | X_OK) == 0 else { return "not writable (\(lastError()))" }
        return nil
    }

    private static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return lastError() }
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = lastError()
                _ = close(fd)
                return reason
            }
            done += n
        }
        guard close(fd) == 0 else { return lastError() }
        return nil
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// How a snapshot is printed: a header line naming it, then the screen as plain text.
public enum SnapshotFormat {
    public static func render(name: String, canvas: Canvas) -> String {
        "--- snapshot \(SafeText.neutralised(name)) \(canvas.size) ---\n\(canvas.plainText)\n"
    }
}
