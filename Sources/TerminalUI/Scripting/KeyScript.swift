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

    public init(source: String, size: Size? = nil, settings: [String: String] = [:], commands: [Command] = []) {
        self.source = source; self.size = size; self.settings = settings; self.commands = commands
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

/// One word of a line: bare or double-quoted (quotes removed, escapes resolved).
private struct Token {
    var text: String
    var quoted: Bool
    /// Scalar offsets in the line, so an app command can take the rest of the line verbatim.
    var start: Int
    var end: Int
}

private struct KeyScriptParser {
    var script: KeyScript
    var firstActionLine: Int?
    var settingLines: [String: Int] = [:]
    let appCommands: [ScriptCommand]
    /// Every command's name and usage, the toolkit's setting first, then the app's, then actions.
    let usage: [(String, String)]

    init(source: String, appCommands: [ScriptCommand]) {
        script = KeyScript(source: source)
        self.appCommands = appCommands
        usage = [("size", "size WxH")] + appCommands.map { ($0.name, $0.usage) } + [
            ("key", "key NAME [COUNT]"), ("type", "type \"TEXT\""), ("click", "click COLUMN ROW"),
            ("wait", "wait DURATION, e.g. 500ms or 1.5s"), ("resize", "resize WxH"),
            ("snapshot", "snapshot NAME"), ("expect", "expect \"TEXT\""),
        ]
    }

    mutating func parseLine(_ line: String, number: Int) throws {
        func fail(_ message: String) -> KeyScriptError { KeyScriptError(file: script.source, line: number, message) }
        let scalars = Array(line.unicodeScalars)
        let tokens = try tokenize(scalars, fail: fail)
        guard let command = tokens.first else { return }
        let args = Array(tokens.dropFirst())
        let name = command.text
        guard !command.quoted, let usage = self.usage.first(where: { $0.0 == name })?.1 else {
            throw fail("unknown command \"\(name)\" (valid: \(self.usage.map(\.0).joined(separator: ", ")))")
        }
        func missing(_ what: String) -> KeyScriptError { fail("\(name): missing \(what) (usage: \(usage))") }
        func allow(_ n: Int) throws {
            if args.count > n { throw fail("\(name): unexpected extra argument \"\(args[n].text)\" (usage: \(usage))") }
        }
        func quotedText() throws -> String {
            guard let arg = args.first else { throw missing("text") }
            try allow(1)
            guard arg.quoted else { throw fail("\(name): text must be in double quotes (usage: \(usage))") }
            guard !arg.text.isEmpty else { throw fail("\(name): text is empty") }
            return arg.text
        }
        func size() throws -> Size {
            guard let arg = args.first else { throw missing("size") }
            try allow(1)
            guard let s = Size(parsing: arg.text), s.width <= KeyScript.maxDimension, s.height <= KeyScript.maxDimension else {
                throw fail("\(name): bad size \"\(arg.text)\" (want WxH, e.g. 80x24, each 1...\(KeyScript.maxDimension))")
            }
            return s
        }
        func coordinate(_ index: Int, _ what: String) throws -> Int {
            guard index < args.count else { throw missing(what) }
            guard let v = Int(args[index].text), (0...KeyScript.maxCoordinate).contains(v) else {
                throw fail("\(name): bad \(what) \"\(args[index].text)\" (want 0...\(KeyScript.maxCoordinate))")
            }
            return v
        }
        // Settings may only lead; some app commands double as actions once the actions have started.
        func setting(orAction: Bool = false) throws -> Bool {
            if firstActionLine != nil {
                if orAction { return false }
                throw fail("\(name) must come before the first action")
            }
            if let previous = settingLines[name] { throw fail("duplicate \(name) (already set on line \(previous))") }
            settingLines[name] = number
            return true
        }

        let action: KeyScript.Action
        if let custom = appCommands.first(where: { $0.name == name }) {
            let argument = try restOfLine(args, scalars, custom, missing: missing, fail: fail)
            if let problem = custom.validate(argument) { throw fail("\(name): \(problem)") }
            switch custom.role {
            case .setting:
                if try setting() { script.settings[name] = argument }
                return
            case .settingOrAction:
                if try setting(orAction: true) {
                    script.settings[name] = argument
                    return
                }
                action = .command(name, argument: argument)
            case .action:
                action = .command(name, argument: argument)
            }
            if firstActionLine == nil { firstActionLine = number }
            script.commands.append(.init(line: number, action: action))
            return
        }
        switch name {
        case "size":
            let s = try size()
            if try setting() { script.size = s }
            return
        case "key":
            guard let arg = args.first else {
                // `key #` reads as a comment; say how to press the `#` key.
                throw missing(line.contains("#") ? "key name (write \"#\" in quotes for the # key)" : "key name")
            }
            try allow(2)
            guard let key = Key(name: arg.text) else {
                throw fail("key: unknown key name \"\(arg.text)\" (valid: up down left right enter space esc tab backspace, ctrl-A...ctrl-Z, or any single character)")
            }
            var count = 1
            if args.count > 1 {
                guard let n = Int(args[1].text), (1...KeyScript.maxCount).contains(n) else {
                    throw fail("key: bad repeat count \"\(args[1].text)\" (want 1...\(KeyScript.maxCount))")
                }
                count = n
            }
            action = .key(key, count: count)
        case "type":
            action = .type(try quotedText())
        case "click":
            try allow(2)
            action = .click(Point(x: try coordinate(0, "column"), y: try coordinate(1, "row")))
        case "wait":
            guard let arg = args.first else { throw missing("duration") }
            try allow(1)
            action = .wait(seconds: try duration(arg.text, fail: fail))
        case "resize":
            action = .resize(try size())
        case "snapshot":
            guard let arg = args.first else { throw missing("name") }
            try allow(1)
            let ok = !arg.text.isEmpty && arg.text.unicodeScalars.allSatisfy {
                $0.isASCII && (($0.properties.isAlphabetic || ("0"..."9").contains($0)) || "._-".unicodeScalars.contains($0))
            }
            guard ok else { throw fail("snapshot: bad name \"\(arg.text)\" (use letters, digits, \".\", \"_\" and \"-\")") }
            action = .snapshot(arg.text)
        case "expect":
            action = .expect(try quotedText())
        default:
            throw fail("unknown command \"\(name)\"")   // unreachable: `usage` lists every name
        }
        if firstActionLine == nil { firstActionLine = number }
        script.commands.append(.init(line: number, action: action))
    }

    /// An app command's argument: one quoted word or the rest of the line (names contain spaces).
    private func restOfLine(_ args: [Token], _ scalars: [Unicode.Scalar], _ command: ScriptCommand,
                            missing: (String) -> KeyScriptError, fail: (String) -> KeyScriptError) throws -> String {
        let name = command.name
        guard let first = args.first, let last = args.last else { throw missing(command.argument) }
        if first.quoted {
            if args.count > 1 { throw fail("\(name): unexpected extra argument \"\(args[1].text)\" (usage: \(command.usage))") }
            guard !first.text.isEmpty else { throw fail("\(name): \(command.argument) is empty") }
            return first.text
        }
        if let q = args.first(where: \.quoted) {
            throw fail("\(name): quote the whole \(command.argument) or none of it (found \"\(q.text)\" in quotes)")
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[first.start..<last.end])
        return String(text)
    }

    /// Strict on purpose: a malformed line is an error, never a silently different script.
    private func duration(_ text: String, fail: (String) -> KeyScriptError) throws -> Double {
        let example = "(e.g. 500ms or 1.5s)"
        if text.hasPrefix("-") { throw fail("wait: duration cannot be negative: \"\(text)\"") }
        var number = Substring(text), scale = 1.0
        if number.hasSuffix("ms") { number = number.dropLast(2); scale = 0.001 }
        else if number.hasSuffix("s") { number = number.dropLast(1) }
        else if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            throw fail("wait: \"\(text)\" needs a unit: ms or s \(example)")
        } else {
            throw fail("wait: bad duration \"\(text)\" \(example)")
        }
        // Digits with at most one inner point: rules out "inf", "nan", "1e9", ".5", "5.".
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        let digitsOnly = parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        guard parts.count <= 2, digitsOnly, let value = Double(number) else {
            throw fail("wait: bad duration \"\(text)\" \(example)")
        }
        let seconds = value * scale
        guard seconds <= KeyScript.maxWait else {
            throw fail("wait: \"\(text)\" is longer than the \(Int(KeyScript.maxWait))s limit")
        }
        return seconds
    }

    /// Splits on whitespace; `"..."` is one token with `\"` `\\` `\n` `\t` escapes; `#` outside quotes ends the line.
    private func tokenize(_ s: [Unicode.Scalar], fail: (String) -> KeyScriptError) throws -> [Token] {
        var tokens: [Token] = []
        var i = 0
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
        func checkControl(_ c: Unicode.Scalar) throws {
            if c != "\t", c.properties.generalCategory == .control {
                throw fail("control character \(CodePoints.describe(c)) is not allowed")
            }
        }
        while i < s.count {
            let c = s[i]
            try checkControl(c)
            if isSpace(c) { i += 1; continue }
            if c == "#" { break }
            let start = i
            var text = String.UnicodeScalarView()
            if c == "\"" {
                i += 1
                var closed = false
                while i < s.count {
                    let d = s[i]
                    try checkControl(d)
                    i += 1
                    if d == "\"" { closed = true; break }
                    if d == "\\" {
                        guard i < s.count else { break }
                        let e = s[i]
                        i += 1
                        switch e {
                        case "\"", "\\": text.append(e)
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: throw fail("unknown escape \"\\\(e)\" in quoted text (use \\\" \\\\ \\n \\t)")
                        }
                        continue
                    }
                    text.append(d)
                }
                guard closed else { throw fail("unterminated quote") }
                if i < s.count, !isSpace(s[i]), s[i] != "#" { throw fail("missing space after closing quote") }
                tokens.append(Token(text: String(text), quoted: true, start: start, end: i))
            } else {
                while i < s.count, !isSpace(s[i]), s[i] != "#" {
                    if s[i] == "\"" { throw fail("a quote may only start a word (found one inside \"\(String(text))\")") }
                    try checkControl(s[i])
                    text.append(s[i])
                    i += 1
                }
                tokens.append(Token(text: String(text), quoted: false, start: start, end: i))
            }
        }
        return tokens
    }
}
