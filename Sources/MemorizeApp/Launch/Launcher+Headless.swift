#if canImport(Glibc)
import Glibc
#endif
import Memorize
import MemorizeStore
import Primitives
import TerminalUI

/// `--headless`: a key script plays the game on a virtual clock with no terminal, and each
/// `snapshot` is printed (and drawn as a picture with `--snapshot-dir`).
extension Launcher {
    static func runHeadless(_ options: AppOptions, script: KeyScript, themes: [Theme],
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
                                                    timestamp: ProcessEnvironment.sourceDateEpoch)
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

    /// `--record FILE`: checks that a recording can be made and creates the file, before any
    /// screen starts, so a bad path is one clear line and exit 2.
    static func openRecording(_ options: AppOptions) throws -> AsciicastWriter? {
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
    static func finishRecording<Base>(_ screen: RecordingScreen<Base>) -> Bool {
        screen.restore()
        guard let error = screen.writeError else { return true }
        printError("memorize-tui: the recording \(screen.path) is incomplete: \(error)")
        return false
    }
}
