/// The game model of lectures 2–8: `cards`, `choose(_:)`, `shuffle()` and `score`.
///
/// More than one `Player` may sit at the table: they take turns, a match scores for the current player
/// who goes again, a mismatch ends the turn. With one player (the default) this is the lecture's
/// solo game, and `score` is that player's score.
///
/// A plain value: no UI, no clock. Time is an argument of each change (the intent's stamped
/// time), randomness comes from a generator seeded at `init`, so the same seed and the same timed
/// choices replay the same game. Its changes are `internal`: outside this module a game changes
/// only through `GameState.apply(_:themes:)`, the one way in for every intent.
public struct MemoryGame<CardContent: Equatable> {
    public private(set) var cards: [Card]
    /// The table's score: the sum of every player's, so with one player it is theirs (the lecture's).
    public private(set) var score = 0
    /// Number of `choose(_:)` calls that turned a card face up (ignored choices do not count).
    public private(set) var moves = 0
    /// Bookkeeping for `invariantViolations()`: bonus points added by matches so far, and points
    /// taken by mismatches, so `score == 2 · matched pairs + bonusPointsEarned − penaltiesPaid`.
    public private(set) var bonusPointsEarned = 0
    public private(set) var penaltiesPaid = 0
    /// The seats, in turn order; at least one. Their tallies add up to the totals above.
    public private(set) var players: [Player]
    /// Whose turn it is: an index into `players`.
    public private(set) var currentPlayer = 0
    /// How many turns have ended (one per mismatch): `currentPlayer` is this modulo the seats.
    public private(set) var turnsEnded = 0
    private var generator: SeededRandomNumberGenerator

    /// Pair `i` gets cards with ids `2i` and `2i+1` (as in the lecture), then the deck is
    /// shuffled with the game's own generator.
    public init(
        numberOfPairsOfCards: Int,
        numberOfPlayers: Int = 1,
        seed: UInt64,
        cardContentFactory: (Int) -> CardContent
    ) {
        cards = []
        players = Array(repeating: Player(), count: max(1, numberOfPlayers))
        for pairIndex in 0..<max(0, numberOfPairsOfCards) {
            let content = cardContentFactory(pairIndex)
            cards.append(Card(id: pairIndex * 2, content: content))
            cards.append(Card(id: pairIndex * 2 + 1, content: content))
        }
        generator = SeededRandomNumberGenerator(seed: seed)
        cards.shuffle(using: &generator)
    }

    /// A plain loop: the title reads it every frame, and a key-path filter cost more than the frame.
    public var matchedPairCount: Int {
        var matched = 0
        for card in cards where card.isMatched { matched += 1 }
        return matched / 2
    }
    public var pairsLeft: Int { cards.count / 2 - matchedPairCount }
    /// Every pair is matched.
    public var isOver: Bool { pairsLeft == 0 }

    /// Lecture style: derived from the cards rather than stored, so it can never disagree with them.
    public var indexOfTheOneAndOnlyFaceUpCard: Int? { cards.indices.filter { cards[$0].isFaceUp }.oneAndOnly }

    /// The lecture's setter of `indexOfTheOneAndOnlyFaceUpCard`, with the time: every other card
    /// face down and that one face up.
    private mutating func makeTheOneAndOnlyFaceUpCard(_ chosenIndex: Int, at time: Double) {
        for index in cards.indices {
            cards[index].turnFaceUp(index == chosenIndex, at: time)
        }
    }

    /// Lecture semantics: a face-up or matched card is ignored, and so is a choice by a seat whose
    /// turn it is not (the same in every process applying the log). With one card up, the chosen
    /// one joins it and they are compared; a mismatched pair stays up until the next choice.
    /// `time` is when the choice happened: bonus time is scored from it. Returns whether the
    /// choice was taken.
    @discardableResult
    mutating func choose(_ card: Card, at time: Double, by seat: Int) -> Bool {
        guard seat == currentPlayer,
              let chosenIndex = cards.firstIndex(where: { $0.id == card.id }),
              !cards[chosenIndex].isFaceUp,
              !cards[chosenIndex].isMatched
        else { return false }
        moves += 1
        players[currentPlayer].moves += 1
        guard let potentialMatchIndex = indexOfTheOneAndOnlyFaceUpCard else {
            // Zero or two cards up: this becomes the one and only.
            makeTheOneAndOnlyFaceUpCard(chosenIndex, at: time)
            return true
        }
        cards[chosenIndex].turnFaceUp(true, at: time)
        let pair = [chosenIndex, potentialMatchIndex]
        if cards[chosenIndex].content == cards[potentialMatchIndex].content {
            for index in pair { cards[index].markMatched(at: time) }
            // hasEarnedBonus needs isMatched, so it is read after marking.
            let bonus = pair.filter { cards[$0].hasEarnedBonus }.count
            bonusPointsEarned += bonus
            score += 2 + bonus
            players[currentPlayer].bonusPointsEarned += bonus
            players[currentPlayer].score += 2 + bonus
            players[currentPlayer].pairs += 1
            // A match: the same player goes again.
        } else {
            // Seen is public: a card face up for anyone costs whoever mismatches it later.
            let penalty = pair.filter { cards[$0].hasBeenSeen }.count
            penaltiesPaid += penalty
            score -= penalty
            players[currentPlayer].penaltiesPaid += penalty
            players[currentPlayer].score -= penalty
            for index in pair { cards[index].hasBeenSeen = true }
            // A mismatch ends the turn. The two cards stay up (as the lecture leaves them) until
            // the next player's first choice turns them down.
            turnsEnded += 1
            currentPlayer = turnsEnded % players.count
        }
        return true
    }

    /// Uses the game's stored generator, so a seeded game shuffles the same way every run.
    mutating func shuffle() {
        cards.shuffle(using: &generator)
    }
}

extension MemoryGame: Sendable where CardContent: Sendable {}
/// Two games are equal when everything is: cards (bonus clocks included), tallies, turn and the
/// generator's state, so a replay can be compared with the game it replays.
extension MemoryGame: Equatable {}

extension Collection {
    /// Lecture 5's `oneAndOnly`: the only element, or nil when there are zero or several.
    var oneAndOnly: Element? { count == 1 ? first : nil }
}
