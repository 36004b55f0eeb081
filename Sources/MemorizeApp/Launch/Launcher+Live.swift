#if canImport(Glibc)
import Glibc
#endif
import Memorize
import MemorizeStore
import Primitives
import TerminalUI

/// A live game in the terminal: ncurses, the player's stores, an optional recording and key
/// script, and the warnings to repeat once the terminal is back.
extension Launcher {
    static func runLive(_ options: AppOptions, script: KeyScript?, themes: [Theme],
                                theme: Theme?, seed: UInt64, scores: ScoreRecording,
                                userThemes: UserThemeStoring) throws -> Int32 {
        let clock = SystemClock()
        // Read before the screen starts: it says which background the terminal has.
        let settings = UserSettings.load()
        let live: NcursesScreen
        var writer: AsciicastWriter?
        do {
            // The recording is checked without side effects, the terminal checked and started
            // (NcursesScreen does both, once), and only then the recording file created.
            if let path = options.recordPath {
                try RecordingScreen<HeadlessScreen>.checkCanRecord()
                try AsciicastWriter.check(path: path)
            }
            // The benchmark's trace of every cell painted (Benchmarks/README.md), off unless set.
            live = try NcursesScreen(colorMode: options.monochrome ? .monochrome : .auto, asciiOnly: options.ascii,
                                     paintTrace: ProcessEnvironment.variable("MEMORIZE_PAINT_TRACE"),
                                     background: backgroundChoice(options, settings: settings))
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
        // Warnings found while the screen is up are held here, in memory (no temp file needed),
        // and printed once the terminal is back: a corrupt scores file moved aside, bad settings,
        // a save that failed.
        var notes = ExitNotes()
        notes.add(scores.warning)
        notes.add(userThemes.warning)
        let application = MemorizeApplication(view: view)
        // Live, the inspector shows each frame's real cost; headless runs leave it "—" (virtual time).
        application.runLoopStats?.measuresCost = true
        // At a table: the table's log drives the model; its channel is polled with the terminal.
        let table = options.tableChannel.map { TableApplication(base: application, client: TableClient(descriptor: $0), clock: clock) }
        if let table { live.watchedDescriptor = table.client.descriptor }
        if table == nil, opensChooserAtStart(options, script: script, settings: settings) {
            application.router.showChooser(message: settings.warning)
        }
        notes.add(settings.warning)
        var notesPrinted = false
        /// Prints the notes once, on the normal screen; false when stderr would not take one (a
        /// lost message is a failed write: the run must not end 0).
        func printNotes() -> Bool {
            guard !notesPrinted else { return true }
            notesPrinted = true
            restore()                       // first: the notes are for the normal screen
            notes.add(scores.warning)
            notes.add(userThemes.warning)
            return notes.lines.allSatisfy { printError("memorize-tui: \($0)") }
        }
        defer { _ = printNotes() }          // the paths that throw
        var snapshots: [String] = []
        let loop = RunLoop(screen: screen, clock: clock, content: table ?? application as RunLoopContent, fps: options.fps,
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
        notes.add(table?.finalNote)
        // Snapshots taken live are printed once the terminal is back to normal.
        for snapshot in snapshots { try printOutput(snapshot) }
        let notesReached = printNotes()
        return (recordingComplete && notesReached) || code != 0 ? code : 2
    }

    /// `--background` wins over settings.json's "background"; neither: ask the terminal.
    static func backgroundChoice(_ options: AppOptions, settings: UserSettings) -> BackgroundChoice {
        options.background ?? settings.background ?? .auto
    }

    /// Warnings to repeat on stderr when a live game ends, each once, in the order they arose.
    struct ExitNotes {
        private(set) var lines: [String] = []
        mutating func add(_ note: String?) {
            guard let note, !note.isEmpty, !lines.contains(note) else { return }
            lines.append(note)
        }
    }
}
