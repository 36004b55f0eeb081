/// A JSON value that remembers where it starts in the text (a byte offset), so a file's problems
/// can be reported as `file:line:column`. The one JSON reader and writer of memorize-tui: theme
/// files (ThemeLibrary, here and at build time in the EmbedThemes tool) and the save files both
/// use it; no Foundation. The writer, `prettyPrinted()`, is in MemorizeStore (nothing here writes).
///
/// `JSONValue.parse` reads strict RFC 8259 JSON (a trailing comma is allowed: files are edited by
/// hand); nesting is capped so a hostile file cannot overflow the stack. `prettyPrinted()`
/// writes the layout Foundation's JSONEncoder wrote with `.prettyPrinted, .withoutEscapingSlashes`.
public struct JSONValue: Sendable {
    public enum Kind: Sendable {
        /// Members in document order; a key may occur more than once.
        case object([Member])
        case array([JSONValue])
        case string(String)
        /// The number's text, exactly as written: the caller decides what range and type it needs.
        case number(String)
        case bool(Bool)
        case null
    }

    public struct Member: Sendable {
        public var key: String
        public var value: JSONValue
        /// Where the key's opening quote is (0 for values built in code).
        public let keyOffset: Int

        public init(_ key: String, _ value: JSONValue) {
            self.init(key: key, value: value, keyOffset: 0)
        }

        init(key: String, value: JSONValue, keyOffset: Int) {
            self.key = key
            self.value = value
            self.keyOffset = keyOffset
        }
    }

    /// Byte offset of the value's first character in the text it was read from (0 when built in code).
    public let offset: Int
    public var kind: Kind
    public init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// A whole number, written as Swift prints it.
    public static func integer(_ value: Int) -> JSONValue {
        JSONValue(.number("\(value)"))
    }

    /// A finite number written as JSONEncoder wrote it (Swift's shortest round-trip text, without
    /// a trailing ".0"); nil for NaN and infinity, which JSON cannot express.
    public static func number(_ value: Double) -> JSONValue? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return JSONValue(.number(text))
    }

    /// The last member named `key`, as a reader of the file would expect the later one to win;
    /// nil when this is not an object or has no such member.
    public func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// What kind of value this is, in words for messages ("expected a whole number, found a string").
    public var kindDescription: String {
        switch kind {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true/false"
        case .null: return "null"
        }
    }

    /// Reads a whole document: strict RFC 8259, except that a trailing comma is allowed; a UTF-8
    /// byte order mark is skipped; values may nest 256 deep.
    /// - Throws: the first problem, with its byte offset.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// 1-based line and column (in Unicode scalars, so an emoji is one column) of a byte offset.
    /// One lookup; for many in the same text, build a `TextPositions` once.
    public static func lineAndColumn(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        TextPositions(bytes).lineAndColumn(ofOffset: offset)
    }
}

/// Where a JSON text stops being valid, and why, in words a player can act on.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// Byte offset of the offending character.
    public let offset: Int
    public let message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}
