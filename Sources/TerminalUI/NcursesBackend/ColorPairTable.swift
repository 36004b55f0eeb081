/// The painter's own colour pairs: which pair number shows which foreground/background, when each
/// was last drawn, and how many cells on screen each colours now.
///
/// ncurses' `alloc_pair` recycles its *oldest allocation* once the terminal's pairs run out (63 on
/// TERM=xterm's 8 colours), while cells drawn earlier in that pair are still on screen: the
/// terminal repaints them in the new colours. Here a pair is reused only when no cell on screen
/// shows it (the least recently *drawn* of those), so no visible cell changes colour by accident.
/// When every pair colours something on screen, a new pairing gets none (nil: the caller draws it
/// in the default colours) rather than recolour cells it did not mean to touch.
struct ColorPairTable {
    struct Key: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Pair numbers 1...capacity are ours (0 is the terminal's default pair).
    let capacity: Int
    private var pairOf: [Key: Int32] = [:]
    /// Indexed by pair number (entry 0 unused); grown as pairs are first handed out.
    private var keyOf: [Key?] = [nil]
    private var lastUse: [UInt64] = [0]
    private var cellsShowing: [Int] = [0]
    private var useClock: UInt64 = 0

    init(capacity: Int) { self.capacity = max(0, capacity) }

    enum Lookup: Equatable {
        /// The key has this pair already.
        case existing(Int32)
        /// The caller must define `pair` as `key` (init_extended_pair); `replaced` is the pairing
        /// it held before, if any (cached styles that name this pair are stale now).
        case defined(Int32, replaced: Key?)
        /// Every pair colours a cell on screen.
        case unavailable
    }

    /// The pair for `key`, defining or reusing one if need be.
    mutating func pair(for key: Key) -> Lookup {
        if let pair = pairOf[key] { return .existing(pair) }
        if keyOf.count <= capacity {
            let pair = Int32(keyOf.count)
            keyOf.append(key)
            lastUse.append(0)
            cellsShowing.append(0)
            pairOf[key] = pair
            return .defined(pair, replaced: nil)
        }
        // Reuse the least recently drawn pair that no cell on screen shows.
        var victim = 0
        for pair in 1..<keyOf.count where cellsShowing[pair] == 0 && (victim == 0 || lastUse[pair] < lastUse[victim]) {
            victim = pair
        }
        guard victim != 0 else { return .unavailable }
        let replaced = keyOf[victim]
        if let replaced { pairOf[replaced] = nil }
        keyOf[victim] = key
        lastUse[victim] = 0
        pairOf[key] = Int32(victim)
        return .defined(Int32(victim), replaced: replaced)
    }

    /// A cell that showed `old` now shows `new` (0 for the default pair): recency and counts.
    mutating func cellDrawn(with new: Int32, replacing old: Int32) {
        useClock &+= 1
        if new > 0 && Int(new) < keyOf.count {
            lastUse[Int(new)] = useClock
            cellsShowing[Int(new)] += 1
        }
        if old > 0 && Int(old) < keyOf.count && cellsShowing[Int(old)] > 0 { cellsShowing[Int(old)] -= 1 }
    }

    /// The screen was cleared: no cell shows any pair.
    mutating func screenCleared() {
        for pair in cellsShowing.indices { cellsShowing[pair] = 0 }
    }

    /// Cells on screen in `pair` (tests).
    func cellsShowing(_ pair: Int32) -> Int { Int(pair) < cellsShowing.count ? cellsShowing[Int(pair)] : 0 }
}
