extension MemoryGame {
    /// A card, as in lecture 8. Turning it face up starts consuming bonus time; turning it down or
    /// matching it stops (see Card+Bonus.swift).
    public struct Card: Identifiable, Equatable {
        public let id: Int
        public let content: CardContent

        public internal(set) var isFaceUp = false {
            didSet {
                if isFaceUp {
                    startUsingBonusTime()
                } else {
                    stopUsingBonusTime()
                }
            }
        }
        public internal(set) var isMatched = false {
            didSet { stopUsingBonusTime() }
        }
        /// Set once the card took part in a mismatch; a later mismatch then costs a point.
        public internal(set) var hasBeenSeen = false

        // MARK: Bonus time state (lecture 8 names; times in the clock's seconds)

        /// How long a card may be face up and still earn a bonus when matched.
        public internal(set) var bonusTimeLimit: Double = 6
        /// Face-up time accumulated before the current face-up period.
        public internal(set) var pastFaceUpTime: Double = 0
        /// When the current face-up period began, or nil when not consuming bonus time.
        public internal(set) var lastFaceUpDate: Double?

        let clock: GameClock

        public init(id: Int, content: CardContent, clock: GameClock) {
            self.id = id
            self.content = content
            self.clock = clock
        }

        /// Compares everything but the clock: closures cannot be compared, and two cards in the
        /// same state are the same card whatever time source they read.
        public static func == (lhs: Card, rhs: Card) -> Bool {
            lhs.id == rhs.id && lhs.content == rhs.content
                && lhs.isFaceUp == rhs.isFaceUp && lhs.isMatched == rhs.isMatched
                && lhs.hasBeenSeen == rhs.hasBeenSeen && lhs.bonusTimeLimit == rhs.bonusTimeLimit
                && lhs.pastFaceUpTime == rhs.pastFaceUpTime && lhs.lastFaceUpDate == rhs.lastFaceUpDate
        }
    }
}

extension MemoryGame.Card: Sendable where CardContent: Sendable {}
