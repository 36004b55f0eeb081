import Foundation
import Memorize
import Testing
@testable import MemorizeStore

extension PersistenceTests {
    /// Seeded random damage to a good scores file: every load either reads it cleanly (and leaves
    /// it alone) or warns with the file's name and keeps the exact bytes aside. Never a crash.
    @Suite struct ScoreBookMutationTests {
        static let good = Array("""
        {
          "best": {
            "Animals": {"moves": 14, "score": 9, "seconds": 63.25},
            "Halloween": {"moves": 20, "score": 12, "seconds": 41.5}
          },
          "version": 1
        }

        """.utf8)

        /// Replace, insert, delete or duplicate a few bytes, biased to JSON's own characters.
        static func mutate(_ bytes: [UInt8], using rng: inout SeededRandomNumberGenerator) -> [UInt8] {
            var bytes = bytes
            let alphabet = Array("{}[]\":,-.0123456789eE+ \n\\tfnu".utf8) + [0x00, 0xFF, 0xC3, 0x80]
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0...bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where at < bytes.count: bytes[at] = alphabet.randomElement(using: &rng)!
                case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
                case 2 where at < bytes.count: bytes.remove(at: at)
                default:
                    let length = Int.random(in: 1...12, using: &rng)
                    let start = Int.random(in: 0..<bytes.count, using: &rng)
                    bytes.insert(contentsOf: bytes[start..<min(start + length, bytes.count)], at: at)
                }
            }
            return bytes
        }

        @Test func mutatedFilesLoadOrAreKeptAside() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            var rng = SeededRandomNumberGenerator(seed: 193)
            var clean = 0, aside = 0
            for round in 0..<400 {
                let bytes = Self.mutate(Self.good, using: &rng)
                dir.write(bytes, to: "scores.json")
                let book = ScoreBook(path: path, now: { Double(round) })
                if let warning = book.warning, warning.contains("written by a newer memorize-tui") {
                    // "version": 1 became 17, say: not ours to move, so it stays and is not saved over.
                    #expect(readBytes(path) == bytes, "round \(round)")
                    #expect(!book.isSavingEnabled)
                } else if let warning = book.warning {
                    aside += 1
                    let asidePath = "\(path).corrupt-\(AsideFile.timestamp(Double(round)))"
                    #expect(warning.hasPrefix("Best scores: \(path):"), "round \(round): \(warning)")
                    #expect(readBytes(asidePath) == bytes, "round \(round)")
                    #expect(book.allBests.isEmpty)
                    unlink(asidePath)
                } else {
                    clean += 1
                    #expect(readBytes(path) == bytes, "round \(round)")
                    // What loaded is what a strict reader finds in the file.
                    #expect(book.allBests == (try? ScoreFile.decode(bytes)), "round \(round)")
                }
                #expect(dir.names().count <= 1, "round \(round): \(dir.names())")
            }
            #expect(aside > 100)
            #expect(clean > 10)
        }
    }
}
