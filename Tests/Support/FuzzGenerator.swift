import Memorize

/// The fuzz tests draw from the game's own SplitMix64, so a printed seed replays exactly.
extension SeededRandomNumberGenerator {
    public init(state: UInt64) { self.init(seed: state) }
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
