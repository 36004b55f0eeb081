import TerminalUI

/// Where the inspector goes for a terminal size, and what room that leaves the game.
///
/// The game always keeps the top-left corner (its clicks and layout need no offset): beside it on
/// a wide terminal, below it on a tall narrow one, and over it when the terminal cannot give both
/// enough room; the game then keeps the whole terminal and its AspectVGrid fit.
struct InspectorPlacement: Equatable {
    enum Kind: Equatable { case beside, below, overlay }

    let kind: Kind
    /// The game's region, from (0, 0).
    let gameSize: Size
    let pane: Rect

    /// The least a game beside or above the pane is given: cards still read well, the buttons fit.
    static let minimumGame = Size(width: 60, height: 20)
    /// Narrowest side pane and shortest bottom pane worth showing.
    static let minimumPaneWidth = 52
    static let minimumPaneHeight = 16

    init(terminal size: Size) {
        let paneWidth = min(72, max(Self.minimumPaneWidth, size.width * 2 / 5))
        let beside = Self.make(.beside, size: size,
                               game: Size(width: size.width - paneWidth, height: size.height),
                               pane: Rect(x: size.width - paneWidth, y: 0, width: paneWidth, height: size.height))
        let paneHeight = max(Self.minimumPaneHeight, size.height * 2 / 5)
        let below = Self.make(.below, size: size,
                              game: Size(width: size.width, height: size.height - paneHeight),
                              pane: Rect(x: 0, y: size.height - paneHeight, width: size.width, height: paneHeight))
        // Cells are about twice as tall as wide: a terminal is tall when 2·height > width.
        let tall = 2 * size.height > size.width
        if let first = tall ? below ?? beside : beside ?? below {
            self = first
        } else {
            // Over the game, on its right, leaving its title row and its buttons in view; wide enough
            // for three cards to a row in the model's table.
            let width = min(size.width, max(56, size.width / 2 + 4))
            kind = .overlay
            gameSize = size
            pane = Rect(x: size.width - width, y: min(1, size.height), width: width, height: max(0, size.height - 2))
        }
    }

    private init(kind: Kind, gameSize: Size, pane: Rect) {
        self.kind = kind
        self.gameSize = gameSize
        self.pane = pane
    }

    private static func make(_ kind: Kind, size: Size, game: Size, pane: Rect) -> InspectorPlacement? {
        guard game.width >= minimumGame.width, game.height >= minimumGame.height,
              pane.width >= minimumPaneWidth || kind == .below, pane.height >= minimumPaneHeight || kind == .beside
        else { return nil }
        return InspectorPlacement(kind: kind, gameSize: game, pane: pane)
    }

    /// The rule the pane draws on the side that faces the game.
    var edge: InspectorPane.Edge {
        switch kind {
        case .beside: .left
        case .below: .top
        case .overlay: .box
        }
    }
}
