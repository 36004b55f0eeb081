/// Turns a script into a timeline: actions become due when the clock reaches the script's cursor.
/// The same player drives live runs (real clock) and headless ones (virtual clock).
public final class KeyScriptPlayer {
    public enum Step: Equatable, Sendable {
        case event(Event, line: Int)
        case snapshot(String, line: Int)
        case expect(String, line: Int)
        /// One of the app's commands (`ScriptCommand`), as an action.
        case command(String, argument: String, line: Int)
    }

    private let commands: [KeyScript.Command]
    private var index = 0
    /// When the next command is due: the start time plus every `wait` consumed so far.
    private var cursor: Double
    /// Clocks that add up frame times drift by a few ulps; a step due "now" must not slip a frame.
    private static let tolerance = 1e-9

    public init(script: KeyScript, startTime: Double) {
        commands = script.commands
        cursor = startTime
    }

    /// True once every command has run, including trailing waits (they hold the run open).
    public var isFinished: Bool { index >= commands.count }

    /// Time the next pending step is due (or the end of trailing waits); nil when finished.
    public func nextDueTime() -> Double? {
        guard !isFinished else { return nil }
        var time = cursor
        var i = index
        while i < commands.count, case .wait(let seconds) = commands[i].action {
            time += seconds
            i += 1
        }
        return time
    }

    /// Every step due at `now`, in order. Expansion is lazy, so a long script costs nothing up front.
    public func dueSteps(at now: Double) -> [Step] {
        var steps: [Step] = []
        while index < commands.count {
            let command = commands[index]
            if case .wait(let seconds) = command.action {
                // A wait is consumed only once it has elapsed, so trailing waits delay `isFinished`.
                guard cursor + seconds <= now + Self.tolerance else { break }
                cursor += seconds
            } else {
                guard cursor <= now + Self.tolerance else { break }
                append(command, to: &steps)
            }
            index += 1
        }
        return steps
    }

    private func append(_ command: KeyScript.Command, to steps: inout [Step]) {
        let line = command.line
        switch command.action {
        case .key(let key, let count):
            steps.append(contentsOf: repeatElement(.event(.key(key), line: line), count: max(0, count)))
        case .type(let text):
            for c in text {
                let key: Key = c == "\n" ? .enter : c == "\t" ? .tab : .character(c)
                steps.append(.event(.key(key), line: line))
            }
        case .click(let point):
            steps.append(.event(.mouse(MouseEvent(.click, at: point)), line: line))
        case .resize(let size):
            steps.append(.event(.resize(size), line: line))
        case .snapshot(let name):
            steps.append(.snapshot(name, line: line))
        case .expect(let text):
            steps.append(.expect(text, line: line))
        case .command(let name, let argument):
            steps.append(.command(name, argument: argument, line: line))
        case .wait:
            break   // handled by dueSteps: a wait only moves the cursor
        }
    }
}
