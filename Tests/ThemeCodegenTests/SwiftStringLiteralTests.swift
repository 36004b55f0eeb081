import Testing
import MemorizeTestSupport
import Memorize
@testable import ThemeCodegen

/// Text from assets/themes.json becomes Swift source at build time: no text may end a literal
/// early, start an interpolation or a comment, or reach the compiler as anything but characters.
@Suite struct SwiftStringLiteralTests {
    /// Reads a literal back the way the compiler reads the two forms `quoted` writes (plain
    /// printable ASCII and `\u{hex}`); nil for anything else, which `quoted` must never write.
    static func unquoted(_ literal: String) -> String? {
        var scalars = Array(literal.unicodeScalars)
        guard scalars.count >= 2, scalars.removeFirst() == "\"", scalars.removeLast() == "\"" else { return nil }
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard (0x20...0x7E).contains(scalar.value), scalar != "\"" else { return nil }
            guard scalar == "\\" else {
                text.append(scalar)
                index += 1
                continue
            }
            guard index + 2 < scalars.count, scalars[index + 1] == "u", scalars[index + 2] == "{",
                  let close = scalars[(index + 3)...].firstIndex(of: "}") else { return nil }
            let hex = String(String.UnicodeScalarView(scalars[(index + 3)..<close]))
            guard (1...8).contains(hex.count), let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                return nil
            }
            text.append(decoded)
            index = close + 1
        }
        return String(text)
    }

    @Test func escapesQuoteBackslashAndEverythingBeyondPrintableASCII() {
        #expect(SwiftStringLiteral.quoted("Halloween") == #""Halloween""#)
        #expect(SwiftStringLiteral.quoted("") == #""""#)
        #expect(SwiftStringLiteral.quoted("a\"b\\c\n🎃é") == #""a\u{22}b\u{5C}c\u{A}\u{1F383}\u{E9}""#)
        #expect(SwiftStringLiteral.quoted("\u{0}\u{7F}\u{202E}") == #""\u{0}\u{7F}\u{202E}""#)
    }

    @Test func hostileTextStaysText() {
        let hostile = [
            "\"", "\\", "\"\"\"", "\\(exit(1))", "\"); exit(1); (\"", "#\"", "\"#", "/* ", "*/", "// x",
            "\n}\nfunc evil() {}\n", "\r\n", "\u{2028}\u{2029}", "\u{0}", "\u{FEFF}", "\u{202E}evil",
            "a\u{0301}", "👩‍👩‍👧", "❤️", "\u{10FFFF}", String(repeating: "\\\"", count: 100),
        ]
        for text in hostile {
            let literal = SwiftStringLiteral.quoted(text)
            #expect(literal.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, "\(literal)")
            #expect(Self.unquoted(literal) == text, "\(literal)")
        }
    }

    @Test func randomTextRoundTrips() {
        var g = SeededRandomNumberGenerator(state: 0x5717_0001)
        for round in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<g.below(20) {
                // Mostly ASCII, where the quote and backslash live, then anything Unicode has.
                let value = g.chance(60) ? UInt32(g.below(0x80)) : UInt32(g.below(0x11_0000))
                if let scalar = Unicode.Scalar(value) { text.append(scalar) }
            }
            let literal = SwiftStringLiteral.quoted(String(text))
            #expect(Self.unquoted(literal) == String(text), "round \(round): \(literal)")
        }
    }
}
