import Foundation
import Memorize
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import MemorizeStore

extension PersistenceTests {
    /// Kills a process in the middle of saving, many times, at seeded random moments: after every
    /// kill scores.json must be exactly the old or exactly the new content, and load cleanly.
    /// (A plain truncate-and-write fails this test within a few rounds.)
    @Suite struct CrashDuringSaveTests {
        static let rounds = 60

        /// A valid, large scores file (hundreds of KB, so a write takes a while); `round` makes
        /// each one different, in content and in size.
        static func content(round: Int) throws -> (bests: [String: BestScore], data: Data) {
            var bests: [String: BestScore] = [:]
            for index in 0..<(3_000 + (round % 7) * 150) {
                bests["Theme \(index) of round \(round)"] = BestScore(score: round, moves: index, seconds: Double(index) + 0.5)
            }
            return (bests, Data(try ScoreFile.encode(bests)))
        }

        @Test func killedSavesLeaveTheOldOrTheNewFile() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            var rng = SeededRandomNumberGenerator(seed: 0xC0FFEE)

            var onDisk = try Self.content(round: 0)
            // Also warms up AtomicFile in this process before any fork (see ForkedChild).
            var times: [TimeInterval] = []
            for _ in 0..<3 {
                let started = Date()
                try AtomicFile.write(onDisk.data, to: path, mode: 0o600)
                times.append(Date().timeIntervalSince(started))
            }
            let oneSave = max(times.sorted()[1], 0.001)

            var kept = 0, replaced = 0, kills = 0
            for round in 1...Self.rounds {
                kills += 1
                let next = try Self.content(round: round)
                let child = ForkedChild.start { report in
                    ForkedChild.say("go", to: report)  // the loop starts now
                    while true {
                        do {
                            try AtomicFile.write(next.data, to: path, mode: 0o600)
                        } catch {
                            ForkedChild.say("\(error)", to: report)
                            return 1
                        }
                    }
                }
                var go = [UInt8](repeating: 0, count: 2)
                _ = read(child.report, &go, 2)
                // Every fourth kill lands at once (inside the first save); the others anywhere from
                // there to a few saves in.
                let delay = round % 4 == 0 ? 0 : Double.random(in: 0..<(3 * oneSave), using: &rng)
                usleep(UInt32(delay * 1_000_000))
                kill(child.pid, SIGKILL)
                let outcome = ForkedChild.finish(child)
                #expect(outcome.signal == SIGKILL, "round \(round): the child stopped by itself: \(outcome.report)")

                let bytes = try #require(readBytes(path), "round \(round): scores.json is gone")
                let isOld = bytes == Array(onDisk.data)
                let isNew = bytes == Array(next.data)
                #expect(isOld || isNew, "round \(round): scores.json is neither the old nor the new content (\(bytes.count) bytes)")
                if isNew {
                    replaced += 1
                    onDisk = next
                } else {
                    kept += 1
                }
                // What the game would see next: a clean load, stale temp files or not.
                let book = ScoreBook(path: path)
                #expect(book.warning == nil, "round \(round): \(book.warning ?? "")")
                #expect(book.allBests == onDisk.bests, "round \(round): loaded bests differ")
                if !(isOld || isNew) || book.warning != nil { break }
            }
            // The kills really did land on both sides of the rename.
            #expect(replaced > 0)
            #expect(kept > 0)
            let strays = dir.names().filter { $0 != "scores.json" }
            #expect(strays.allSatisfy { $0.hasPrefix(AtomicFile.tempPrefix(for: "scores.json")) }, "\(strays)")
            print("crash-during-save: \(kills) kills, \(replaced) after a completed save, \(kept) before, \(strays.count) stale temp files, one save ≈ \(Int(oneSave * 1000)) ms")
        }
    }
}
