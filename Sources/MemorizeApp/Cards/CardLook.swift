import TerminalUI

/// What a card needs beside the model's card to be drawn in a terminal, which SwiftUI would read
/// from the environment (`.foregroundColor`): the palette, the face as shown (an emoji, or its
/// ASCII stand-in), and the focus. Where it lies is layout's (the page's matched geometry), not
/// an input of the card: a card flying is the same card, only placed elsewhere.
struct CardLook: Equatable {
    var palette: Palette
    /// The emoji, or its ASCII face under --ascii.
    var content: String
    /// Edges move in eighths of a cell (EighthSpan): off where block glyphs cannot be drawn.
    var subCellEdges = false
    var isFocused = false
    var isMatched = false
    /// The top of the deck: its back shows, whatever the card does (the next card to fly).
    var inDeck = false
    /// `--reduced-motion`: the pie steps once a second instead of sweeping.
    var reducesMotion = false

    /// The bonus as drawn now: the card reads it off a clock, so a value of it made earlier
    /// would read the same time; this is read when the look is made. A change of it is a
    /// change of the card's inputs (the runtime keeps a card's body while they are equal).
    var bonusShown = BonusShown()

    struct BonusShown: Equatable {
        var isConsuming = false
        /// Under reduced motion only (0 otherwise): what the stepping pie shows.
        var wholeSecondsLeft = 0.0
    }

    enum Border { case face, focused, matched }

    var border: Border { isFocused ? .focused : (isMatched ? .matched : .face) }

    var pieGlyphs: PieGlyphs { palette.ascii ? .ascii : .braille }
}
