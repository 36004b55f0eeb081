/// Records whatever another screen shows as an asciicast v2 file (`--record FILE`).
///
/// Every frame goes to `base` (the live NcursesScreen, or the HeadlessScreen of `--headless`) and
/// is also painted, by the same NcursesPainter, into an off-screen ncurses terminal of the same
/// size (NcursesCapture); the bytes ncurses sends it become one "o" event, stamped with the app's
/// Clock (virtual when headless, so a headless recording is the same on every run). A new size
/// adds an "r" event and a full repaint; restore() adds what endwin sends. Nothing here writes an
/// escape sequence of its own.
public final class RecordingScreen<Base: Screen>: Screen {
    public let base: Base
    private let writer: AsciicastWriter
    private let clock: Clock
    private let start: Double
    private let capture: NcursesCapture
    private var recordedSize: Size
    /// True until restore().
    public private(set) var isRecording = true

    /// Fails before anything starts when the recording's terminal type is missing from terminfo.
    public static func checkCanRecord() throws {
        try NcursesCapture.check()
    }

    /// Writes the header at once (size = `base.size`). `timestamp`: Unix seconds for the header,
    /// or nil to leave it out.
    public init(base: Base, writer: AsciicastWriter, clock: Clock, colorMode: ColorMode, timestamp: Int?) throws {
        self.base = base
        self.writer = writer
        self.clock = clock
        start = clock.now
        capture = try NcursesCapture(colorMode: colorMode)
        recordedSize = base.size
        writer.writeHeader(size: recordedSize, timestamp: timestamp, term: capture.term)
    }

    deinit { restore() }

    public var size: Size { base.size }

    public func present(_ canvas: Canvas) { present(canvas, damage: .everything) }

    public func present(_ canvas: Canvas, damage: Damage) {
        _ = present(canvas, damage: damage, countingBytes: false)
    }

    /// The bytes the live terminal was sent (the inspector's figure), as `base` counts them: the
    /// recording's own copy is not what the player's terminal received.
    public func presentCountingBytes(_ canvas: Canvas, damage: Damage) -> Int? {
        present(canvas, damage: damage, countingBytes: true)
    }

    private func present(_ canvas: Canvas, damage: Damage, countingBytes: Bool) -> Int? {
        func presentLive() -> Int? {
            guard countingBytes else {
                base.present(canvas, damage: damage)
                return nil
            }
            return base.presentCountingBytes(canvas, damage: damage)
        }
        guard isRecording else { return presentLive() }
        // The off-screen terminal draws first, at the size the live one has now. Resizing it can
        // clip the live screen's windows (ncurses shares them between screens), so the live frame
        // that follows then repaints everything, as it does after its own resize anyway.
        let size = base.size
        let frame = capture.paint(canvas, size: size, damage: damage)
        if frame?.resized == true, let live = base as? NcursesScreen { live.invalidateAfterResize() }
        let bytes = presentLive()
        guard let frame else { return bytes }
        let time = clock.now - start
        if size != recordedSize {
            writer.resize(size, at: time)
            recordedSize = size
        }
        writer.output(frame.bytes, at: time)
        return bytes
    }

    public func nextEvent(timeout: Double?) -> Event? {
        base.nextEvent(timeout: timeout)
    }

    /// The recording's clock is the app's, paused while stopped: the cast shows no gap.
    public func suspend() { base.suspend() }

    /// Ends the recording (endwin's bytes), then restores `base`, then frees the off-screen
    /// terminal: in that order, because the live screen's teardown frees the windows of both.
    public func restore() {
        guard isRecording else { return }
        isRecording = false
        writer.output(capture.finish(), at: clock.now - start)
        base.restore()
        capture.close()
        writer.close()
    }

    /// The recording file.
    public var path: String { writer.path }
    /// Why the file is incomplete, if a write failed (disk full…).
    public var writeError: String? { writer.writeError }
}

/// A recording of a virtual terminal can be resized by a key script, like the terminal itself;
/// a recording of a live one cannot.
extension RecordingScreen: ResizableScreen where Base: ResizableScreen {
    public func resize(to size: Size) { base.resize(to: size) }
}
