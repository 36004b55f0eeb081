/// A small JSON reader that remembers where each value starts, so a save file's problems can be
/// reported as `file:line:column`. JSONDecoder cannot: for bad syntax and for numbers that do not
/// fit it says only "not valid JSON", with no place. (Memorize's JSONLocator does this for theme
/// files but is internal to that module.) Strict RFC 8259, except that a trailing comma is allowed
/// as JSONDecoder allows it; nesting is capped so a hostile file cannot overflow the stack.
struct PositionedJSON {
    indirect enum Value {
        case object([(key: String, node: Node)])
        case array([Node])
        case string(String)
        /// The number's text, exactly as written: the caller decides what range and type it needs.
        case number(String)
        case bool(Bool)
        case null
    }

    struct Node {
        let offset: Int
        let value: Value

        /// The last member named `key`, as JSONDecoder picks duplicates.
        func member(_ key: String) -> Node? {
            guard case .object(let members) = value else { return nil }
            return members.last { $0.key == key }?.node
        }

        var kindDescription: String {
            switch value {
            case .object: return "an object"
            case .array: return "a list"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "true/false"
            case .null: return "null"
            }
        }
    }

    struct SyntaxError: Error, Equatable {
        let offset: Int
        let message: String
    }

    let bytes: [UInt8]
    let root: Node

    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        var parser = Parser(bytes: bytes)
        root = try parser.parseDocument()
    }

    /// The node at a coding path (`["themes", 2]`), or nil.
    func node(at path: [CodingKey]) -> Node? {
        var node = root
        for key in path {
            switch node.value {
            case .object:
                guard let next = node.member(key.stringValue) else { return nil }
                node = next
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    static func lineAndColumn(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let prefix = bytes[..<min(max(offset, 0), bytes.count)]
        let line = prefix.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // UTF-8 lead bytes only, so an emoji is one column.
        let column = bytes[lineStart..<prefix.endIndex].lazy.filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column)
    }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte order mark is fine
    }

    typealias Node = PositionedJSON.Node

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func fail(_ message: String, at offset: Int? = nil) -> PositionedJSON.SyntaxError {
        PositionedJSON.SyntaxError(offset: offset ?? index, message: message)
    }

    func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character 0x\(String(byte, radix: 16))" }
        return "non-ASCII text"
    }

    mutating func parseDocument() throws -> Node {
        let node = try parseValue()
        skipWhitespace()
        if current != nil { throw fail("unexpected \(describeCurrent()) after the end of the JSON value") }
        return node
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func parseValue() throws -> Node {
        skipWhitespace()
        let start = index
        guard depth < 256 else { throw fail("lists and objects nested too deeply") }
        depth += 1
        defer { depth -= 1 }
        switch current ?? 0 {  // 0 is never valid here, like end of file
        case UInt8(ascii: "{"): return Node(offset: start, value: try parseObject())
        case UInt8(ascii: "["): return Node(offset: start, value: try parseArray())
        case UInt8(ascii: "\""): return Node(offset: start, value: .string(try parseString()))
        case UInt8(ascii: "t"): try parseLiteral("true"); return Node(offset: start, value: .bool(true))
        case UInt8(ascii: "f"): try parseLiteral("false"); return Node(offset: start, value: .bool(false))
        case UInt8(ascii: "n"): try parseLiteral("null"); return Node(offset: start, value: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Node(offset: start, value: .number(try parseNumber()))
        default: throw fail("expected a value, found \(describeCurrent())")
        }
    }

    mutating func parseObject() throws -> PositionedJSON.Value {
        index += 1  // {
        var members: [(key: String, node: Node)] = []
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            guard current == UInt8(ascii: "\"") else { throw fail("expected a quoted key, found \(describeCurrent())") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\", found \(describeCurrent())") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current ?? 0 {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}' after the value of \"\(key)\", found \(describeCurrent())")
            }
        }
    }

    mutating func parseArray() throws -> PositionedJSON.Value {
        index += 1  // [
        var elements: [Node] = []
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            elements.append(try parseValue())
            skipWhitespace()
            switch current ?? 0 {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw fail("expected ',' or ']' in a list, found \(describeCurrent())")
            }
        }
    }

    mutating func parseString() throws -> String {
        let start = index
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []  // raw UTF-8 since the last escape
        func flush() throws {
            guard let text = String(validating: run, as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: start) }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while true {
            guard let byte = current else { throw fail("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                index += 1
                scalars.append(try parseEscape())
            case ..<0x20:
                throw fail("line break or control character inside a string")
            default:
                run.append(byte)
                index += 1
            }
        }
    }

    mutating func parseEscape() throws -> Unicode.Scalar {
        guard let byte = current else { throw fail("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let escapeStart = index - 2
            let unit = try parseHex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard bytes[index...].starts(with: Array("\\u".utf8)) else { throw fail("unpaired surrogate in \\u escape", at: escapeStart) }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low),
                      let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw fail("unpaired surrogate in \\u escape", at: escapeStart)
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else { throw fail("unpaired surrogate in \\u escape", at: escapeStart) }
            return scalar
        default:
            throw fail("unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string", at: index - 2)
        }
    }

    mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw fail("expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func parseLiteral(_ word: String) throws {
        guard bytes[index...].starts(with: Array(word.utf8)) else {
            throw fail("expected a value, found \(describeCurrent()) (strings need double quotes)")
        }
        index += word.utf8.count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func parseNumber() throws -> String {
        let start = index
        func digits() -> Int {
            let first = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let leadingZero = current == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { throw fail("invalid number", at: start) }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("invalid number", at: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("invalid number", at: start) }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
