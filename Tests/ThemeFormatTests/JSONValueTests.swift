import Testing
import MemorizeTestSupport
@testable import Memorize
@testable import MemorizeStore
@testable import ThemeFormat

/// The JSON reader and writer (no Foundation): values with their places, strict syntax errors
/// that say where and why, and JSONEncoder's pretty layout byte for byte.
@Suite struct JSONValueTests {
    /// The value without offsets, for comparing trees: `{"a":[1,"x"]}`-like, keys in order.
    static func shape(_ value: JSONValue) -> String {
        switch value.kind {
        case .object(let members): return "{" + members.map { "\($0.key.debugDescription):\(shape($0.value))" }.joined(separator: ",") + "}"
        case .array(let elements): return "[" + elements.map(shape).joined(separator: ",") + "]"
        case .string(let text): return text.debugDescription
        case .number(let text): return text
        case .bool(let flag): return "\(flag)"
        case .null: return "null"
        }
    }

    func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONValue.parse(Array(text.utf8))
    }

    func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Reading

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(#" { "a": [1, -2.5e3, "x", true, false, null, {}], "b": {"c": []} } "#)
        #expect(Self.shape(value) == #"{"a":[1,-2.5e3,"x",true,false,null,{}],"b":{"c":[]}}"#)
        #expect(value.kindDescription == "an object")
        #expect(value.member("a")?.kindDescription == "a list")
        #expect(value.member("nope") == nil)
        #expect(value.member("a")?.member("a") == nil, "member of a list is nil")
    }

    @Test func remembersWhereEachValueStarts() throws {
        let text = "{\n  \"name\": \"👻\",\n  \"list\": [10, 20]\n}"
        let bytes = Array(text.utf8)
        let value = try JSONValue.parse(bytes)
        #expect(value.offset == 0)
        guard case .object(let members) = value.kind, case .array(let list) = members[1].value.kind else {
            Issue.record("not an object with a list")
            return
        }
        #expect(members[0].keyOffset == 4)
        #expect(JSONValue.lineAndColumn(ofOffset: members[0].value.offset, in: bytes) == (2, 11))
        #expect(JSONValue.lineAndColumn(ofOffset: list[1].offset, in: bytes) == (3, 16))
        // An emoji is one column however many bytes it takes.
        #expect(JSONValue.lineAndColumn(ofOffset: members[0].value.offset + 5, in: bytes) == (2, 13))
        #expect(JSONValue.lineAndColumn(ofOffset: 10_000, in: bytes) == (4, 2), "past the end: the end")
        #expect(JSONValue.lineAndColumn(ofOffset: -5, in: bytes) == (1, 1))
    }

    @Test func keepsDuplicateKeysAndReadsTheLast() throws {
        let value = try parse(#"{"k": 1, "k": 2}"#)
        guard case .object(let members) = value.kind else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["k", "k"])
        #expect(value.member("k").map(Self.shape) == "2")
    }

    @Test func decodesEscapesAndKeepsNumbersAsWritten() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t\u0041\u00e9\uD83C\uDF83\u0000", 1.50, -0, 1E+2]"#)
        #expect(Self.shape(value) == "[\("\"\\/\u{8}\u{C}\n\r\tAé🎃\u{0}".debugDescription),1.50,-0,1E+2]")
    }

    @Test func allowsATrailingCommaAndAByteOrderMark() throws {
        #expect(Self.shape(try parse("[1, 2,]")) == "[1,2]")
        #expect(Self.shape(try parse(#"{"a": 1,}"#)) == #"{"a":1}"#)
        #expect(Self.shape(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8))) == "[]")
    }

    @Test(arguments: [
        ("", 0, "expected a value, found end of file"),
        ("[1 2]", 3, "expected ',' or ']' in a list, found '2'"),
        (#"{"a" 1}"#, 5, #"expected ':' after key "a", found '1'"#),
        (#"{"a": 1 "b": 2}"#, 8, #"expected ',' or '}' after the value of "a", found '"'"#),
        ("{,}", 1, "expected a quoted key, found ','"),
        ("[,]", 1, "expected a value, found ','"),
        ("[1,,]", 3, "expected a value, found ','"),
        ("['a']", 1, "expected a value, found '''"),
        ("[tru]", 1, "expected a value, found 't' (strings need double quotes)"),
        ("{} x", 3, "unexpected 'x' after the end of the JSON value"),
        ("[\"abc", 1, "unterminated string"),
        ("[\"a\nb\"]", 3, "line break or control character inside a string (write it as an escape)"),
        (#"["\q"]"#, 2, #"unknown escape '\q' in a string"#),
        (#"["\u12"]"#, 6, #"expected 4 hex digits after \u"#),
        (#"["\uD83C"]"#, 2, #"unpaired surrogate in \u escape"#),
        (#"["\uDF83"]"#, 2, #"unpaired surrogate in \u escape"#),
        (#"["\uD83C\u0041"]"#, 2, #"unpaired surrogate in \u escape"#),
        ("[01]", 1, "invalid number"),
        ("[-]", 1, "invalid number"),
        ("[1.]", 1, "invalid number"),
        ("[1e+]", 1, "invalid number"),
        ("[1.5.5]", 4, "expected ',' or ']' in a list, found '.'"),
        ("[\u{7}]", 1, "expected a value, found character 0x7"),
        ("[é]", 1, "expected a value, found non-ASCII text"),
    ])
    func syntaxErrorsSayWhereAndWhy(text: String, offset: Int, message: String) {
        #expect(error(text) == JSONSyntaxError(offset: offset, message: message))
    }

    @Test func invalidUTF8InAStringIsAnErrorAtTheString() {
        for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
            #expect(throws: JSONSyntaxError(offset: 3, message: "invalid UTF-8 in a string")) {
                try JSONValue.parse(Array("[1,\"a".utf8) + bad + Array("\"]".utf8))
            }
        }
    }

    @Test func nestingIsCappedWithoutOverflowingTheStack() throws {
        // 255 lists around a number: 256 values deep, the most allowed.
        let deepest = String(repeating: "[", count: 255) + "1" + String(repeating: "]", count: 255)
        #expect(throws: Never.self) { try parse(deepest) }
        #expect(error("[" + deepest + "]")?.message == "lists and objects nested too deeply")
        #expect(error(String(repeating: "[", count: 200_000))?.message == "lists and objects nested too deeply")
        #expect(error(String(repeating: "{\"a\":", count: 200_000))?.message == "lists and objects nested too deeply")
    }

    // MARK: Writing

    @Test func writesJSONEncodersPrettyLayout() throws {
        let value = JSONValue(.object([
            .init("list", JSONValue(.array([.integer(1), JSONValue(.string("two"))]))),
            .init("empty list", JSONValue(.array([]))),
            .init("empty object", JSONValue(.object([]))),
            .init("nested", JSONValue(.object([.init("flag", JSONValue(.bool(true))), .init("nothing", JSONValue(.null))]))),
        ]))
        #expect(String(decoding: value.prettyPrinted(), as: UTF8.self) == """
            {
              "list" : [
                1,
                "two"
              ],
              "empty list" : [

              ],
              "empty object" : {

              },
              "nested" : {
                "flag" : true,
                "nothing" : null
              }
            }
            """)
    }

    @Test func escapesStringsSoAFilePrintedRawIsSafe() {
        let text = "quote\" backslash\\ slash/ \u{8}\u{C}\n\r\t \u{0}\u{1}\u{1F} \u{7F}\u{85}\u{202E} é 🎃 \u{2028}"
        let written = String(decoding: JSONValue(.string(text)).prettyPrinted(), as: UTF8.self)
        #expect(written == #""quote\" backslash\\ slash/ \b\f\n\r\t \u0000\u0001\u001f \u007f\u0085\u202e "# + "é 🎃 \u{2028}\"")
    }

    @Test(arguments: [(2.0, "2"), (41.5, "41.5"), (0.1 + 0.2, "0.30000000000000004"), (1e9, "1000000000"),
                      (1e-5, "1e-05"), (-0.25, "-0.25"), (1e16, "1e+16"), (0, "0")])
    func writesNumbersAsJSONEncoderDid(value: Double, text: String) {
        #expect(JSONValue.number(value).map(Self.shape) == text)
    }

    @Test func refusesNumbersJSONCannotHold() {
        #expect(JSONValue.number(.nan) == nil)
        #expect(JSONValue.number(.infinity) == nil)
        #expect(JSONValue.number(-.infinity) == nil)
        #expect(Self.shape(.integer(Int.min)) == "-9223372036854775808")
    }

    /// SplitMix64 from the game itself (MemorizeTestSupport adds below/chance/pick).
    typealias Generator = SeededRandomNumberGenerator

    static func randomValue(_ g: inout Generator, depth: Int = 0) -> JSONValue {
        let pieces = ["", "a", "é", "🎃", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "{", "]", " "]
        func text() -> String { (0..<g.below(5)).map { _ in pieces[g.below(pieces.count)] }.joined() }
        switch g.below(depth > 4 ? 4 : 6) {
        case 0: return .integer(Int(truncatingIfNeeded: g.next()) >> g.below(64))
        case 1: return JSONValue.number(Double(bitPattern: g.next() & 0x7FEF_FFFF_FFFF_FFFF) * (g.below(2) == 0 ? 1 : -1)) ?? .integer(0)
        case 2: return JSONValue(.string(text()))
        case 3: return g.below(3) == 0 ? JSONValue(.null) : JSONValue(.bool(g.below(2) == 0))
        case 4: return JSONValue(.array((0..<g.below(4)).map { _ in randomValue(&g, depth: depth + 1) }))
        default: return JSONValue(.object((0..<g.below(4)).map { _ in .init(text(), randomValue(&g, depth: depth + 1)) }))
        }
    }

    @Test func whatItWritesItReadsBack() throws {
        var g = Generator(state: 0x15_0A)
        for _ in 0..<2_000 {
            let value = Self.randomValue(&g)
            let read = try JSONValue.parse(value.prettyPrinted())
            #expect(Self.shape(read) == Self.shape(value))
        }
    }
}
