/// What must hold after any sequence of `choose(_:)` and `shuffle()`, whatever the input: the
/// fuzz tests and `MEMORIZE_CHECK_INVARIANTS=1` check these after every event.
extension MemoryGame {
    /// Every broken invariant as a sentence naming the cards involved; empty when all hold.
    public func invariantViolations() -> [String] {
        Self.invariantViolations(cards: cards, score: score, moves: moves,
                                 bonusPointsEarned: bonusPointsEarned, penaltiesPaid: penaltiesPaid)
            + Self.playerInvariantViolations(players: players, currentPlayer: currentPlayer, turnsEnded: turnsEnded,
                                             score: score, moves: moves, bonusPointsEarned: bonusPointsEarned,
                                             penaltiesPaid: penaltiesPaid, matchedPairs: matchedPairCount)
    }

    /// Turns and tallies in a game of two: one current player, in turn order (one turn ends per
    /// mismatch), each player's score recounted from their own matches, bonuses and penalties,
    /// and the players' tallies adding up to the table's.
    static func playerInvariantViolations(players: [Player], currentPlayer: Int, turnsEnded: Int, score: Int, moves: Int,
                                          bonusPointsEarned: Int, penaltiesPaid: Int, matchedPairs: Int) -> [String] {
        var problems: [String] = []
        guard !players.isEmpty else { return ["no players"] }
        if !players.indices.contains(currentPlayer) {
            problems.append("current player \(currentPlayer) is not one of the \(players.count) players")
        } else if turnsEnded < 0 || currentPlayer != turnsEnded % players.count {
            problems.append("player \(currentPlayer + 1) plays after \(turnsEnded) ended turns, but turn order says player \(turnsEnded % players.count + 1)")
        }
        if turnsEnded > moves / 2 {
            problems.append("\(turnsEnded) turns ended in \(moves) moves (a turn takes two)")
        }
        for (number, player) in zip(1..., players) {
            let expected = 2 * player.pairs + player.bonusPointsEarned - player.penaltiesPaid
            if player.score != expected {
                problems.append("player \(number): score \(player.score) != 2·\(player.pairs) pairs + \(player.bonusPointsEarned) bonus − \(player.penaltiesPaid) penalties = \(expected)")
            }
            if player.pairs < 0 || player.bonusPointsEarned < 0 || player.penaltiesPaid < 0 || player.moves < 0 {
                problems.append("player \(number): a negative count in \(player)")
            }
        }
        func total(_ part: (Player) -> Int) -> Int { players.reduce(0) { $0 + part($1) } }
        if total(\.score) != score { problems.append("players' scores add up to \(total(\.score)), not the score \(score)") }
        if total(\.pairs) != matchedPairs { problems.append("players' pairs add up to \(total(\.pairs)), not the \(matchedPairs) matched") }
        if total(\.moves) != moves { problems.append("players' moves add up to \(total(\.moves)), not \(moves)") }
        if total(\.bonusPointsEarned) != bonusPointsEarned {
            problems.append("players' bonuses add up to \(total(\.bonusPointsEarned)), not \(bonusPointsEarned)")
        }
        if total(\.penaltiesPaid) != penaltiesPaid {
            problems.append("players' penalties add up to \(total(\.penaltiesPaid)), not \(penaltiesPaid)")
        }
        return problems
    }

