extension MemoryGame {
    /// A card, as in lecture 8. Turning it face up starts consuming bonus time; turning it down or
    /// matching it stops (see Card+Bonus.swift). A plain value: the model passes in the time of
    /// each change (the intent's time), so two processes applying one log score it the same.
    public struct Card: Identifiable, Equatable {
        public let id: Int
        public let content: CardContent

        /// Set through `turnFaceUp(_:at:)` and `markMatched(at:)`: lecture 8 starts and stops the
        /// bonus clock in `didSet`, which has no time to give it here.
        public internal(set) var isFaceUp = false
        public internal(set) var isMatched = false
        /// Set once the card took part in a mismatch; a later mismatch then costs a point.
        public internal(set) var hasBeenSeen = false

        // MARK: Bonus time state (lecture 8 names; times in seconds on the game's timeline)

        /// How long a card may be face up and still earn a bonus when matched.
        public internal(set) var bonusTimeLimit: Double = 6
        /// Face-up time accumulated before the current face-up period.
        public internal(set) var pastFaceUpTime: Double = 0
        /// When the current face-up period began, or nil when not consuming bonus time.
        public internal(set) var lastFaceUpDate: Double?

        public init(id: Int, content: CardContent) {
            self.id = id
            self.content = content
        }

        /// Lecture 8's `isFaceUp { didSet }`, with the time of the change.
        mutating func turnFaceUp(_ faceUp: Bool, at time: Double) {
            guard faceUp != isFaceUp else { return }
            isFaceUp = faceUp
            if faceUp {
                startUsingBonusTime(at: time)
            } else {
                stopUsingBonusTime(at: time)
            }
        }

        /// Lecture 8's `isMatched { didSet }`: a matched card's bonus stops where it is.
        mutating func markMatched(at time: Double) {
            isMatched = true
            stopUsingBonusTime(at: time)
        }
    }
}

extension MemoryGame.Card: Sendable where CardContent: Sendable {}
