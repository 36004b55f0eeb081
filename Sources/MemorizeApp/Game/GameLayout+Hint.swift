import TerminalUI

/// The first screen's hint, "d deal · ? help": a new player sees a deck, a score and buttons, and
/// nothing says which key starts the game. It sits quietly in the button row until the first card
/// is dealt, on every terminal where the row has room for it between the buttons.
extension GameLayout {
    /// The hint and where it is drawn.
    struct Hint: Equatable {
        let text: String
        let origin: Point
    }

    /// The hint's text, naming the keys the game's key table binds to dealing and to the help.
    static func firstDealHint(ascii: Bool) -> String {
        func key(_ command: GameCommand) -> String {
            KeyTables.game.first { $0.command == command }?.keys.first?.helpName(ascii: ascii) ?? ""
        }
        return "\(key(.deal)) deal \(ascii ? "-" : "·") \(key(.help)) help"
    }

    /// Where a hint `width` columns wide starts: centred on the screen when the gap between
    /// New Game and Shuffle allows it, else centred in that gap; nil when the gap cannot hold it
    /// with a space either side (it never touches a button). Two spaces where there is room; one
    /// at the game's smallest widths (50 columns), where a new player needs it as much.
    func hintOrigin(width: Int) -> Point? {
        let gap = (left: frame(of: .newGame).maxX, right: frame(of: .shuffle).minX)
        let margin = gap.right - gap.left - 4 >= width ? 2 : 1
        let left = gap.left + margin, right = gap.right - margin
        guard right - left >= width else { return nil }
        let centred = (size.width - width) / 2
        let x = centred >= left && centred + width <= right ? centred : left + (right - left - width) / 2
        return Point(x: x, y: size.height - 1)
    }
}
