import TerminalUI

/// The page's first row, as views: a solo game's theme, its score in the middle and the pairs
/// left at the end; or a game of two's scoreboard, each segment where `Scoreboard` placed it
/// (it chooses what fits the width: full names or initials, the note or the pairs left).
struct TitleLine: View, Equatable {
    enum Content: Equatable {
        case solo(theme: String, score: String, pairs: String)
        case scoreboard(Scoreboard)
    }

    let content: Content
    let width: Int
    let palette: Palette

    var body: some View {
        ZStack(alignment: .topLeading) {
            if case let .solo(theme, score, pairs) = content {
                ZStack {
                    Text(theme, style: palette.title).frame(width: width, height: 1, alignment: .leading)
                    Text(score, style: Style(bold: true))
                    Text(pairs, style: palette.text).frame(width: width, height: 1, alignment: .trailing)
                }
            } else if case let .scoreboard(board) = content {
                ForEach(board.segments.indices, id: \.self) { index in
                    let segment = board.segments[index]
                    Text(segment.text, style: board.style(of: segment.role, palette: palette)).offset(x: segment.x)
                }
            }
        }
        .frame(width: width, height: 1, alignment: .topLeading)
    }
}

extension GamePageState.Title {
    /// The title line at `time` (the computer's note lasts only so long), `width` wide.
    func line(width: Int, at time: Double, palette: Palette) -> TitleLine {
        switch self {
        case let .solo(theme, score, pairs):
            return TitleLine(content: .solo(theme: theme, score: score, pairs: pairs), width: width, palette: palette)
        case .scoreboard:
            return TitleLine(content: .scoreboard(scoreboard(width: width, at: time)!), width: width, palette: palette)
        }
    }
}
