@testable import MemorizeServer
import Testing

/// The game's command line in the server's log: a deal's seed never appears, only its fingerprint.
@Suite struct LoggedArgumentsTests {
    @Test func aSeedIsLoggedAsItsFingerprintOnly() {
        let seed = "12345678901234567890"
        let text = LoggedArguments.text(["--seed", seed, "--players", "2", "--seed=\(seed)"])
        #expect(!text.contains(seed), "\(text)")
        let fingerprint = LoggedArguments.seedFingerprint(seed)
        #expect(text == "--seed \(fingerprint) --players 2 --seed=\(fingerprint)")
        // 64 bits of SHA-256 in hex: equal seeds match, different seeds differ.
        #expect(fingerprint.count == 17 && fingerprint.hasPrefix("#"))
        #expect(fingerprint == LoggedArguments.seedFingerprint(seed))
        #expect(fingerprint != LoggedArguments.seedFingerprint("12345678901234567891"))
    }

    @Test func otherArgumentsAreNeutralisedAsBefore() {
        let text = LoggedArguments.text(["--names", "a\u{1B}[2Jb\u{202E}c"])
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(text)")
    }
}
