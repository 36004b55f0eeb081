import Memorize
import MemorizeStore
@testable import MemorizeApp
import TerminalUI
import Testing
import ThemeFormat

/// What the binary shows for `--seed 42 --theme Halloween`, computed with the same model and layout.
struct ReferenceGame {
    static let seed: UInt64 = 42
    static let themeName = "Halloween"
    static var arguments: [String] { ["--seed", "\(seed)", "--theme", themeName] }

    let contents: [String]
    let ids: [Int]
    /// Card ids in grid order after one `shuffle()` (the model's own seeded generator).
    let idsAfterShuffle: [Int]

    init() throws {
        let themes = ThemeLibrary.builtIn()
        let theme = try #require(themes.first { $0.name == Self.themeName }, "no built-in theme \(Self.themeName)")
        let game = EmojiMemoryGame(themes: themes, theme: theme, seed: Self.seed, clock: GameClock { 0 })
        contents = game.cards.map(\.content)
        ids = game.cards.map(\.id)
        game.shuffle()
        idsAfterShuffle = game.cards.map(\.id)
    }

    var count: Int { contents.count }

    /// Where the card now at `index` is after one shuffle.
    func indexAfterShuffle(of index: Int) -> Int? { idsAfterShuffle.firstIndex(of: ids[index]) }

    /// Index pairs with equal content, in the order their first card appears.
    var pairs: [(Int, Int)] {
        var result: [(Int, Int)] = []
        for (i, content) in contents.enumerated() {
            if result.contains(where: { $0.0 == i || $0.1 == i }) { continue }
            if let j = contents.indices.first(where: { $0 > i && contents[$0] == content }) { result.append((i, j)) }
        }
        return result
    }

    func layout(_ size: Size) -> GameLayout { GameLayout(size: size, cardCount: count) }

    /// An order of pairs (and of the two cards in each) that a keyboard player can play to the end,
    /// starting with the focus on card 0. Holes can wall the focus in (the step-over rule stops at
    /// an edge), so not every order works; this searches depth-first for one that does.
    ///
    /// While the player walks to a pair's first card, the previous pair is matched but still face
    /// up (on the table); choosing that first card turns it face down, and it becomes a hole.
    func keyboardPlan(in grid: FocusGrid) -> [(Int, Int)]? {
        func search(remaining: [(Int, Int)], holes: Set<Int>, lastPair: Set<Int>, focus: Int) -> [(Int, Int)]? {
            if remaining.isEmpty { return [] }
            for (index, pair) in remaining.enumerated() {
                for (first, second) in [pair, (pair.1, pair.0)] {
                    guard grid.path(from: focus, to: first, focusable: { !holes.contains($0) }) != nil else { continue }
                    let newHoles = holes.union(lastPair)
                    guard grid.path(from: first, to: second, focusable: { !newHoles.contains($0) }) != nil else { continue }
                    var rest = remaining
                    rest.remove(at: index)
                    if let plan = search(remaining: rest, holes: newHoles, lastPair: [first, second], focus: second) {
                        return [(first, second)] + plan
                    }
                }
            }
            return nil
        }
        return search(remaining: pairs, holes: [], lastPair: [], focus: 0)
    }
}

/// A focus move and the keys that ask for it.
enum FocusMove: CaseIterable, CustomStringConvertible {
    case left, right, up, down
    var delta: (dx: Int, dy: Int) {
        switch self {
        case .left: return (-1, 0)
        case .right: return (1, 0)
        case .up: return (0, -1)
        case .down: return (0, 1)
        }
    }
    /// tmux key name of the arrow.
    var arrow: String {
        switch self {
        case .left: return "Left"
        case .right: return "Right"
        case .up: return "Up"
        case .down: return "Down"
        }
    }
    var vi: String {
        switch self {
        case .left: return "h"
        case .right: return "l"
        case .up: return "k"
        case .down: return "j"
        }
    }
    var description: String { arrow }
}

/// The contract's focus rule in a row-major grid: a move steps in its direction, skipping over
/// holes (cards not on the table), and does nothing when only the edge lies ahead.
struct FocusGrid {
    let columns: Int
    let count: Int

    func move(from index: Int, _ move: FocusMove, focusable: (Int) -> Bool) -> Int {
        var row = index / columns, column = index % columns
        while true {
            row += move.delta.dy
            column += move.delta.dx
            let next = row * columns + column
            guard row >= 0, column >= 0, column < columns, next < count else { return index }
            if focusable(next) { return next }
        }
    }

    /// Shortest list of moves from `start` to `target` (breadth-first), or nil when unreachable.
    func path(from start: Int, to target: Int, focusable: (Int) -> Bool) -> [FocusMove]? {
        var previous: [Int: (Int, FocusMove)] = [:]
        var queue = [start], seen: Set<Int> = [start]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            if current == target {
                var moves: [FocusMove] = []
                var node = target
                while node != start, let (from, move) = previous[node] { moves.append(move); node = from }
                return moves.reversed()
            }
            for move in FocusMove.allCases {
                let next = self.move(from: current, move, focusable: focusable)
                if !seen.contains(next) {
                    seen.insert(next)
                    previous[next] = (current, move)
                    queue.append(next)
                }
            }
        }
        return nil
    }
}

extension Rect {
    /// Centre cell (0-based), where a click lands.
    var centre: Point { Point(x: minX + width / 2, y: minY + height / 2) }
}

/// The reference game, launched: the binary in tmux at 80x24 with `ReferenceGame.arguments` (and
/// any `extra`), and the layout it draws, worked out by the same code. The keyboard, mouse,
/// opponent and regression suites all start here.
struct ReferenceSession {
    let reference: ReferenceGame
    let layout: GameLayout
    let session: TmuxSession
    var frames: [Rect] { layout.grid.itemFrames }

    /// Waits until the game shows (or `readyText` does); the caller closes `session`.
    init(term: String = "tmux-256color", extra: [String] = [], readyText: String? = nil) throws {
        reference = try ReferenceGame()
        layout = reference.layout(Check.size80x24)
        session = try TmuxSession(size: Check.size80x24, term: term, arguments: ReferenceGame.arguments + extra)
        do {
            if let readyText { _ = try session.waitFor(readyText) } else { try session.waitForGame() }
        } catch {
            session.close()
            throw error
        }
    }

    /// Deals with `d`, or with `click` on the deck's centre, and waits for the cards to settle.
    func deal(click: ((_ x: Int, _ y: Int) throws -> Void)? = nil) throws {
        if let click { try click(layout.deckFrame.centre.x, layout.deckFrame.centre.y) } else { try session.sendKeys("d") }
        try session.waitForDealToSettle(layout)
    }
}
