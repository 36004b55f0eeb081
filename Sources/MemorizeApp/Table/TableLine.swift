import Memorize
import TableProtocol

/// The table's bottom line: what this process needs to know about the table right now.
enum TableLine {
    static func text(client: TableClient, invitation: String?, note: String?, game: EmojiMemoryGame, now: Double) -> String {
        if let ended = client.ended { return "Table ended: \(ended). \(scores(game)) · q quit" }
        if let failure = client.failure { return "Table lost: \(failure). q quit" }
        if let note { return note }
        guard let hello = client.hello else { return "joining the table…" }
        var parts: [String] = []
        if let waiting = client.waitingLine(now: now) { parts.append(waiting) }
        if client.names.contains(where: { $0 == nil }), let invitation {
            parts.append("waiting for a second player: \(invitation)")
        }
        // Whose turn it is, unless a seat is awaited; watchers are counted beside it, never instead.
        if parts.isEmpty, !game.isOver { parts.append("\(TableKeys.name(of: game.currentPlayer, in: game))'s turn") }
        if case .watcher = hello.seat { parts.append("watching") }
        if client.watchers > 0 { parts.append("\(client.watchers) watching") }
        // (Said on stderr too, but the game's screen covers that line at once.)
        if hello.guestSeat, !game.isOver { parts.append("guest seat: lost if your link drops") }
        return parts.joined(separator: " · ")
    }

    static func scores(_ game: EmojiMemoryGame) -> String {
        "Final scores: " + game.players.enumerated().map { seat, player in
            "\(TableKeys.name(of: seat, in: game)) \(player.score)"
        }.joined(separator: ", ")
    }
}
