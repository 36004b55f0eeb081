import Foundation
import Testing
import MemorizeTestSupport
@testable import Memorize
@testable import MemorizeStore

/// Theme files were read with Foundation's JSONDecoder before memorize-tui had its own reader: a
/// player's file that loaded must still load, with the same values, and one that failed must
/// still fail. JSONDecoder (Swift 6.3's swift-foundation) is the oracle here; the tables pin what
/// it did, so a difference shows even where the oracle is not run.
@Suite struct ThemeFileCompatibilityTests {
    /// What JSONDecoder decoded theme files into.
    struct FoundationFile: Decodable {
        var themes: [Theme]
    }

    /// Themes, or nil when JSONDecoder refused the file.
    static func foundation(_ bytes: [UInt8]) -> [Theme]? {
        try? JSONDecoder().decode(FoundationFile.self, from: Data(bytes)).themes
    }

    static func ours(_ bytes: [UInt8]) -> [Theme]? {
        try? ThemeLibrary.decode(bytes, source: "t.json")
    }

    static func file(pairs: String = "2", name: String = "\"A\"", extra: String = "") -> [UInt8] {
        Array("{\"themes\": [{\(extra)\"name\": \(name), \"emoji\": [\"🎃\", \"👻\"], \"pairs\": \(pairs), \"color\": \"#ff8c00\"}]}".utf8)
    }

    @Test(arguments: [
        ("2", 2), ("-0", 0), ("2.0", 2), ("2e0", 2), ("2E+0", 2), ("20e-1", 2), ("0.5e1", 5), ("-0.0", 0), ("1e-400", 0),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
        ("9007199254740993.0", 9_007_199_254_740_993), ("9007199254740992.9", 9_007_199_254_740_992),
        ("9.2e18", 9_200_000_000_000_000_000),
    ] as [(String, Int)])
    func wholeNumbersInAnyNotationArePairs(text: String, expected: Int) {
        #expect(ThemeFileReader.integer(fromValidNumber: text) == expected)
        #expect(Self.ours(Self.file(pairs: text))?.first?.pairs == expected)
        #expect(Self.foundation(Self.file(pairs: text))?.first?.pairs == expected)
    }

    @Test(arguments: ["1.5", "2.5e0", "12e-1", "9223372036854775808", "-9223372036854775809", "-9223372036854775808.0",
                      "9.3e18", "1e400", "99999999999999999999", "01", "-", "1.", "1e", "1.5.5", "1+2", "--1", "1e5.5"])
    func otherNumbersAreNot(text: String) throws {
        #expect(Self.ours(Self.file(pairs: text)) == nil)
        #expect(Self.foundation(Self.file(pairs: text)) == nil)
        let error = try #require(throws: ThemeFileError.self) { try ThemeLibrary.decode(Self.file(pairs: text), source: "t.json") }
        #expect(error.reason.hasPrefix("invalid JSON: "), "\(error)")
    }

