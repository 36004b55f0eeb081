import Testing
import TerminalUI

/// Deterministic mutations of a valid script: parsing must succeed or throw KeyScriptError, never trap.
@Suite struct KeyScriptFuzzTests {
    /// SplitMix64: tiny, seeded, so a failure replays exactly.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    }

    static let base = Array("""
    size 80x24
    seed 42
    theme Halloween
    key d
    key right 3
    type "d\\"s#s"   # comment
    click 12 5
    wait 500ms
    wait 1.5s
    resize 120x40
    snapshot after-deal
    expect "Score: 2"
    theme Animal Faces
    """.utf8)

    static let inserts: [[UInt8]] = ["\"", "\\", "#", "0", "9", "-", ".", "x", " ", "\n", "\r", "ms",
                                     "99999999999999999999999", "18446744073709551616", "10000", "1e308",
                                     "\u{FEFF}", "é", "🎃"].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x00]]

    static func mutate(_ bytes: [UInt8], _ g: inout Generator) -> [UInt8] {
        var b = bytes
        for _ in 0...g.below(3) {
            switch g.below(4) {
            case 0 where !b.isEmpty: b[g.below(b.count)] ^= UInt8(1 << g.below(8))   // bit flip
            case 1: b.removeSubrange(g.below(b.count + 1)...)                           // truncation
            case 2 where !b.isEmpty: b.remove(at: g.below(b.count))
            default: b.insert(contentsOf: inserts[g.below(inserts.count)], at: g.below(b.count + 1))
            }
        }
        return b
    }

    @Test func mutatedScriptsParseOrFailCleanly() {
        var g = Generator(state: 2024)
        var parsed = 0, failed = 0
        for round in 0..<2_000 {
            let bytes = Self.mutate(Self.base, &g)
            do {
                let script = try KeyScript.parseForTest(utf8: bytes, source: "fuzz.keys")
                parsed += 1
                // Play it to the end too: the timeline must terminate and never go back in time.
                let player = KeyScriptPlayer(script: script, startTime: 0)
                var now = 0.0
                while let due = player.nextDueTime() {
                    #expect(due >= now, "round \(round)")
                    now = due
                    _ = player.dueSteps(at: now)
                }
            } catch let error as KeyScriptError {
                failed += 1
                let lines = bytes.filter { $0 == 0x0A }.count + 1
                #expect(error.file == "fuzz.keys" && (1...lines).contains(error.line), "round \(round): \(error)")
            } catch {
                Issue.record("round \(round): unexpected error \(error)")
            }
        }
        // Both outcomes must actually occur, or the mutations are not exercising the parser.
        #expect(parsed > 100 && failed > 100, "parsed \(parsed), failed \(failed)")
    }
}
