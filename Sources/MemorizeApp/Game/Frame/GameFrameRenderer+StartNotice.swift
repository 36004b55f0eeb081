import Memorize
import TerminalUI

/// Said once, at start, when some of the player's themes could not be loaded: "2 of your themes
/// could not be loaded: see t", across the top of the empty table until the first deal (the
/// chooser, `t`, lists every problem). The page's body declares it (`notice`); this draws it.
extension GameFrameRenderer {
    /// The notice's text and where it goes, while nothing has been dealt: on the table's first
    /// row, centred, cut to the width.
    func startNotice(_ body: GameBody, layout: GameLayout) -> (text: String, origin: Point)? {
        guard let notice = body.notice else { return nil }
        let width = layout.size.width
        let text = TextWrap.lines(notice, width: max(1, width - 2)).first ?? ""
        return (text, Point(x: max(0, (width - TextWidth.of(text)) / 2), y: layout.gridArea.minY))
    }
}
