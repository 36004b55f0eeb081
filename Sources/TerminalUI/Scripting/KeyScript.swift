import Primitives
import Glibc

/// A parsed `*.keys` file: leading settings, then the actions the player turns into a timeline.
///
/// The toolkit's language is about terminals: keys, text, clicks, time, size, snapshots and
/// expectations. An app adds its own commands (`ScriptCommand`), e.g. `level NAME`.
public struct KeyScript: Equatable, Sendable {
    /// File path (or "<string>") for messages.
    public var source: String
    public var size: Size?
    /// The app's settings (its `ScriptCommand`s with a setting role), by command name, as
    /// written (already checked by the command's `validate`).
    public var settings: [String: String]
    /// The line each setting (`size` and the app's) was given on, so that an app that finds a
    /// setting's value unusable later (a theme name it does not know) can name `FILE:LINE`.
    public var settingLines: [String: Int]
    /// The actions after the settings.
    public var commands: [Command]

    public struct Command: Equatable, Sendable {
        public var line: Int
        public var action: Action
        public init(line: Int, action: Action) { self.line = line; self.action = action }
    }

    public enum Action: Equatable, Sendable {
        case key(Key, count: Int)
        case type(String)
        case click(Point)
        case wait(seconds: Double)
        case resize(Size)
        case snapshot(String)
        case expect(String)
        /// One of the app's commands, used as an action: its name and argument.
        case command(String, argument: String)
    }

    public init(source: String, size: Size? = nil, settings: [String: String] = [:], settingLines: [String: Int] = [:],
                commands: [Command] = []) {
        self.source = source; self.size = size; self.settings = settings; self.settingLines = settingLines
        self.commands = commands
    }

    /// An error about the setting `name`, at its line (the file alone when it was not set).
    public func settingError(_ name: String, _ message: String) -> KeyScriptError {
        KeyScriptError(file: source, line: settingLines[name] ?? 0, message)
    }

    // Limits keep a typo (or a fuzzed file) from asking for a gigantic screen, an hour-long hang
    // or billions of key presses; none is near what a real script needs.
    static let maxCount = 10_000
    /// The largest virtual terminal side (`size`, `resize`, and the CLI's `--size`).
    public static let maxDimension = 1_000
    static let maxCoordinate = 9_999
    static let maxWait = 3_600.0
    static let maxFileBytes = 8 << 20
    /// A line is a command and its argument: 64 KiB is far past any real one (a `type` line that
    /// long is 64k key presses), and bounds what one line can make the player hold in memory.
    static let maxLineBytes = 64 << 10

    public static func parse(_ text: String, source: String, commands: [ScriptCommand] = []) throws -> KeyScript {
        try parse(utf8: Array(text.utf8), source: source, commands: commands)
    }

    /// Parses raw bytes, so invalid UTF-8 is reported with its line instead of being replaced.
    public static func parse(utf8 bytes: [UInt8], source: String, commands: [ScriptCommand] = []) throws -> KeyScript {
        var parser = KeyScriptParser(source: source, appCommands: commands)
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }   // CRLF files
            if lineEnd - start > maxLineBytes {
                throw KeyScriptError(file: source, line: lineNumber, "line is longer than \(maxLineBytes >> 10) KiB (\(lineEnd - start) bytes)")
            }
            guard var line = String(validating: bytes[start..<lineEnd], as: UTF8.self) else {
                throw KeyScriptError(file: source, line: lineNumber, "invalid UTF-8")
            }
            if lineNumber == 1, line.unicodeScalars.first == "\u{FEFF}" { line.unicodeScalars.removeFirst() }
            try parser.parseLine(line, number: lineNumber)
            start = end + 1
        }
        return parser.script
    }

    /// Reads and parses a file; errors carry the path so the CLI can print them as they are.
    public static func load(path: String, commands: [ScriptCommand] = []) throws -> KeyScript {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw readError(path) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw readError(path)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maxFileBytes {
                throw KeyScriptError(file: path, line: 0, "key script is larger than \(maxFileBytes >> 20) MiB")
            }
        }
        return try parse(utf8: bytes, source: path, commands: commands)
    }

    private static func readError(_ path: String) -> KeyScriptError {
        KeyScriptError(file: path, line: 0, "cannot read key script: \(String(cString: strerror(errno)))")
    }
}

/// A command an app adds to the key-script language. Its argument is one quoted word or the rest
/// of the line (so names may hold spaces), checked when the script is parsed so that a bad one is
/// reported with its file and line.
public struct ScriptCommand: Sendable {
    public enum Role: Sendable {
        /// Leads the script, at most once; the app reads it from `KeyScript.settings`.
        case setting
        /// Runs on the timeline: the run loop hands it to `RunLoopContent.performScriptCommand`.
        case action
        /// A setting while it leads the script, an action after the first action.
        case settingOrAction
    }

    public var name: String
    /// For messages, e.g. "level NAME".
    public var usage: String
    /// What the argument is, for messages, e.g. "level name".
    public var argument: String
    public var role: Role
    /// nil when `argument` is acceptable; otherwise why not (shown after "name: ").
    public var validate: @Sendable (String) -> String?

    public init(name: String, usage: String, argument: String, role: Role,
                validate: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.name = name; self.usage = usage; self.argument = argument; self.role = role; self.validate = validate
    }
}

public struct KeyScriptError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public init(file: String, line: Int, _ message: String) { self.file = file; self.line = line; self.message = message }
    public var description: String { line == 0 ? "\(file): \(message)" : "\(file):\(line): \(message)" }
}
