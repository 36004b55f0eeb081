/// How strictly `JSONDocument` reads. One recursive-descent reader serves three purposes:
///
/// - `strict`: our own save files. Every problem is an error, at its place.
/// - `jsonDecoder`: theme files, accepting exactly what Foundation's JSONDecoder accepted (theme
///   files were read with it before, and a player's file that loaded must still load): strings
///   and numbers are only checked when their value is used (`JSONValue.problem`), lists and objects
///   nest at most 512 deep, the input has already been converted to UTF-8 without a byte order mark.
/// - `locator`: where a theme file's error message points, as it did since theme files have had
///   line numbers: string and number problems are collected (`deferredProblems`) rather than
///   fatal, bad UTF-8 and lone surrogates become U+FFFD.
struct JSONDialect: Sendable {
    enum Handling: Sendable {
        /// The read fails here.
        case fail
        /// Recorded in the value's `problem` and in `deferredProblems`; the read goes on.
        case deferred
        /// Silently replaced by U+FFFD.
        case replace
    }

    /// Values (or, without `depthCountsScalars`, lists and objects) nested deeper fail the read.
    var maxDepth: Int
    var depthCountsScalars: Bool
    var skipsByteOrderMark: Bool
    /// `.fail`: the RFC 8259 grammar, read greedily. `.deferred`: any run of number characters,
    /// checked against the grammar afterwards.
    var numbers: Handling
    var controlCharacters: Handling
    var controlCharacterMessage: String
    var unknownEscapes: Handling
    /// `.fail`: `\u` needs 4 hex digits. `.deferred`: JSONDecoder's scan, which fails only when
    /// fewer than 4 bytes follow or one of them is a quote, and checks the digits later.
    var hexDigits: Handling
    var surrogates: Handling
    var invalidUTF8: Handling

    static let strict = JSONDialect(
        maxDepth: 256, depthCountsScalars: true, skipsByteOrderMark: true, numbers: .fail,
        controlCharacters: .fail, controlCharacterMessage: "line break or control character inside a string",
        unknownEscapes: .fail, hexDigits: .fail, surrogates: .fail, invalidUTF8: .fail)

    static let jsonDecoder = JSONDialect(
        maxDepth: 512, depthCountsScalars: false, skipsByteOrderMark: false, numbers: .deferred,
        controlCharacters: .deferred, controlCharacterMessage: "line break or control character inside a string",
        unknownEscapes: .deferred, hexDigits: .deferred, surrogates: .deferred, invalidUTF8: .deferred)

    static let locator = JSONDialect(
        maxDepth: 512, depthCountsScalars: true, skipsByteOrderMark: true, numbers: .deferred,
        controlCharacters: .deferred,
        controlCharacterMessage: "line break or control character inside a string (write it as an escape)",
        unknownEscapes: .deferred, hexDigits: .fail, surrogates: .replace, invalidUTF8: .replace)
}

/// A JSON text read in one of the dialects.
struct JSONDocument {
    let root: JSONValue
    /// The problems the dialect let through, in document order.
    let deferredProblems: [JSONSyntaxError]

    init(_ bytes: [UInt8], dialect: JSONDialect) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes: bytes, dialect: dialect)
        root = try parser.parseDocument()
        deferredProblems = parser.deferredProblems
    }
}

/// Recursive descent over RFC 8259 JSON; see JSONDialect for what it lets through.
private struct JSONParser {
    let bytes: [UInt8]
    let dialect: JSONDialect
    var index = 0
    var depth = 0
    var deferredProblems: [JSONSyntaxError] = []

