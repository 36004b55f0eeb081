// Bonus time, lecture 8: a card matched within `bonusTimeLimit` seconds of total face-up time
// earns a bonus. Names follow the lecture; where the lecture reads `Date()`, these take the time
// as an argument: the model scores from the intent's stamped time, never from a clock of its own,
// and the view asks with its presentation time to draw the pie.
extension MemoryGame.Card {
    /// Total time face up at `time`: past periods plus the current one, if any.
    public func faceUpTime(at time: Double) -> Double {
        if let lastFaceUpDate {
            // max: a time before the period began must not give time back.
            return pastFaceUpTime + max(0, time - lastFaceUpDate)
        } else {
            return pastFaceUpTime
        }
    }

    public func bonusTimeRemaining(at time: Double) -> Double { max(0, bonusTimeLimit - faceUpTime(at: time)) }

    /// Fraction of the bonus left at `time`, 0...1 (the pie in CardView).
    public func bonusRemaining(at time: Double) -> Double {
        let remaining = bonusTimeRemaining(at: time)
        return (bonusTimeLimit > 0 && remaining > 0) ? remaining / bonusTimeLimit : 0
    }

    /// Matched with bonus time left. Needs no time: a matched card's bonus clock has stopped, so
    /// its face-up time is all in `pastFaceUpTime`.
    public var hasEarnedBonus: Bool { isMatched && bonusTimeLimit - pastFaceUpTime > 0 }

    /// Face up, not yet matched, and some bonus left at `time`: the view animates the pie only then.
    public func isConsumingBonusTime(at time: Double) -> Bool {
        isFaceUp && !isMatched && bonusTimeRemaining(at: time) > 0
    }

    /// Called as the card turns up: the period starts unless its bonus is already spent (then no
    /// time is consumed, as in the lecture).
    mutating func startUsingBonusTime(at time: Double) {
        if isConsumingBonusTime(at: time), lastFaceUpDate == nil {
            lastFaceUpDate = time
        }
    }

    mutating func stopUsingBonusTime(at time: Double) {
        pastFaceUpTime = faceUpTime(at: time)
        lastFaceUpDate = nil
    }
}
