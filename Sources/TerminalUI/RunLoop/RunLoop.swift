/// What the run loop drives: an app that turns input into intents and draws itself.
public protocol RunLoopContent: AnyObject {
    /// Input from the keyboard, the mouse, the terminal or a key script: one path for all.
    func handle(_ event: Event)
    /// Draws the whole screen for `size` at the clock's current time. Pure: no state changes.
    /// Every frame is drawn whole; the screen compares it with what the terminal shows and sends
    /// only the cells that differ (the one place frames are compared).
    func render(in size: Size) -> Canvas
    /// Brings time-driven state up to date before a frame (e.g. a timer running out). Cheap.
    func tick()
    /// True while something on screen moves by itself: the loop then draws at `--fps`.
    var isAnimating: Bool { get }
    /// Set when the app wants to stop, with the process exit code.
    var exitCode: Int32? { get }
    /// One of the app's own key-script commands (the `ScriptCommand`s it gave the parser), as an
    /// action; returns an error message.
    func performScriptCommand(_ name: String, argument: String) -> String?
    /// When the screen next changes by itself although nothing animates (e.g. a countdown that
    /// ticks once a second under `--reduced-motion`); nil for never.
    var nextTimedChange: Double? { get }
    /// Where the run loop reports what it did (an inspector shows it); nil for nowhere.
    var runLoopStats: RunLoopStats? { get }
}

extension RunLoopContent {
    public var nextTimedChange: Double? { nil }
    public var runLoopStats: RunLoopStats? { nil }
}

/// The event loop: blocks in input with **no timeout** while nothing animates (zero wakeups),
/// and while something animates draws each frame on time, waiting for input until the next is
/// due. Frames are drawn whole into a Canvas; the Screen sends only the cells that changed.
public final class RunLoop {
    public struct ScriptFailure: Error, CustomStringConvertible {
        /// One line (it quotes the script, so a printer shows it as one line).
        public var description: String
        /// The screen when an `expect` failed, as plain text.
        public var screen: String?
    }

    private let screen: Screen
    private let clock: TimeSource
    private let content: RunLoopContent
    private let frameInterval: Double
    private let player: KeyScriptPlayer?
    private let scriptSource: String
    /// Headless runs end when the script does; live runs hand the app back to the user.
    private let endsWithScript: Bool
    /// Where snapshots go (stdout when headless).
    private let emitSnapshot: (String, Canvas) -> Void
    /// The content's stats, read once: filled only while enabled.
    private let stats: RunLoopStats?

    /// Bounds the input handled between two frames, so a flood cannot starve the screen.
    static let maximumEventsPerFrame = 256

    private var needsDisplay = true
    private var lastFrameTime = -Double.infinity
    /// Whether the last frame drawn was mid-animation: the frame after an animation ends must
    /// still be drawn, or the screen keeps the last in-between state until the next key.
    private var drewMidAnimation = false
    /// The `nextTimedChange` the last wait was bounded by. The app announces a change *ahead*
    /// (after its tick, the next one is always in the future), so the frame is owed once the
    /// announced time has passed, not when a fresh announcement is due.
    private var announcedChange: Double?

    public init(screen: Screen, clock: TimeSource, content: RunLoopContent, fps: Double,
                script: KeyScript? = nil, endsWithScript: Bool = false,
                emitSnapshot: @escaping (String, Canvas) -> Void = { _, _ in }) {
        self.screen = screen
        self.clock = clock
        self.content = content
        frameInterval = 1 / max(1, fps)
        player = script.map { KeyScriptPlayer(script: $0, startTime: clock.now) }
        scriptSource = script?.source ?? ""
        self.endsWithScript = endsWithScript
        self.emitSnapshot = emitSnapshot
        stats = content.runLoopStats
    }

    /// How long to wait for input: nil (block, no timer) when nothing animates and no script
    /// step is pending; otherwise until the next frame or script step, never negative.
    public static func waitTimeout(now: Double, isAnimating: Bool, lastFrameTime: Double,
                                   frameInterval: Double, nextScriptStep: Double?,
                                   nextTimedChange: Double? = nil) -> Double? {
        var deadline: Double? = isAnimating ? lastFrameTime + frameInterval : nil
        for time in [nextScriptStep, nextTimedChange].compactMap({ $0 }) { deadline = min(deadline ?? time, time) }
        return deadline.map { max(0, $0 - now) }
    }

