/// Records whatever another screen shows as an asciicast v2 file (`--record FILE`).
///
/// Every frame goes to `base` (the live NcursesScreen, or the HeadlessScreen of `--headless`) and
/// is also painted, by the same NcursesPainter, into an off-screen ncurses terminal of the same
/// size (NcursesCapture); the bytes ncurses sends it become one "o" event, stamped with the app's
/// TimeSource (virtual when headless, so a headless recording is the same on every run). A new size
/// adds an "r" event and a full repaint; restore() adds what endwin sends. Nothing here writes an
/// escape sequence of its own.
public final class RecordingScreen<Base: Screen>: Screen {
    public let base: Base
    private let writer: AsciicastWriter
    private let clock: TimeSource
    private let start: Double
    private let capture: NcursesCapture
    private var recordedSize: Size
    /// True until restore().
    public private(set) var isRecording = true
    /// When a failed write was first seen (app clock): a one-line notice on screen says so at
    /// once and for `noticeSeconds`, over the top row; play goes on, the file keeps what it has.
    private var failureNoticedAt: Double?
    static var noticeSeconds: Double { 6 }

    /// Fails before anything starts when the recording's terminal type is missing from terminfo.
    public static func checkCanRecord() throws {
        try NcursesCapture.check()
    }

    /// Writes the header at once (size = `base.size`). `timestamp`: Unix seconds for the header,
    /// or nil to leave it out.
    public init(base: Base, writer: AsciicastWriter, clock: TimeSource, colorMode: ColorMode, timestamp: Int?) throws {
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

    public func present(_ canvas: Canvas) {
        _ = present(canvas, countingBytes: false)
    }

    /// The bytes the live terminal was sent (the inspector's figure), as `base` counts them: the
    /// recording's own copy is not what the player's terminal received.
    public func presentCountingBytes(_ canvas: Canvas) -> Int? {
        present(canvas, countingBytes: true)
    }

    private func present(_ canvas: Canvas, countingBytes: Bool) -> Int? {
        func presentLive(_ canvas: Canvas) -> Int? {
            let shown = withFailureNotice(canvas)
            guard countingBytes else {
                base.present(shown)
                return nil
            }
            return base.presentCountingBytes(shown)
        }
        guard isRecording, writer.writeError == nil else { return presentLive(canvas) }
        // The off-screen terminal draws first, at the size the live one has now. Resizing it can
        // clip the live screen's windows (ncurses shares them between screens), so the live frame
        // that follows then repaints everything, as it does after its own resize anyway.
        let size = base.size
        let frame = capture.paint(canvas, size: size)
        if frame?.resized == true, let live = base as? NcursesScreen { live.invalidateAfterResize() }
        var bytes = presentLive(canvas)
        guard let frame else { return bytes }
        let time = clock.now - start
        if size != recordedSize {
            writer.resize(size, at: time)
            recordedSize = size
        }
        writer.output(frame.bytes, at: time)
        // Said at once, not only at quit: the frame just drawn again, with the notice (the
        // screen's diff sends only the top row).
        if writer.writeError != nil { bytes = presentLive(canvas) }
        return bytes
    }

    /// `canvas` with the recording's failure over its top row while the notice lasts. A frame
    /// like any other: when the notice goes, the next frame's top row is the app's again, and the
    /// screen's diff against what the terminal shows puts it back.
    private func withFailureNotice(_ canvas: Canvas) -> Canvas {
        // Live only: a headless run reports it at the end, and its frames stay reproducible.
        guard let error = writer.writeError, base is NcursesScreen else { return canvas }
        let now = clock.now
        if failureNoticedAt == nil { failureNoticedAt = now }
        guard now - failureNoticedAt! < Self.noticeSeconds else { return canvas }
        var shown = canvas
        let style = Style(bold: true, reverse: true)
        shown.fill(Rect(x: 0, y: 0, width: canvas.size.width, height: 1), with: " ", style: style)
        _ = shown.put(SafeText.neutralised("Recording stopped: \(error). \(path) keeps what was written; play goes on."),
                      x: 0, y: 0, style: style)
        return shown
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
