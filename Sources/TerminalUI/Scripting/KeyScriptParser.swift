import Primitives
import Glibc

/// One word of a line: bare or double-quoted (quotes removed, escapes resolved).
struct KeyScriptToken {
    var text: String
    var quoted: Bool
    /// Scalar offsets in the line, so an app command can take the rest of the line verbatim.
    var start: Int
    var end: Int
}

/// Reads a key script line by line into a KeyScript, naming the line of any error.
struct KeyScriptParser {
    var script: KeyScript
    var firstActionLine: Int?
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
            if let previous = script.settingLines[name] { throw fail("duplicate \(name) (already set on line \(previous))") }
            script.settingLines[name] = number
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
    private func restOfLine(_ args: [KeyScriptToken], _ scalars: [Unicode.Scalar], _ command: ScriptCommand,
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
    private func tokenize(_ s: [Unicode.Scalar], fail: (String) -> KeyScriptError) throws -> [KeyScriptToken] {
        var tokens: [KeyScriptToken] = []
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
                tokens.append(KeyScriptToken(text: String(text), quoted: true, start: start, end: i))
            } else {
                while i < s.count, !isSpace(s[i]), s[i] != "#" {
                    if s[i] == "\"" { throw fail("a quote may only start a word (found one inside \"\(String(text))\")") }
                    try checkControl(s[i])
                    text.append(s[i])
                    i += 1
                }
                tokens.append(KeyScriptToken(text: String(text), quoted: false, start: start, end: i))
            }
        }
        return tokens
    }
}