    init(bytes: [UInt8], dialect: JSONDialect) {
        self.bytes = bytes
        self.dialect = dialect
        if dialect.skipsByteOrderMark, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, message: message)
    }

    func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character 0x\(String(byte, radix: 16))" }
        return "non-ASCII text"
    }

    /// Fails, or records the problem (also in `problem`, if it is the value's first) and goes on.
    mutating func handle(_ error: JSONSyntaxError, _ handling: JSONDialect.Handling,
                         problem: inout JSONSyntaxError?) throws(JSONSyntaxError) {
        switch handling {
        case .fail:
            throw error
        case .deferred:
            deferredProblems.append(error)
            if problem == nil { problem = error }
        case .replace:
            break
        }
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        if current != nil { throw fail("unexpected \(describeCurrent()) after the end of the JSON value") }
        return value
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let start = index
        let counts = dialect.depthCountsScalars || current == UInt8(ascii: "{") || current == UInt8(ascii: "[")
        if counts {
            guard depth < dialect.maxDepth else { throw fail("lists and objects nested too deeply") }
            depth += 1
        }
        defer { if counts { depth -= 1 } }
        switch current ?? 0 {  // 0 is never valid here, like end of file
        case UInt8(ascii: "{"):
            return JSONValue(.object(try parseObject()), offset: start)
        case UInt8(ascii: "["):
            return JSONValue(.array(try parseArray()), offset: start)
        case UInt8(ascii: "\""):
            let (text, problem) = try parseString()
            return JSONValue(.string(text), offset: start, problem: problem)
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
            let (text, problem) = try parseNumber()
            return JSONValue(.number(text), offset: start, problem: problem)
        default:
            throw fail("expected a value, found \(describeCurrent())")
        }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> [JSONValue.Member] {
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
            let (key, keyProblem) = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\", found \(describeCurrent())") }
            index += 1
            members.append(JSONValue.Member(key: key, value: try parseValue(), keyOffset: keyOffset, keyProblem: keyProblem))
            skipWhitespace()
            switch current ?? 0 {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return members
            default: throw fail("expected ',' or '}' after the value of \"\(key)\", found \(describeCurrent())")
            }
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
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

    /// The string's text with escapes decoded, and its first deferred problem.
    mutating func parseString() throws(JSONSyntaxError) -> (String, JSONSyntaxError?) {
        let start = index
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var problem: JSONSyntaxError?
        var runStart = index  // raw UTF-8 since the last escape

        func flush(_ parser: inout JSONParser) throws(JSONSyntaxError) {
            let run = parser.bytes[runStart..<parser.index]
            if let text = String(validating: run, as: UTF8.self) {
                scalars.append(contentsOf: text.unicodeScalars)
            } else {
                try parser.handle(parser.fail("invalid UTF-8 in a string", at: start), parser.dialect.invalidUTF8, problem: &problem)
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            }
        }

        while true {
            guard let byte = current else { throw fail("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                try flush(&self)
                index += 1
                return (String(scalars), problem)
            case UInt8(ascii: "\\"):
                try flush(&self)
                index += 1
                scalars.append(try parseEscape(problem: &problem))
                runStart = index
            case ..<0x20:
                try handle(fail(dialect.controlCharacterMessage), dialect.controlCharacters, problem: &problem)
                index += 1
            default:
                index += 1
            }
        }
    }

    /// After the backslash.
    mutating func parseEscape(problem: inout JSONSyntaxError?) throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw fail("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape(escapeStart: index - 2, problem: &problem)
        default:
            let error = fail("unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string", at: index - 2)
            try handle(error, dialect.unknownEscapes, problem: &problem)
            return "\u{FFFD}"
        }
    }

    /// After `\u`: one scalar, or a surrogate pair written as two escapes.
    mutating func parseUnicodeEscape(escapeStart: Int, problem: inout JSONSyntaxError?) throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let unit = try parseHex4(problem: &problem) else { return "\u{FFFD}" }
        let unpaired = fail("unpaired surrogate in \\u escape", at: escapeStart)
        if (0xD800..<0xDC00).contains(unit) {
            let followedByEscape = bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
            switch dialect.surrogates {
            case .fail:
                guard followedByEscape else { throw unpaired }
                index += 2
                guard let low = try parseHex4(problem: &problem), let scalar = Self.scalar(high: unit, low: low) else { throw unpaired }
                return scalar
            case .replace:
                if followedByEscape {
                    let save = index
                    index += 2
                    if let low = try parseHex4(problem: &problem), let scalar = Self.scalar(high: unit, low: low) { return scalar }
                    index = save
                }
                return "\u{FFFD}"
            case .deferred:
                // Only a complete, valid pair is taken; anything else is read again on its own.
                if followedByEscape, index + 6 <= bytes.count,
                   let low = Self.hexValue(bytes[(index + 2)..<(index + 6)]), let scalar = Self.scalar(high: unit, low: low) {
                    index += 6
                    return scalar
                }
                try handle(unpaired, .deferred, problem: &problem)
                return "\u{FFFD}"
            }
        }
        if let scalar = Unicode.Scalar(unit) { return scalar }
        try handle(unpaired, dialect.surrogates, problem: &problem)
        return "\u{FFFD}"
    }

    static func scalar(high: UInt32, low: UInt32) -> Unicode.Scalar? {
        guard (0xDC00..<0xE000).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue, byte < 0x80 else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Four hex digits; nil when the dialect lets bad digits through (they are then skipped).
    mutating func parseHex4(problem: inout JSONSyntaxError?) throws(JSONSyntaxError) -> UInt32? {
        let message = "expected 4 hex digits after \\u"
        if dialect.hexDigits == .deferred {
            // JSONDecoder's scan: 4 bytes, none of them the closing quote; the digits count later.
            guard index + 4 <= bytes.count, !bytes[index..<(index + 4)].contains(UInt8(ascii: "\"")) else {
                throw fail(message)
            }
            defer { index += 4 }
            if let value = Self.hexValue(bytes[index..<(index + 4)]) { return value }
            try handle(fail(message), .deferred, problem: &problem)
            return nil
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, byte < 0x80, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw fail(message)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[index...].starts(with: expected) else {
            throw fail("expected a value, found \(describeCurrent()) (strings need double quotes)")
        }
        index += expected.count
    }

    /// The number's text, and whether it is valid (deferred dialects only).
    mutating func parseNumber() throws(JSONSyntaxError) -> (String, JSONSyntaxError?) {
        let start = index
        var problem: JSONSyntaxError?
        if dialect.numbers == .fail {
            guard Self.skipNumber(bytes, &index) else { throw fail("invalid number", at: start) }
        } else {
            // JSONDecoder takes any run of number characters here and checks it only when decoding.
            while let byte = current, Self.isNumberCharacter(byte) { index += 1 }
            var end = start
            if !Self.skipNumber(bytes[..<index], &end) || end != index {
                try handle(fail("invalid number", at: start), .deferred, problem: &problem)
            }
        }
        return (String(decoding: bytes[start..<index], as: UTF8.self), problem)
    }

    static func isNumberCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
             UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return true
        default: return false
        }
    }

    /// Moves `index` past the longest RFC 8259 number there,
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; false if there is none.
    static func skipNumber(_ bytes: ArraySlice<UInt8>, _ index: inout Int) -> Bool {
        func at(_ i: Int) -> UInt8? { i < bytes.endIndex ? bytes[i] : nil }
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

    static func skipNumber(_ bytes: [UInt8], _ index: inout Int) -> Bool {
        skipNumber(bytes[...], &index)
    }
}
