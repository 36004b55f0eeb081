/// Finds places in JSON text for error messages. `JSONDecoder` does the decoding, but its errors
/// carry a coding path and no position, so this small reader re-reads the text, recording where
/// each value starts (byte offsets), and reports where the syntax errors are.
///
/// It accepts what JSONDecoder (swift-foundation) accepts: a trailing comma is fine, and string
/// escapes, control characters and number formats are only checked when a value is decoded, so
/// those land in `laterProblems` instead of failing the whole read.
struct JSONLocator {
    struct SyntaxError: Error, Equatable {
        let offset: Int
        let message: String
    }

    indirect enum Value {
        case object([(key: String, node: Node)])
        case array([Node])
        case scalar
    }

    struct Node {
        let offset: Int
        let value: Value
    }

    let bytes: [UInt8]
    /// The document tree, or the first error JSONDecoder finds before decoding anything.
    let root: Result<Node, SyntaxError>
    /// Errors JSONDecoder reports only if it decodes the value holding them, in document order.
    let laterProblems: [SyntaxError]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var parser = Parser(bytes: bytes)
        root = Result { try parser.parseDocument() }.mapError { $0 as! SyntaxError }
        laterProblems = parser.laterProblems
    }

    /// Offset of the value at `path`, or of its deepest existing ancestor.
    func offset(of path: [CodingKey]) -> Int? {
        guard case .success(var node) = root else { return nil }
        for key in path {
            switch node.value {
            case .object(let members):
                guard let member = members.last(where: { $0.key == key.stringValue }) else { return node.offset }
                node = member.node
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return node.offset }
                node = elements[index]
            case .scalar:
                return node.offset
            }
        }
        return node.offset
    }

    /// 1-based line and column (counting Unicode scalars) of a byte offset.
    func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        let prefix = bytes[..<min(offset, bytes.count)]
        let line = prefix.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // Count UTF-8 lead bytes only, so a multi-byte emoji is one column.
        let column = bytes[lineStart..<prefix.endIndex].lazy.filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column)
    }
}

/// Recursive descent over RFC 8259 JSON, as lenient as JSONDecoder (see JSONLocator).
private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var laterProblems: [JSONLocator.SyntaxError] = []
    /// Open objects and arrays; capped so a hostile file cannot overflow the stack (JSONDecoder
    /// refuses deep nesting too).
    private var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not an error.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func parseDocument() throws -> JSONLocator.Node {
        let node = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected \(describeCurrent()) after the end of the JSON value") }
        return node
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONLocator.SyntaxError {
        JSONLocator.SyntaxError(offset: offset ?? index, message: message)
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character 0x\(String(byte, radix: 16))" }
        return "non-ASCII text"
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws -> JSONLocator.Node {
        skipWhitespace()
        let start = index
        guard depth < 512 else { throw fail("lists and objects nested too deeply") }
        depth += 1
        defer { depth -= 1 }
        switch current ?? 0 {  // 0 is never valid here, like end of file
        case UInt8(ascii: "{"): return JSONLocator.Node(offset: start, value: try parseObject())
        case UInt8(ascii: "["): return JSONLocator.Node(offset: start, value: try parseArray())
        case UInt8(ascii: "\""): _ = try parseString()
        case UInt8(ascii: "t"): try parseLiteral("true")
        case UInt8(ascii: "f"): try parseLiteral("false")
        case UInt8(ascii: "n"): try parseLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): parseNumber()
        default: throw fail("expected a value, found \(describeCurrent())")
        }
        return JSONLocator.Node(offset: start, value: .scalar)
    }

    private mutating func parseObject() throws -> JSONLocator.Value {
        index += 1  // {
        var members: [(key: String, node: JSONLocator.Node)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "}"), !members.isEmpty {  // trailing comma
                index += 1
                return .object(members)
            }
            guard current == UInt8(ascii: "\"") else {
                throw fail("expected a quoted key, found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw fail("expected ':' after key \"\(key)\", found \(describeCurrent())")
            }
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

    private mutating func parseArray() throws -> JSONLocator.Value {
        index += 1  // [
        var elements: [JSONLocator.Node] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), !elements.isEmpty {  // trailing comma
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

    /// Returns the string's text, escapes decoded, so keys can be compared with coding keys.
    private mutating func parseString() throws -> String {
        let start = index
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []  // raw UTF-8 since the last escape
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while true {
            guard let byte = current else { throw fail("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                scalars.append(try parseEscape())
            case ..<0x20:
                laterProblems.append(fail("line break or control character inside a string (write it as an escape)"))
                run.append(byte)
                index += 1
            default:
                run.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws -> Unicode.Scalar {
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
            let unit = try parseHex4()
            if (0xD800..<0xDC00).contains(unit), bytes[index...].starts(with: Array("\\u".utf8)) {
                let save = index
                index += 2
                let low = try parseHex4()
                if (0xDC00..<0xE000).contains(low),
                   let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) {
                    return scalar
                }
                index = save
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            laterProblems.append(fail("unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string", at: index - 2))
            return "\u{FFFD}"
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
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

    private mutating func parseLiteral(_ word: String) throws {
        guard bytes[index...].starts(with: Array(word.utf8)) else {
            throw fail("expected a value, found \(describeCurrent()) (strings need double quotes)")
        }
        index += word.utf8.count
    }

    private mutating func parseNumber() {
        // JSONDecoder takes any run of number characters here and checks it only when decoding.
        let start = index
        while let byte = current, "0123456789+-.eE".utf8.contains(byte) { index += 1 }
        if !Self.isValidNumber(bytes[start..<index]) {
            laterProblems.append(fail("invalid number", at: start))
        }
    }

    /// RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private static func isValidNumber(_ token: ArraySlice<UInt8>) -> Bool {
        var rest = token[...]
        func digitCount() -> Int {
            let count = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let leadingZero = rest.first == UInt8(ascii: "0")
        let integerDigits = digitCount()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { return false }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            guard digitCount() > 0 else { return false }
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digitCount() > 0 else { return false }
        }
        return rest.isEmpty
    }
}