    /// The checks over plain values, so tests can hand in deliberately broken states (the model
    /// itself cannot be put in one from outside) and see each check fire.
    static func invariantViolations(cards: [Card], score: Int, moves: Int,
                                    bonusPointsEarned: Int, penaltiesPaid: Int) -> [String] {
        var problems: [String] = []

        // No card lost or duplicated: ids are exactly 0..<2n, each once.
        let ids = cards.map(\.id).sorted()
        if !cards.count.isMultiple(of: 2) {
            problems.append("odd number of cards: \(cards.count)")
        }
        if ids != Array(0..<cards.count) {
            problems.append("card ids are not 0..<\(cards.count) each once: \(ids)")
        }

        // Pair i is cards 2i and 2i+1, with the same content.
        let byID = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in stride(from: 0, to: cards.count, by: 2) {
            if let a = byID[id], let b = byID[id + 1], a.content != b.content {
                problems.append("cards \(id) and \(id + 1) are a pair but show different content")
            }
        }

        // Matched cards come in matched pairs: among cards with equal content an even number is
        // matched (with one pair per content, both or neither).
        var groups: [[Card]] = []
        for card in cards {
            if let index = groups.firstIndex(where: { $0[0].content == card.content }) {
                groups[index].append(card)
            } else {
                groups.append([card])
            }
        }
        for group in groups {
            let matched = group.filter(\.isMatched)
            if !matched.count.isMultiple(of: 2) {
                problems.append("matched card without its partner: matched \(matched.map(\.id)) of \(group.map(\.id))")
            }
        }

        // Face up: none, the one and only (not matched), or two that were just compared — a
        // matched pair (equal content) or a mismatch (different content, both unmatched).
        let faceUp = cards.filter(\.isFaceUp)
        switch faceUp.count {
        case 0: break
        case 1:
            if faceUp[0].isMatched { problems.append("card \(faceUp[0].id) is face up and matched on its own") }
        case 2:
            let (a, b) = (faceUp[0], faceUp[1])
            if a.isMatched != b.isMatched {
                problems.append("face-up cards \(a.id) and \(b.id): one matched, one not")
            } else if a.isMatched && a.content != b.content {
                problems.append("face-up matched cards \(a.id) and \(b.id) show different content")
            } else if !a.isMatched && a.content == b.content {
                problems.append("face-up cards \(a.id) and \(b.id) match but are not marked matched")
            }
        default:
            problems.append("\(faceUp.count) cards face up (at most 2): \(faceUp.map(\.id))")
        }

        // Score: 2 a pair, plus the bonuses, minus the penalties. Bonuses are frozen in the
        // matched cards (bonus time stops at the match), so they can be recounted from the cards.
        let matchedPairs = cards.filter(\.isMatched).count / 2
        let expectedScore = 2 * matchedPairs + bonusPointsEarned - penaltiesPaid
        if score != expectedScore {
            problems.append("score \(score) != 2·\(matchedPairs) matched pairs + \(bonusPointsEarned) bonus − \(penaltiesPaid) penalties = \(expectedScore)")
        }
        let bonusCards = cards.filter(\.hasEarnedBonus).count
        if bonusPointsEarned != bonusCards {
            problems.append("bonus points earned \(bonusPointsEarned) but \(bonusCards) matched cards hold a bonus")
        }
        if penaltiesPaid < 0 || penaltiesPaid > moves {
            problems.append("penalties paid \(penaltiesPaid) outside 0...\(moves) moves")
        }
        if penaltiesPaid > 0 && !cards.contains(where: \.hasBeenSeen) {
            problems.append("penalties paid \(penaltiesPaid) but no card has been seen in a mismatch")
        }

        // Every card that is face up, matched or seen was turned up by a move at least once.
        let turnedUp = cards.filter { $0.isFaceUp || $0.isMatched || $0.hasBeenSeen }.count
        if moves < turnedUp {
            problems.append("moves \(moves) < \(turnedUp) cards that have been face up")
        }

        // Bonus time: only a face-up unmatched card consumes it, and one that still had time left
        // when it turned up must be consuming it.
        for card in cards {
            if !(card.pastFaceUpTime >= 0) || !card.pastFaceUpTime.isFinite {
                problems.append("card \(card.id): past face-up time \(card.pastFaceUpTime)")
            }
            if card.lastFaceUpDate != nil && !(card.isFaceUp && !card.isMatched) {
                problems.append("card \(card.id) consumes bonus time while \(card.isFaceUp ? "matched" : "face down")")
            }
            if card.isFaceUp && !card.isMatched && card.pastFaceUpTime < card.bonusTimeLimit && card.lastFaceUpDate == nil {
                problems.append("card \(card.id) is face up with bonus time left but its clock is stopped")
            }
        }
        return problems
    }
}
