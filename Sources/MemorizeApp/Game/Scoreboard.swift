import TerminalUI

/// The title line of a game of two: the theme, each player's name and score with
/// the current player marked and highlighted, and the pairs left (or a short note). It fits any
/// width from 54 columns up by giving things up in order: a shorter "left", shorter names, then
/// the theme's name. The solo title is the lecture's and does not come here.
struct Scoreboard: Equatable {
    enum Role: Equatable { case theme, player, currentPlayer, right, note }

    struct Segment: Equatable {
        let text: String
        let x: Int
        let role: Role
    }

    let segments: [Segment]

    struct Seat: Equatable {
        let name: String
        let score: Int
    }

    init(width: Int, theme: String, seats: [Seat], current: Int, pairsLeft: Int, note: String?, ascii: Bool) {
        let rights = note.map { [" \($0) "] } ?? ["Pairs left: \(pairsLeft) ", "Left: \(pairsLeft) "]
        let longest = seats.map { TextWidth.of($0.name) }.max() ?? 0
        // Most to least generous; the first that fits wins.
        var layouts: [(theme: String, limit: Int, right: String)] = []
        for right in rights {
            for limit in [longest, 12, 10, 8] where limit <= longest { layouts.append((" \(theme)", limit, right)) }
        }
        for limit in [8, 6, 4, 3] { layouts.append(("", min(limit, longest), rights.last!)) }
        layouts.append(("", min(3, longest), ""))
        layouts.append(("", 1, ""))

        let marker = ascii ? ">" : "▸"
        func entries(_ limit: Int) -> [String] {
            seats.enumerated().map { index, seat in
                (index == current ? marker : " ") + Self.abbreviated(seat.name, to: limit, ascii: ascii) + " \(seat.score)"
            }
        }
        // Between players, and around them.
        let gap = 2, margin = 2
        var chosen = layouts.last!
        for layout in layouts {
            let playersWidth = entries(layout.limit).map { TextWidth.of($0) }.reduce(0, +) + gap * max(0, seats.count - 1)
            let used = TextWidth.of(layout.theme) + TextWidth.of(layout.right) + playersWidth + 2 * margin
            if used <= width {
                chosen = layout
                break
            }
        }
        var segments: [Segment] = []
        if !chosen.theme.isEmpty { segments.append(Segment(text: chosen.theme, x: 0, role: .theme)) }
        let rightWidth = TextWidth.of(chosen.right)
        if !chosen.right.isEmpty {
            segments.append(Segment(text: chosen.right, x: width - rightWidth, role: note == nil ? .right : .note))
        }
        let items = entries(chosen.limit)
        let playersWidth = items.map { TextWidth.of($0) }.reduce(0, +) + gap * max(0, items.count - 1)
        // Centred on the line, as the solo score is, but never over the theme or the right part.
        let low = TextWidth.of(chosen.theme) + margin, high = width - rightWidth - margin - playersWidth
        var x = max(low, min(high, (width - playersWidth) / 2))
        for (index, item) in items.enumerated() {
            segments.append(Segment(text: item, x: x, role: index == current ? .currentPlayer : .player))
            x += TextWidth.of(item) + gap
        }
        self.segments = segments
    }

    /// `name` cut to `limit` columns, an ellipsis ("." under --ascii) marking the cut.
    static func abbreviated(_ name: String, to limit: Int, ascii: Bool) -> String {
        let name = name.asciiOnly(ascii)
        guard TextWidth.of(name) > limit else { return name }
        guard limit > 1 else { return String(name.prefix(limit)) }
        var kept = "", width = 0
        for character in name {
            let w = TextWidth.of(character)
            if width + w > limit - 1 { break }
            kept.append(character)
            width += w
        }
        return kept + (ascii ? "." : "…")
    }

    func style(of role: Role, palette: Palette) -> Style {
        switch role {
        case .theme: palette.title
        case .player, .right: palette.text
        case .currentPlayer: palette.selection
        case .note: palette.error
        }
    }
}
