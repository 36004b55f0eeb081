import Foundation
import Memorize
import Testing
@testable import MemorizeStore

extension PersistenceTests {
    /// The persistence layer replaced Foundation (JSONEncoder, ProcessInfo, Date) with its own
    /// code; Foundation is the oracle that nothing a player has on disk or sees changed.
    @Suite struct FoundationCompatibilityTests {
        /// What JSONEncoder wrote for the score book.
        struct FoundationScoreFile: Encodable {
            let version: Int
            let best: [String: BestScore]
        }

        static func foundationBytes(_ bests: [String: BestScore]) throws -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return Array(try encoder.encode(FoundationScoreFile(version: ScoreFile.version, best: bests))) + Array("\n".utf8)
        }

        @Test func scoreFilesKeepJSONEncodersBytes() throws {
            let names = ["Halloween", "Vehicles", "a/b", "é", "e\u{301}", "tab\there", "quote\"", "back\\slash", "🎃", "Z", "a",
                         "\u{7F}", "\u{2028}", "x\ny", "Theme 10", "Theme 9", " ", "\u{0}\u{1F}"]
            let times: [Double] = [0, 0.25, 41.5, 0.1 + 0.2, 1e-5, 1e-7, 123_456_789.123, 1e9, .leastNonzeroMagnitude, 2.0]
            var g = SeededRandomNumberGenerator(seed: 0x5C0E)
            for _ in 0..<300 {
                var bests: [String: BestScore] = [:]
                for _ in 0..<Int.random(in: 0...6, using: &g) {
                    let name = names.randomElement(using: &g)! + (Bool.random(using: &g) ? "" : "\(Int.random(in: 0..<20, using: &g))")
                    bests[name] = BestScore(score: Int.random(in: -1000...1000, using: &g), moves: Int.random(in: 0...500, using: &g),
                                            seconds: Bool.random(using: &g) ? times.randomElement(using: &g)! : Double.random(in: 0...1e6, using: &g))
                }
                #expect(try ScoreFile.encode(bests) == Self.foundationBytes(bests))
                if !bests.keys.contains(where: { $0.allSatisfy(\.isWhitespace) }) {  // a blank name is refused on reading
                    #expect(try ScoreFile.decode(ScoreFile.encode(bests)) == bests)
                }
            }
        }

        @Test func anUnwritableTimeIsAnErrorNotGarbage() {
            #expect(throws: ScoreFile.UnwritableTime.self) { try ScoreFile.encode(["T": BestScore(score: 1, moves: 1, seconds: .nan)]) }
        }

        @Test func environmentAndClockAreWhatFoundationGave() {
            #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
            #expect(abs(WallClock.secondsSince1970() - Date().timeIntervalSince1970) < 1)
        }
    }
}
