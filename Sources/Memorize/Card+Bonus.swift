// Bonus time, lecture 8: a card matched within `bonusTimeLimit` seconds of total face-up time
// earns a bonus. Names follow the lecture; `Date` is replaced by the injected `GameClock`.
extension MemoryGame.Card {
    /// Total time face up: past periods plus the current one, if any.
    public var faceUpTime: Double {
        if let lastFaceUpDate {
            // max: a clock that steps back must not give time back.
            return pastFaceUpTime + max(0, clock.now() - lastFaceUpDate)
        } else {
            return pastFaceUpTime
        }
    }

    public var bonusTimeRemaining: Double { max(0, bonusTimeLimit - faceUpTime) }

    /// Fraction of the bonus left, 0...1 (the pie in CardView).
    public var bonusRemaining: Double {
        (bonusTimeLimit > 0 && bonusTimeRemaining > 0) ? bonusTimeRemaining / bonusTimeLimit : 0
    }

    public var hasEarnedBonus: Bool { isMatched && bonusTimeRemaining > 0 }

    /// Face up, not yet matched, and some bonus left: the view animates the pie only then.
    public var isConsumingBonusTime: Bool { isFaceUp && !isMatched && bonusTimeRemaining > 0 }

    mutating func startUsingBonusTime() {
        if isConsumingBonusTime, lastFaceUpDate == nil {
            lastFaceUpDate = clock.now()
        }
    }

    mutating func stopUsingBonusTime() {
        pastFaceUpTime = faceUpTime
        lastFaceUpDate = nil
    }
}
