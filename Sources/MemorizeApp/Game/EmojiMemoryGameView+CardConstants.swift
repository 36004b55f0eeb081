import TerminalUI

/// Lecture 8's `CardConstants`: the page's timings, each a lecture name where it has one.
extension GamePage {
    enum CardConstants {
        static let dealDuration = 0.5
        static let totalDealDuration = 2.0
        static let flip = Animation.easeInOut(duration: 0.5)
        static let shuffle = Animation.spring(duration: 0.6)
        static let restart = Animation.easeInOut(duration: 0.6)
        static let removal = Animation.easeIn(duration: 0.4)
        static let spin = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        static let buttonPress = Animation.linear(duration: 0.15)
        static let resizeInFlight = Animation.easeInOut(duration: 0.25)
        /// Lecture 8's size of the deck's cards, in cells: at most this, never bigger than a dealt
        /// card. A cell is twice as tall as wide, so the lecture's 2:3 card is about 4:3 cells.
        static let undealtWidth = 8
        static let undealtHeight = (undealtWidth * 3 + 3) / 4
    }
}
