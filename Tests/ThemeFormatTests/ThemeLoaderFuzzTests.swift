import Foundation
import Testing
import MemorizeTestSupport
@testable import Memorize
@testable import MemorizeStore
@testable import ThemeFormat

/// Hostile theme files (a player's `$XDG_CONFIG_HOME/memorize-tui/themes.json` can hold anything):
/// `ThemeLibrary.decode` must return themes or throw a `ThemeFileError` that names a real place,
/// never trap, hang or overflow the stack. Seeded, so a failure replays exactly.
@Suite struct ThemeLoaderFuzzTests {
    /// SplitMix64 from the game itself (MemorizeTestSupport adds below/chance/pick).
    typealias Generator = SeededRandomNumberGenerator

    static let valid = BuiltInThemesFile.bytes

    /// Fragments that stress the decoder where it converts: numbers, escapes, UTF-8, structure.
    static let inserts: [[UInt8]] = [
        "1e400", "-1e400", "99999999999999999999999999", "9223372036854775808", "-9223372036854775809",
        "-0", "1.5", "0.0000000000000000000001", "NaN", "Infinity", "null", "true", "[]", "{}", "\"\"",
        "\\u0000", "\\uD800", "\\uDFFF\\uD800", "\\u12", "\\x41", "\\", "\"", ",", ":", "]", "}", "[", "{",
        ",,", "\u{FEFF}", "\u{FE0F}", "\u{200D}", "🎃", "\"pairs\": 1e99,", "\"pairs\": -5,", "\"color\": \"#12345\",",
        "\"emoji\": [],", "\"ascii\": [\"\"],", "\"name\": \"\",", "\"themes\": {},",
    ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0x00]]

    static func mutate(_ bytes: [UInt8], _ g: inout Generator) -> [UInt8] {
        var b = bytes
        for _ in 0...g.below(4) {
            switch g.below(6) {
            case 0 where !b.isEmpty: b[g.below(b.count)] ^= UInt8(1 << g.below(8))       // bit flip
            case 1 where !b.isEmpty: b[g.below(b.count)] = UInt8(truncatingIfNeeded: g.next())  // random byte
            case 2: b.removeSubrange(g.below(b.count + 1)...)                               // truncation
            case 3 where b.count > 1:                                                        // cut a span
                let start = g.below(b.count)
                b.removeSubrange(start..<min(b.count, start + 1 + g.below(40)))
            case 4 where !b.isEmpty:                                                         // duplicate a span
                let start = g.below(b.count)
                let span = Array(b[start..<min(b.count, start + 1 + g.below(200))])
                b.insert(contentsOf: span, at: g.below(b.count + 1))
            default: b.insert(contentsOf: g.pick(inserts), at: g.below(b.count + 1))
            }
        }
        return b
    }

    /// Decodes, and checks whatever came back: an error names the source and a line inside the
    /// file; themes can be validated and, when valid, dealt into a game that keeps its invariants.
    /// Returns true when the file decoded.
    @discardableResult
    static func exercise(_ bytes: [UInt8], label: String) -> Bool {
        do {
            let themes = try ThemeLibrary.decode(Data(bytes), source: "fuzz.json")
            for theme in themes where ThemeValidator.forTests.problems(of: theme).map(\.description).isEmpty {
                let game = MemoryGame(numberOfPairsOfCards: theme.numberOfPairs, seed: 1) { theme.emoji[$0] }
                let problems = game.invariantViolations()
                #expect(problems.isEmpty, "\(label): theme \(theme.name): \(problems)")
            }
            return true
        } catch let error as ThemeFileError {
            #expect(error.source == "fuzz.json", "\(label): \(error)")
            #expect(!error.reason.isEmpty, "\(label): empty reason")
            if let line = error.line {
                let lines = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
                #expect((1...lines).contains(line), "\(label): line \(line) outside the file's \(lines) lines: \(error)")
                #expect((error.column ?? 1) >= 1, "\(label): column \(String(describing: error.column))")
            }
            return false
        } catch {
            Issue.record("\(label): threw \(type(of: error)), not ThemeFileError: \(error)")
            return false
        }
    }

    @Test func mutatedThemeFilesDecodeOrFailCleanly() {
        #expect(Self.exercise(Self.valid, label: "unmutated"))
        var g = Generator(state: 0x7E3E_0001)
        var decoded = 0, failed = 0
        let rounds = ProcessInfo.processInfo.environment["MEMORIZE_FUZZ_SECONDS"] != nil ? 50_000 : 3_000
        for round in 0..<rounds {
            if Self.exercise(Self.mutate(Self.valid, &g), label: "round \(round)") { decoded += 1 } else { failed += 1 }
        }
        // Both outcomes must occur, or the mutations are too mild or too wild to test anything.
        #expect(decoded > 50 && failed > 50, "decoded \(decoded), failed \(failed)")
        print("fuzz(themes): files=\(rounds) decoded=\(decoded) errors=\(failed) crashes=0")
    }

    @Test func everyTruncationFailsCleanly() {
        // Every prefix of a short valid file: each cut must be an error (only the whole file is valid).
        let small = Array("""
            {"themes": [{"name": "A", "emoji": ["🎃", "👻"], "pairs": 2, "color": "#ff8c00", "ascii": ["P", "G"]}]}
            """.utf8)
        #expect(Self.exercise(small, label: "whole"))
        for cut in 0..<small.count {
            #expect(!Self.exercise(Array(small[..<cut]), label: "cut at \(cut)"), "prefix of \(cut) bytes decoded")
        }
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        for depth in [600, 10_000, 200_000] {
            let arrays = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
            #expect(!Self.exercise(Array("{\"themes\": ".utf8) + arrays + [UInt8(ascii: "}")], label: "arrays \(depth)"))
            let objects = Array(String(repeating: "{\"a\":", count: depth).utf8) + Array("1".utf8)
                + Array(repeating: UInt8(ascii: "}"), count: depth)
            #expect(!Self.exercise(objects, label: "objects \(depth)"))
            // Unclosed: the reader must give up at the limit, not walk the whole stack.
            #expect(!Self.exercise(Array(repeating: UInt8(ascii: "["), count: depth), label: "unclosed \(depth)"))
        }
    }

    @Test func hostileValuesInAValidShape() {
        func file(pairs: String = "2", emoji: String = "[\"🎃\", \"👻\"]", name: String = "\"A\"",
                  color: String = "\"#ff8c00\"", ascii: String = "[\"P\", \"G\"]") -> [UInt8] {
            Array("{\"themes\": [{\"name\": \(name), \"emoji\": \(emoji), \"pairs\": \(pairs), \"color\": \(color), \"ascii\": \(ascii)}]}".utf8)
        }
        for pairs in ["1e400", "-1e400", "99999999999999999999999", "9223372036854775807", "-9223372036854775808",
                      "9223372036854775808", "1.5", "-0", "0", "\"2\"", "null", "[2]"] {
            Self.exercise(file(pairs: pairs), label: "pairs \(pairs)")
        }
        // The largest Int must not overflow anything downstream (numberOfPairs clamps it).
        let maxPairs = try? ThemeLibrary.decode(Data(file(pairs: "\(Int.max)")), source: "fuzz.json")
        #expect(maxPairs?.first?.numberOfPairs == 2)
        for name in ["\"\\u0000\"", "\"\\uD800\"", "\"\(String(repeating: "x", count: 100_000))\"", "\"\u{202E}evil\"", "1", "null"] {
            Self.exercise(file(name: name), label: "name \(name.prefix(20))")
        }
        for emoji in ["[]", "[\"\"]", "[\"\\uD83C\"]", "[\"🎃\", \"🎃\"]", "[\"a\u{0301}\", \"🎃\"]",
                      "[" + Array(repeating: "\"🎃\"", count: 20_000).joined(separator: ",") + "]", "\"🎃\"", "[1, 2]"] {
            Self.exercise(file(emoji: emoji), label: "emoji \(emoji.prefix(20))")
        }
        for color in ["\"#fff\"", "\"#gggggg\"", "\"ff8c00\"", "\"#ff8c00ff\"", "\"#🎃🎃\"", "\"\"", "16777215", "null"] {
            Self.exercise(file(color: color), label: "color \(color)")
        }
        for ascii in ["[]", "[\"\", \"\"]", "[\"PP\", \"G\"]", "[\" \", \"G\"]", "[\"\\u007f\", \"G\"]", "null", "[null, null]"] {
            Self.exercise(file(ascii: ascii), label: "ascii \(ascii)")
        }
        // Invalid UTF-8 inside strings and between tokens.
        let base = file()
        for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82]] {
            for anchor in ["\"A\"", "🎃", "{\"themes\""] {
                let at = Self.offset(of: Array(anchor.utf8), in: base) + 1
                Self.exercise(Array(base[..<at]) + bad + Array(base[at...]), label: "bytes \(bad) after \(anchor)")
            }
        }
        // A lot of themes at once.
        let many = "{\"themes\": [" + Array(repeating: String(decoding: file().dropFirst(12).dropLast(2), as: UTF8.self), count: 5_000)
            .joined(separator: ",") + "]}"
        #expect(Self.exercise(Array(many.utf8), label: "5000 themes"))
    }

    static func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard needle.count <= haystack.count else { return 0 }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            return start
        }
        return 0
    }
}
