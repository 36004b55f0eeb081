/// The Animator's tracks by key. A frame reads a dozen presented values per moving card, and a
/// `Dictionary` seeds and finalises SipHash on every read: with a few hundred keys that was the
/// largest single cost of a frame after ncurses. Keys are small (a view id and a short property
/// name), so an open-addressing table with linear probing and a multiplicative hash of the id and
/// the name's first bytes finds one in a probe or two; equality still compares the whole name.
struct TrackTable<Value> {
    private var keys: [AnimationKey?]
    private var values: [Value?]
    /// log2 of the capacity; the hash's top `bits` bits pick the slot.
    private var bits: Int
    private(set) var count = 0

    init() {
        // Room for a game's cards from the start (8 properties each, at most half full): growing
        // rehashes every key, and the first frame sets them all.
        bits = 9
        keys = Array(repeating: nil, count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
    }

    private var mask: Int { (1 << bits) - 1 }

    private func home(of key: AnimationKey) -> Int {
        // The id, the name's length and first byte tell apart the names a view uses (as
        // AnimationKey.hash does); a rare clash costs one more probe.
        let name = key.property.utf8
        var mixed = UInt64(truncatingIfNeeded: key.id) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= UInt64(name.count &* 256 &+ Int(name.first ?? 0)) &* 0xBF58_476D_1CE4_E5B9
        mixed &*= 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - bits))
    }

    /// The slot holding `key`, or the empty slot where it would go.
    private func slot(of key: AnimationKey) -> (index: Int, found: Bool) {
        var index = home(of: key)
        while let present = keys[index] {
            if present.id == key.id, present.property == key.property { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    subscript(key: AnimationKey) -> Value? {
        get {
            let (index, found) = slot(of: key)
            return found ? values[index] : nil
        }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            var (index, found) = slot(of: key)
            if !found {
                // At most half full, so a probe always ends at an empty slot soon.
                if (count + 1) * 2 > keys.count {
                    grow()
                    index = slot(of: key).index
                }
                keys[index] = key
                count += 1
            }
            values[index] = newValue
        }
    }

    /// Removes `key`; its value, if it was there.
    @discardableResult
    mutating func removeValue(forKey key: AnimationKey) -> Value? {
        let (index, found) = slot(of: key)
        guard found else { return nil }
        let removed = values[index]
        keys[index] = nil
        values[index] = nil
        count -= 1
        // Backward-shift deletion: pull later members of the run into the hole when their home
        // is not strictly between the hole and them, so no lookup ever stops short at a gap.
        var hole = index
        var next = (hole + 1) & mask
        while let candidate = keys[next] {
            let wanted = home(of: candidate)
            let distanceToHole = (hole - wanted) & mask
            let distanceToNext = (next - wanted) & mask
            if distanceToHole <= distanceToNext {
                keys[hole] = candidate
                values[hole] = values[next]
                keys[next] = nil
                values[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        bits += 1
        keys = Array(repeating: nil, count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
        count = 0
        for index in oldKeys.indices {
            if let key = oldKeys[index], let value = oldValues[index] { self[key] = value }
        }
    }

    /// Every key and value, in no particular order.
    var elements: [(key: AnimationKey, value: Value)] {
        keys.indices.compactMap { index in keys[index].flatMap { key in values[index].map { (key, $0) } } }
    }
}
