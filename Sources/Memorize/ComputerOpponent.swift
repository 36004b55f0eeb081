/// The computer player. It sees only the `table` (what is face up, what is gone),
/// remembers what it saw as its `OpponentLevel` allows, and decides one card at a time: a known
/// pair if it has one, else an unknown card, then that card's partner if it remembers it.
///
/// Deterministic: every chance it takes comes from its own generator, seeded from the game's, and
/// its memory fades by moves, not seconds. It knows cards by position, so a `shuffle()` (cards
/// flying everywhere at once) makes it forget them all, as it would a person.
public struct ComputerOpponent<CardContent: Equatable> {
    public typealias Level = OpponentLevel

    public let level: Level
    private var generator: SeededRandomNumberGenerator

    /// What it recalls of one position: the content and the move it was seen at.
    fileprivate struct Memory {
        var content: CardContent
        var seenAtMove: Int
    }
    /// Indexed by position on the table (an array, not a dictionary: its order decides nothing).
    private var memory: [Memory?] = []
    /// Positions face up at the last look: a card is a new sight only when it turns up.
    private var faceUpBefore: [Bool] = []

    public init(level: Level, seed: UInt64) {
        self.level = level
        generator = SeededRandomNumberGenerator(seed: seed)
    }

    /// How many positions it remembers now (tests, statistics).
    public var rememberedCount: Int { memory.lazy.filter { $0 != nil }.count }

    /// What it remembers at `position` (tests).
    func remembered(at position: Int) -> CardContent? {
        memory.indices.contains(position) ? memory[position]?.content : nil
    }

    /// Looks at the table after a move (anyone's); `move` counts the game's moves so far. Each card
    /// that has just turned up is remembered with the level's chance; matched cards are let go.
    public mutating func observe(_ table: [TableCard<CardContent>], move: Int) {
        if memory.count != table.count {
            memory = Array(repeating: nil, count: table.count)
            faceUpBefore = Array(repeating: false, count: table.count)
        }
        for (position, card) in table.enumerated() {
            defer { faceUpBefore[position] = card.isFaceUp }
            if card.isMatched {
                memory[position] = nil
                continue
            }
            guard card.isFaceUp, !faceUpBefore[position], let content = card.faceUpContent else { continue }
            if chance(level.rememberChance) {
                memory[position] = Memory(content: content, seenAtMove: move)
            }
        }
        forget(olderThan: move)
    }

    /// Cards moved where it could not follow them (a shuffle): everything remembered is gone.
    public mutating func forgetPositions() {
        memory = Array(repeating: nil, count: memory.count)
    }

    /// The position to choose next on `table`, or nil when no card can be chosen.
    public mutating func nextChoice(on table: [TableCard<CardContent>], move: Int) -> Int? {
        forget(olderThan: move)
        let choosable = table.indices.filter { table[$0].isChoosable }
        guard !choosable.isEmpty else { return nil }
        let open = table.indices.filter { table[$0].isFaceUp && !table[$0].isMatched }
        if open.count == 1, let showing = table[open[0]].faceUpContent {
            // Second card of a turn: the partner of the one showing, if remembered.
            if let partner = choosable.first(where: { recalled($0, table: table) == showing }) { return partner }
        } else if let known = knownPair(among: choosable, table: table) {
            return known
        }
        let unknown = choosable.filter { recalled($0, table: table) == nil }
        return pick(unknown.isEmpty ? choosable : unknown)
    }

    // MARK: - Memory

    /// What it recalls at `position`, if anything (and the table still agrees it is in play).
    private func recalled(_ position: Int, table: [TableCard<CardContent>]) -> CardContent? {
        guard memory.indices.contains(position), memory.count == table.count else { return nil }
        return memory[position]?.content
    }

    /// A position to choose that starts a pair it knows: two cards of the same content, both
    /// remembered, or one of them face up now (a mismatch still showing, which the first choice
    /// turns down). The first such choosable position in table order.
    private func knownPair(among choosable: [Int], table: [TableCard<CardContent>]) -> Int? {
        func known(_ position: Int) -> CardContent? { table[position].faceUpContent ?? recalled(position, table: table) }
        let inPlay = table.indices.filter { !table[$0].isMatched }
        for first in choosable {
            guard let content = known(first) else { continue }
            if inPlay.contains(where: { $0 != first && known($0) == content }) { return first }
        }
        return nil
    }

    private mutating func forget(olderThan move: Int) {
        guard let span = level.memorySpan else { return }
        for position in memory.indices where memory[position].map({ move - $0.seenAtMove > span }) ?? false {
            memory[position] = nil
        }
    }

    // MARK: - Chance, from the game's seed

    private mutating func chance(_ probability: Double) -> Bool {
        guard probability < 1 else { return true }
        return Double(generator.next() >> 11) / Double(1 << 53) < probability
    }

    private mutating func pick(_ positions: [Int]) -> Int? {
        positions.randomElement(using: &generator)
    }
}

extension ComputerOpponent: Sendable where CardContent: Sendable {}
/// Equal when level, chances and memory are: a replayed game's computer must be the same one.
extension ComputerOpponent: Equatable {}
extension ComputerOpponent.Memory: Equatable {}
extension ComputerOpponent.Memory: Sendable where CardContent: Sendable {}
