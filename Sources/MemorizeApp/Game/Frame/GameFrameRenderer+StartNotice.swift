import Memorize
import TerminalUI

/// Said once, at start, when some of the player's themes could not be loaded: "2 of your themes
/// could not be loaded: see t", across the top of the empty table until the first deal (the
/// chooser, `t`, lists every problem). The page's state declares it (`notice`); this says where it goes.
extension GameFrameRenderer {
    /// The notice's text, while nothing has been dealt: cut to the width (the page centres it
    /// on the table's first row).
    func startNotice(_ state: GamePageState, layout: GameLayout) -> String? {
        guard let notice = state.notice else { return nil }
        return TextWrap.lines(notice, width: max(1, layout.size.width - 2)).first ?? ""
    }
}
