import Testing
import Memorize

@Suite struct SeededRandomNumberGeneratorTests {
    @Test func matchesSplitMix64ReferenceOutput() {
        // First outputs of Vigna's splitmix64.c for seed 1234567.
        var generator = SeededRandomNumberGenerator(seed: 1_234_567)
        let outputs = (0..<3).map { _ in generator.next() }
        #expect(outputs == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test func sameSeedSameSequenceDifferentSeedDifferent() {
        var a = SeededRandomNumberGenerator(seed: 42)
        var b = SeededRandomNumberGenerator(seed: 42)
        var c = SeededRandomNumberGenerator(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
    }
}
