/// Recursive descent over RFC 8259 JSON, strict: every problem is an error at its byte offset,
/// so a file's message can name its line. Two allowances for files edited by hand: a trailing
/// comma, and a UTF-8 byte order mark. Nesting (lists, objects and the values in them) stops at
/// `maxDepth`, so a hostile file cannot overflow the stack. Used through `JSONValue.parse`.
struct JSONParser {
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, message: message)
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character 0x\(String(byte, radix: 16))" }
        return "non-ASCII text"
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        if current != nil { throw fail("unexpected \(describeCurrent()) after the end of the JSON value") }
        return value
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let start = index
        guard depth < Self.maxDepth else { throw fail("lists and objects nested too deeply") }
        depth += 1
        defer { depth -= 1 }
        switch current ?? 0 {  // 0 is never valid here, like end of file
        case UInt8(ascii: "{"):
            return JSONValue(.object(try parseObject()), offset: start)
        case UInt8(ascii: "["):
            return JSONValue(.array(try parseArray()), offset: start)
        case UInt8(ascii: "\""):
            return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard Self.skipNumber(bytes, &index) else { throw fail("invalid number", at: start) }
            return JSONValue(.number(String(decoding: bytes[start..<index], as: UTF8.self)), offset: start)
        default:
            throw fail("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> [JSONValue.Member] {
        index += 1  // {
        var members: [JSONValue.Member] = []
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "}") {  // also after a trailing comma
                index += 1
                return members
            }
            guard current == UInt8(ascii: "\"") else { throw fail("expected a quoted key, found \(describeCurrent())") }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\", found \(describeCurrent())") }
            index += 1
            members.append(JSONValue.Member(key: key, value: try parseValue(), keyOffset: keyOffset))
            skipWhitespace()
            switch current ?? 0 {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return members
            default: throw fail("expected ',' or '}' after the value of \"\(key)\", found \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
        index += 1  // [
        var elements: [JSONValue] = []
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") {  // also after a trailing comma
                index += 1
                return elements
            }
            elements.append(try parseValue())
            skipWhitespace()
            switch current ?? 0 {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return elements
            default: throw fail("expected ',' or ']' in a list, found \(describeCurrent())")
            }
        }
    }

    /// The string's text, escapes decoded.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index  // raw UTF-8 since the last escape

        func flush(_ parser: inout JSONParser) throws(JSONSyntaxError) {
            guard let text = String(validating: parser.bytes[runStart..<parser.index], as: UTF8.self) else {
                throw parser.fail("invalid UTF-8 in a string", at: start)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }

        var escaped = false
        while true {
            guard let byte = current else { throw fail("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                if !escaped {
                    // Most strings have no escape: validate the run once and take it as it is.
                    guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else {
                        throw fail("invalid UTF-8 in a string", at: start)
                    }
                    index += 1
                    return text
                }
                try flush(&self)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                escaped = true
                try flush(&self)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case ..<0x20:
                throw fail("line break or control character inside a string (write it as an escape)")
            default:
                index += 1
            }
        }
    }

    /// After the backslash.
    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw fail("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape(escapeStart: index - 2)
        default:
            throw fail("unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string", at: index - 2)
        }
    }

    /// After `\u`: one scalar, or a surrogate pair written as two escapes.
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let unit = try parseHex4()
        let unpaired = fail("unpaired surrogate in \\u escape", at: escapeStart)
        if (0xD800..<0xDC00).contains(unit) {
            guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else { throw unpaired }
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else {
                throw unpaired
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(unit) else { throw unpaired }
        return scalar
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, byte < 0x80, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw fail("expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[index...].starts(with: expected) else {
            throw fail("expected a value, found \(describeCurrent()) (strings need double quotes)")
        }
        index += expected.count
    }

    /// Moves `index` past the RFC 8259 number there,
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; false if there is none.
    static func skipNumber(_ bytes: [UInt8], _ index: inout Int) -> Bool {
        func at(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        func digits() -> Int {
            let first = index
            while let byte = at(index), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - first
        }
        if at(index) == UInt8(ascii: "-") { index += 1 }
        let leadingZero = at(index) == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { return false }
        if at(index) == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if at(index) == UInt8(ascii: "e") || at(index) == UInt8(ascii: "E") {
            index += 1
            if at(index) == UInt8(ascii: "+") || at(index) == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return true
    }
}
