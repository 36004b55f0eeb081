import Testing
import Memorize
import TerminalUI
@testable import MemorizeApp

/// `--players`, `--opponent`, `--names`: checked together, hostile names bounded and made safe,
/// and the title that shows them fitting every width from 54 columns.
@Suite struct PlayerFlagsTests {
    func problem(_ players: Int?, _ opponent: String?, _ names: String?) -> String? {
        if case .failure(let problem) = PlayerFlags.parse(players: players, opponent: opponent, names: names) { return problem.description }
        return nil
    }

    @Test func modesFromFlags() throws {
        #expect(try PlayerFlags.parse(players: nil, opponent: nil, names: nil).get().mode == nil)
        #expect(try PlayerFlags.parse(players: 2, opponent: nil, names: nil).get().mode == .hotSeat)
        #expect(try PlayerFlags.parse(players: nil, opponent: "hard", names: "Ann").get().mode == .computer(.hard))
        #expect(try PlayerFlags.parse(players: 2, opponent: "easy", names: " Ann , Bob ").get().names == ["Ann", "Bob"])
        #expect(GameMode.hotSeat.playerNames([]) == ["Player 1", "Player 2"])
        #expect(GameMode.computer(.easy).playerNames(["Ann"]) == ["Ann", "Computer"])
    }

    @Test func badCombinationsAreOneClearLine() {
        #expect(problem(3, nil, nil) == "--players must be 1 or 2, not 3")
        #expect(problem(nil, "impossible", nil)?.contains("easy|medium|hard") == true)
        #expect(problem(1, "hard", nil)?.contains("needs 2 players") == true)
        #expect(problem(nil, nil, "Ann,Bob")?.contains("--names needs") == true)
        #expect(problem(2, nil, "Ann,Bob,Cy")?.contains("at most 2") == true)
        #expect(problem(2, nil, "Ann,")?.contains("name 2 is empty") == true)
        #expect(problem(2, nil, String(repeating: "x", count: 17))?.contains("longer than 16") == true)
        // Twenty combining marks on one letter: one character, but too many bytes.
        #expect(problem(2, nil, "a" + String(repeating: "\u{301}", count: 40)) != nil)
    }

    @Test func controlAndBidiCharactersInNamesAreNeutralised() throws {
        let names = try PlayerFlags.parse(players: 2, opponent: nil, names: "A\u{1B}[31mnn,\u{202E}Bob").get().names!
        #expect(names.allSatisfy(SafeText.isSafe), "\(names)")
        #expect(names[0].hasPrefix("A?"))
    }

    @Test(arguments: [54, 60, 64, 72, 80, 100, 160])
    func theScoreboardFitsWithoutOverlapAndMarksTheCurrentPlayer(width: Int) {
        let longNames = ["漢字漢字漢字漢字漢字漢字漢字漢字", "Bartholomew Kent"]
        for names in [["You", "Computer"], longNames] {
            for note in [nil, "wait: computer's turn"] as [String?] {
                for ascii in [false, true] {
                    let seats = names.enumerated().map { Scoreboard.Seat(name: $1, score: $0 == 0 ? -12 : 30) }
                    let board = Scoreboard(width: width, theme: "Halloween", seats: seats, current: 1, pairsLeft: 12, note: note, ascii: ascii)
                    var end = 0
                    for segment in board.segments.sorted(by: { $0.x < $1.x }) {
                        #expect(segment.x >= end, "\(width): \(segment.text) overlaps the one before")
                        end = segment.x + TextWidth.of(segment.text)
                    }
                    #expect(end <= width, "\(width) columns: \(board.segments.map(\.text))")
                    let current = board.segments.filter { $0.role == .currentPlayer }
                    #expect(current.count == 1 && current[0].text.hasPrefix(ascii ? ">" : "▸"))
                    #expect(board.segments.filter { $0.role == .player }.count == 1)
                    if ascii { #expect(board.segments.allSatisfy { $0.text.unicodeScalars.allSatisfy { $0.isASCII } }) }
                    if note != nil { #expect(board.segments.contains { $0.role == .note }) }
                }
            }
        }
    }

    @Test func abbreviationKeepsWidthsAndMarksTheCut() {
        #expect(Scoreboard.abbreviated("Bartholomew", to: 6, ascii: false) == "Barth…")
        #expect(Scoreboard.abbreviated("Bartholomew", to: 6, ascii: true) == "Barth.")
        #expect(Scoreboard.abbreviated("漢字漢字", to: 5, ascii: false) == "漢字…")
        #expect(Scoreboard.abbreviated("Ann", to: 6, ascii: false) == "Ann")
    }
}
