import TerminalUI

/// "Frames in which nothing visible changes cost near nothing".
///
/// While something animates the run loop asks for a frame 30 times a second, but a card 8 cells
/// wide turning through an eased flip changes its cells only every other frame, and a bonus pie
/// lights its next dot only now and then. Everything on the game page that is not moving depends
/// on the model, the view's @State, the focus, the size and the Animator's targets: the stamp.
/// If the stamp is the one of the last frame drawn, and every moving card is where it was in the
/// drawing order and looks the same in cells, the frame is the last one: nothing to draw, and
/// nothing to send. Only the moving cards are looked at, so such a frame costs what moves.
struct QuietFrame: Equatable {
    struct Stamp: Equatable {
        var animatorRevision: Int
        var stateRevision: Int
        var focusIndex: Int
        var focusVisible: Bool
        var size: Size
    }

    /// Where a card is in the drawing order (GameFrameRenderer.drawOrder).
    enum Place: Equatable { case settled, flying, inDeck }

    struct MovingCard: Equatable {
        var index: Int
        var place: Place
        var look: CardRaster
    }

    var stamp: Stamp
    var moving: [MovingCard]
    /// The title of a game of two, which shows a note for a while (nil in a solo game, whose
    /// title depends on the model alone).
    var scoreboard: Scoreboard?
}
