/// SplitMix64 (Steele, Lea & Flood; reference code by Vigna): tiny, fast, and the same on every
/// platform, so `--seed N` deals the same game everywhere. Not for cryptography.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The seed of a generator that continues exactly where this one is: SplitMix64's whole state
    /// is one counter, so `SeededRandomNumberGenerator(seed: g.continuingSeed) == g`. A new game's
    /// intent carries it, so a game started by `r` or the chooser deals as it always did.
    public var continuingSeed: UInt64 { state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