    /// Runs until the app quits; returns the exit code. Throws when a script's `expect` fails.
    public func run() throws -> Int32 {
        while true {
            if let player { try performDueSteps(player) }
            if let code = content.exitCode { return code }
            if endsWithScript, player?.isFinished ?? true { return 0 }

            content.tick()
            let now = clock.now
            let animating = content.isAnimating
            let timedChange = content.nextTimedChange
            let changeDue = [announcedChange, timedChange].contains { $0.map { $0 <= now } ?? false }
            let drawsNow = needsDisplay || (animating && now - lastFrameTime >= frameInterval - 1e-6)
                || (!animating && drewMidAnimation) || changeDue
            if drawsNow {
                if let stats, stats.isEnabled {
                    stats.willDraw(idle: !animating && timedChange == nil)
                    drawMeasured(at: now, into: stats)
                } else {
                    draw(at: now)
                }
            }
            // Asked again after drawing: a view's `onAppear` runs while the frame is drawn and
            // may start an animation there (SwiftUI schedules the next frame for it too). A frame
            // begun mid-animation owes the next one even when the animation ended while it was
            // drawn: it may show an in-between state (under load, drawing takes a while).
            let animatesOn = drawsNow ? content.isAnimating : animating
            if drawsNow { drewMidAnimation = animating || animatesOn }
            announcedChange = content.nextTimedChange
            let timeout = Self.waitTimeout(now: clock.now, isAnimating: animatesOn || drewMidAnimation, lastFrameTime: lastFrameTime,
                                           frameInterval: frameInterval, nextScriptStep: player?.nextDueTime(),
                                           nextTimedChange: announcedChange)
            guard let event = screen.nextEvent(timeout: timeout) else { continue }
            if event == .terminate { return content.exitCode ?? 0 }
            if event == .suspend {
                suspend()
                continue
            }
            deliver(event)
            // Input already waiting is handled before the next frame: a paste or a key flood
            // costs one frame, not one per byte.
            var drained = 0
            while drained < Self.maximumEventsPerFrame, content.exitCode == nil,
                  let waiting = screen.nextEvent(timeout: 0) {
                if waiting == .terminate { return content.exitCode ?? 0 }
                if waiting == .suspend {
                    suspend()
                    break
                }
                deliver(waiting)
                drained += 1
            }
        }
    }

    private func draw(at time: Double) {
        screen.present(content.render(in: screen.size))
        frameDrawn(at: time)
    }

    private func frameDrawn(at time: Double) {
        // Keep the frame grid: a frame drawn a little late still counts from when it was due,
        // so wake-up latency does not pile up into a lower frame rate.
        let due = lastFrameTime + frameInterval
        lastFrameTime = (time >= due - 1e-6 && time - due < frameInterval) ? due : time
        needsDisplay = false
    }

    /// `draw(at:)` with the books kept (an inspector is open): cost on the real clock when
    /// asked for, bytes as the screen counts them. Only this path pays for measuring.
    private func drawMeasured(at time: Double, into stats: RunLoopStats) {
        let started = stats.measuresCost ? monotonicNow() : 0
        let canvas = content.render(in: screen.size)
        let bytes = screen.presentCountingBytes(canvas)
        let cost = stats.measuresCost ? monotonicNow() - started : nil
        frameDrawn(at: time)
        stats.didDraw(at: time, cost: cost, bytes: bytes)
    }

    /// Ctrl-Z: no time passes for the app while the process is stopped, and the whole screen
    /// is drawn again when it runs.
    private func suspend() {
        let pausable = clock as? PausableTimeSource
        pausable?.pause()
        let sizeBefore = screen.size
        screen.suspend()
        pausable?.resume()
        needsDisplay = true
        if screen.size != sizeBefore { deliver(.resize(screen.size)) }
    }

    private func deliver(_ event: Event) {
        content.handle(event)
        needsDisplay = true
    }

    private func performDueSteps(_ player: KeyScriptPlayer) throws {
        for step in player.dueSteps(at: clock.now) {
            switch step {
            case .event(let event, _):
                if case .resize(let size) = event {
                    // Only a virtual terminal can be resized by a script.
                    guard let resizable = screen as? ResizableScreen else { continue }
                    resizable.resize(to: size)
                }
                deliver(event)
            case .snapshot(let name, _):
                content.tick()
                emitSnapshot(name, content.render(in: screen.size))
            case .expect(let text, let line):
                content.tick()
                let canvas = content.render(in: screen.size)
                if !canvas.plainText.contains(text) {
                    throw ScriptFailure(description: "\(scriptSource):\(line): expect \"\(text)\" failed: not on screen", screen: canvas.plainText)
                }
            case .command(let name, let argument, let line):
                if let message = content.performScriptCommand(name, argument: argument) {
                    throw ScriptFailure(description: "\(scriptSource):\(line): \(message)")
                }
                needsDisplay = true
            }
            if content.exitCode != nil { return }
        }
    }
}
