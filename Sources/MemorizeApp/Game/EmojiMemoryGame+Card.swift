import Memorize

extension EmojiMemoryGame {
    /// A card as the view reads it: the model's card, whose bonus was scored at the intents'
    /// times, with the view model's clock beside it, so the pie asks "how much is left now?" in
    /// the view's own time. The model never reads a clock; drawing does. Every other property
    /// (`id`, `content`, `isFaceUp`, `bonusTimeLimit`, …) is the model card's.
    @dynamicMemberLookup
    public struct Card: Identifiable, Equatable {
        public let model: MemoryGame<String>.Card
        /// Now on the game's timeline (the view model's clock).
        let now: () -> Double

        public var id: Int { model.id }

        public subscript<Value>(dynamicMember keyPath: KeyPath<MemoryGame<String>.Card, Value>) -> Value {
            model[keyPath: keyPath]
        }

        // Lecture 8's names, read at the present.
        public var faceUpTime: Double { model.faceUpTime(at: now()) }
        public var bonusTimeRemaining: Double { model.bonusTimeRemaining(at: now()) }
        public var bonusRemaining: Double { model.bonusRemaining(at: now()) }
        public var isConsumingBonusTime: Bool { model.isConsumingBonusTime(at: now()) }

        /// The same model card is the same card, whatever clock reads it.
        public static func == (lhs: Card, rhs: Card) -> Bool { lhs.model == rhs.model }

    }
}