    @Test(arguments: [
        // Checked only where the value is used: fine in an unused key, an error in the name.
        (#""\q""#, true), (#""\uZZZZ""#, true), (#""\uD83C""#, true), (#""\uDF83""#, true),
        (#""\uD83C\u0041""#, true), ("\"a\u{1}b\"", true), ("007", true), ("1.5.5", true),
        // Malformed in any place: the file is not JSON.
        (#""\u12""#, false), ("tru", false), ("'a'", false),
    ])
    func stringsAndNumbersAreCheckedWhereTheyAreUsed(value: String, fineWhenUnused: Bool) {
        let unused = Self.file(extra: "\"note\": \(value), ")
        #expect((Self.ours(unused) != nil) == fineWhenUnused)
        #expect((Self.foundation(unused) != nil) == fineWhenUnused)
        // Keys are all decoded when their object is: a bad key fails the file.
        if value.hasPrefix("\"") {
            let key = Self.file(extra: "\(value): 1, ")
            #expect(Self.ours(key) == nil)
            #expect(Self.foundation(key) == nil)
        }
        let used = Self.file(name: value)
        #expect(Self.ours(used) == nil)
        #expect(Self.foundation(used) == nil)
    }

    @Test func stringsDecodeAsJSONDecoderDecodedThem() throws {
        let name = #""\u0041\u00e9\uD83C\uDF83\u0000\/\t é""#
        let ours = try #require(Self.ours(Self.file(name: name))?.first?.name)
        #expect(ours == "Aé🎃\u{0}/\t é")
        #expect(ours == Self.foundation(Self.file(name: name))?.first?.name)
    }

    @Test func theFirstOfTwoEqualKeysCountsButErrorsPointAtTheLast() throws {
        let twice = Self.file(extra: "\"name\": \"first\", ")
        #expect(Self.ours(twice)?.first?.name == "first")
        #expect(Self.foundation(twice)?.first?.name == "first")
        let error = try #require(throws: ThemeFileError.self) {
            try ThemeLibrary.decode(Array(##"{"themes": [{"name": 1, "name": "A", "emoji": [], "pairs": 2, "color": "#000000"}]}"##.utf8), source: "t.json")
        }
        #expect(error.message == "t.json:1:33: themes[0].name: Expected to decode String but found number instead.")
    }

    @Test func typeErrorsSayWhatJSONDecoderSaid() throws {
        func message(_ json: String) throws -> String {
            try #require(throws: ThemeFileError.self) { try ThemeLibrary.decode(Array(json.utf8), source: "t.json") }.message
        }
        let theme = ##""name": "A", "emoji": ["a", "b"], "pairs": 2, "color": "#000000""##
        #expect(try message("[]") == "t.json:1:1: top level: Expected to decode Dictionary<String, Any> but found an array instead.")
        #expect(try message("null") == "t.json:1:1: top level: Cannot get keyed decoding container -- found null value instead")
        #expect(try message("{}") == "t.json:1:1: top level: missing \"themes\"")
        #expect(try message(#"{"themes": {}}"#) == "t.json:1:12: themes: Expected to decode Array<Any> but found a dictionary instead.")
        #expect(try message(#"{"themes": null}"#) == "t.json:1:12: themes: Cannot get unkeyed decoding container -- found null value instead")
        #expect(try message(#"{"themes": [true]}"#) == "t.json:1:13: themes[0]: Expected to decode Dictionary<String, Any> but found bool instead.")
        #expect(try message(#"{"themes": [{"name": null}]}"#) == "t.json:1:22: themes[0].name: Cannot get value of type String -- found null value instead")
        #expect(try message(#"{"themes": [{"name": "A", "emoji": "ab"}]}"#) == "t.json:1:36: themes[0].emoji: Expected to decode Array<Any> but found a string instead.")
        #expect(try message(#"{"themes": [{"name": "A", "emoji": [1]}]}"#) == "t.json:1:37: themes[0].emoji[0]: Expected to decode String but found number instead.")
        #expect(try message(#"{"themes": [{"name": "A", "emoji": [], "pairs": "2"}]}"#) == "t.json:1:49: themes[0].pairs: Expected to decode Int but found a string instead.")
        #expect(try message(#"{"themes": [{"name": "A", "emoji": [], "pairs": null}]}"#) == "t.json:1:49: themes[0].pairs: Cannot get value of type Int -- found null value instead")
        #expect(try message(#"{"themes": [{"# + theme + #", "ascii": {}}]}"#) == "t.json:1:89: themes[0].ascii: Expected to decode Array<Any> but found a dictionary instead.")
        #expect(try #require(Self.ours(Array((#"{"themes": [{"# + theme + #", "ascii": null}]}"#).utf8))).first?.ascii == nil)
        // Bad UTF-8 in a value that is used: JSONDecoder's own words, no place.
        let badUTF8 = Array(#"{"themes": [{"name": ""#.utf8) + [0xFF] + Array(##"", "emoji": [], "pairs": 2, "color": "#000000"}]}"##.utf8)
        let error = try #require(throws: ThemeFileError.self) { try ThemeLibrary.decode(badUTF8, source: "t.json") }
        #expect(error.message == "t.json: invalid JSON: The given data was not valid JSON.")
    }

    @Test func utf16AndUTF32FilesAreReadAsJSONDecoderReadThem() throws {
        let text = String(decoding: Self.file(name: "\"Ünï 🎃\""), as: UTF8.self)
        let utf16 = Array(text.utf16)
        let littleEndian = utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32LittleEndian = text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) } }
        for (label, bytes) in [("UTF-16LE", littleEndian), ("UTF-16BE", bigEndian), ("UTF-16LE BOM", [0xFF, 0xFE] + littleEndian),
                               ("UTF-16BE BOM", [0xFE, 0xFF] + bigEndian), ("UTF-16 odd byte", littleEndian + [0x20]),
                               ("UTF-32LE", utf32LittleEndian), ("UTF-8 BOM", [0xEF, 0xBB, 0xBF] + Array(text.utf8))] {
            #expect(Self.ours(bytes)?.first?.name == "Ünï 🎃", "\(label)")
            #expect(Self.foundation(bytes)?.first?.name == "Ünï 🎃", "\(label)")
        }
        // A lone surrogate does not convert; nor does a second byte order mark.
        let lone = littleEndian + [0x3C, 0xD8]
        #expect(Self.ours(lone) == nil && Self.foundation(lone) == nil)
        let twoMarks = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(text.utf8)
        #expect(Self.ours(twoMarks) == nil && Self.foundation(twoMarks) == nil)
    }

    @Test func nestingLimitIsJSONDecoders() {
        // Lists and objects 512 deep in all (the file's own three count), however deep the values.
        for (lists, fine) in [(509, true), (510, false)] {
            let nest = String(repeating: "[", count: lists) + "1" + String(repeating: "]", count: lists)
            let bytes = Self.file(extra: "\"note\": \(nest), ")
            #expect((Self.ours(bytes) != nil) == fine, "\(lists)")
            #expect((Self.foundation(bytes) != nil) == fine, "\(lists)")
        }
    }

    @Test func encodedThemesReadBackAndKeepTheirKeyOrder() throws {
        let themes = [
            Theme(name: "Spooky \"quoted\" / \\", emoji: ["👻", "🎃"], pairs: 2, color: RGBColor(red: 255, green: 140, blue: 0), ascii: ["G", "P"]),
            Theme(name: "Cars", emoji: ["🚗", "🚕", "🚙"], pairs: 3, color: RGBColor(red: 0, green: 0, blue: 255)),
        ]
        let bytes = ThemeLibrary.encode(themes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"""
            {
              "themes" : [
                {
                  "name" : "Spooky \"quoted\" / \\",
                  "emoji" : [
                    "👻",
                    "🎃"
                  ],
                  "pairs" : 2,
                  "color" : "#ff8c00",
                  "ascii" : [
                    "G",
                    "P"
                  ]
                },
                {
                  "name" : "Cars",
                  "emoji" : [
                    "🚗",
                    "🚕",
                    "🚙"
                  ],
                  "pairs" : 3,
                  "color" : "#0000ff"
                }
              ]
            }

            """#)
        #expect(try ThemeLibrary.decode(bytes, source: "t.json") == themes)
        #expect(Self.foundation(bytes) == themes)
    }

    /// SplitMix64 from the game itself (MemorizeTestSupport adds below/chance/pick).
    typealias Generator = SeededRandomNumberGenerator

    @Test func mutatedFilesLoadExactlyWhenJSONDecoderLoadedThem() {
        let valid = Array(builtInThemesJSON.utf8)
        let inserts = ["\\q", "\\uD83C", "\\u0041", "\\uZZZZ", "1.5", "2.0", "2e0", "null", "\"x\": 007,", "\"name\": \"dup\",", ",", "]", "}",
                       "\u{1}", "\u{FEFF}", "[", "{", "\"", "1e400", "-0", "\"ascii\": null,"].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x82], [0x00]]
        var g = Generator(state: 0xF0_0D)
        var loaded = 0
        for round in 0..<3_000 {
            var bytes = valid
            for _ in 0...g.below(2) {
                switch g.below(4) {
                case 0: bytes[g.below(bytes.count)] ^= UInt8(1 << g.below(8))
                case 1:
                    let start = g.below(bytes.count)
                    bytes.removeSubrange(start..<min(bytes.count, start + 1 + g.below(30)))
                default: bytes.insert(contentsOf: inserts[g.below(inserts.count)], at: g.below(bytes.count + 1))
                }
            }
            let ours = Self.ours(bytes), foundation = Self.foundation(bytes)
            #expect(ours == foundation, "round \(round): \(String(decoding: bytes, as: UTF8.self).prefix(200))")
            if ours != nil { loaded += 1 }
        }
        #expect(loaded > 100, "loaded \(loaded): the mutations are too wild to compare loading")
    }
}
