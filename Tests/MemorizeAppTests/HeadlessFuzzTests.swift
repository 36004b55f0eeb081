import Foundation
import MemorizeStore
import Testing
import MemorizeTestSupport
import TerminalUI
import ThemeFormat
@testable import Memorize
@testable import MemorizeApp

/// Fuzzing without a terminal: the model on its own, then the whole app driven by generated key
/// scripts on the virtual clock, with every invariant checked after every event. Seeded, so a
/// failure replays exactly; `MEMORIZE_FUZZ_SECONDS=N` keeps generating for N seconds instead.
@Suite struct HeadlessFuzzTests {
    /// SplitMix64 from the game itself (MemorizeTestSupport adds below/chance/pick).
    typealias Generator = SeededRandomNumberGenerator

    /// On-demand long runs: `MEMORIZE_FUZZ_SECONDS=300 swift test --filter Fuzz`.
    static let longRunSeconds: Double? = ProcessInfo.processInfo.environment["MEMORIZE_FUZZ_SECONDS"].flatMap(Double.init)

    // MARK: - The checks can fail

    typealias IntGame = MemoryGame<Int>

    /// Each deliberately broken state must be reported (a checker that always says "fine" would
    /// make every fuzz run below pass).
    @Test func brokenModelStatesAreReported() {
        let time = VirtualClock()
        var game = IntGame(numberOfPairsOfCards: 4, seed: 7) { $0 }
        #expect(game.invariantViolations() == [])
        // A match (both with a bonus), a free mismatch, then a mismatch with a seen card (penalty),
        // so every counter is non-zero; cards 6 and 2 stay face up.
        for id in [0, 1, 2, 4, 6, 2] { game.choose(game.cards.first { $0.id == id }!, at: time.now, by: game.currentPlayer) }
        #expect(game.invariantViolations() == [])
        #expect((game.score, game.bonusPointsEarned, game.penaltiesPaid, game.moves) == (3, 2, 1, 6))

        let cards = game.cards
        func check(_ cards: [IntGame.Card], score: Int? = nil, moves: Int? = nil, bonus: Int? = nil,
                   penalties: Int? = nil) -> [String] {
            IntGame.invariantViolations(cards: cards, score: score ?? game.score, moves: moves ?? game.moves,
                                        bonusPointsEarned: bonus ?? game.bonusPointsEarned,
                                        penaltiesPaid: penalties ?? game.penaltiesPaid)
        }
        func index(_ id: Int) -> Int { cards.firstIndex { $0.id == id }! }
        func mentions(_ problems: [String], _ text: String) -> Bool { problems.contains { $0.contains(text) } }

        var duplicated = cards
        duplicated[index(7)] = IntGame.Card(id: 6, content: 3)
        #expect(mentions(check(duplicated), "each once"))

        var lost = cards
        lost.remove(at: index(3))
        #expect(mentions(check(lost), "odd number of cards"))

        var foreign = cards
        foreign[index(7)] = IntGame.Card(id: 7, content: 99)
        #expect(mentions(check(foreign), "different content"))

        var loneMatch = cards
        loneMatch[index(6)].isMatched = true
        #expect(mentions(check(loneMatch), "without its partner"))

        var threeUp = cards
        for id in [5, 6, 7] { threeUp[index(id)].isFaceUp = true }
        #expect(mentions(check(threeUp), "cards face up"))

        #expect(mentions(check(cards, score: game.score + 1), "score"))
        #expect(mentions(check(cards, score: game.score + 1, bonus: game.bonusPointsEarned + 1), "hold a bonus"))
        #expect(mentions(check(cards, moves: 1), "moves"))

        var ticking = cards
        ticking[index(7)].lastFaceUpDate = 0
        #expect(mentions(check(ticking), "consumes bonus time"))
    }

    @Test func brokenViewStateIsReported() throws {
        let app = try Self.makeApp(seed: 3, size: Size(width: 80, height: 24), options: AppOptions())
        #expect(app.invariantViolations() == [])
        app.view.focus(on: 999)
        #expect(app.invariantViolations().contains { $0.contains("focus index 999") })
    }

    @Test func environmentSwitchesTheInAppCheckOn() {
        #expect(MemorizeApplication.invariantChecksRequested(["MEMORIZE_CHECK_INVARIANTS": "1"]))
        #expect(!MemorizeApplication.invariantChecksRequested([:]))
        #expect(!MemorizeApplication.invariantChecksRequested(["MEMORIZE_CHECK_INVARIANTS": "0"]))
    }

    // MARK: - Model fuzz

    /// Random choices (including face-up, matched and foreign cards), shuffles and clock jumps on
    /// games of 0…12 pairs; the invariants hold after every step.
    @Test func modelKeepsItsInvariantsUnderRandomPlay() {
        var g = Generator(state: 0x5EED_0001)
        var matches = 0, bonusGames = 0, penaltyGames = 0, steps = 0
        let deadline = Self.longRunSeconds.map { Date().addingTimeInterval($0) }
        var round = 0
        while deadline.map({ Date() < $0 }) ?? (round < 400) {
            round += 1
            let time = VirtualClock()
            let pairs = g.below(13)
            var game = IntGame(numberOfPairsOfCards: pairs, seed: g.next()) { $0 }
            let stranger = IntGame(numberOfPairsOfCards: 3, seed: 1) { $0 + 100 }.cards
            for step in 0..<(20 + g.below(200)) {
                steps += 1
                switch g.below(10) {
                case 0: game.shuffle()
                case 1: time.advance(by: Double(g.below(8000)) / 1000)      // 0…8 s: some bonuses run out (6 s)
                case 2 where !stranger.isEmpty: game.choose(g.pick(stranger), at: time.now, by: game.currentPlayer)   // not in this game: ignored
                default: if !game.cards.isEmpty { game.choose(g.pick(game.cards), at: time.now, by: game.currentPlayer) }
                }
                let problems = game.invariantViolations()
                if !problems.isEmpty {
                    Issue.record("round \(round) step \(step) (\(pairs) pairs): \(problems)")
                    return
                }
            }
            matches += game.matchedPairCount
            if game.bonusPointsEarned > 0 { bonusGames += 1 }
            if game.penaltiesPaid > 0 { penaltyGames += 1 }
        }
        // The random play must reach the interesting states, or the checks above prove little.
        #expect(matches > 100 && bonusGames > 10 && penaltyGames > 10,
                "matches \(matches), games with bonus \(bonusGames), with penalties \(penaltyGames)")
        print("fuzz(model): rounds=\(round) steps=\(steps) matches=\(matches) violations=0")
    }

    // MARK: - App fuzz (key scripts on the virtual clock)

    static func makeApp(seed: UInt64, size: Size, options: AppOptions, clock: VirtualClock = VirtualClock(),
                        theme: Theme? = nil) throws -> MemorizeApplication {
        let view = Launcher.makeView(options, clock: clock, size: size, themes: ThemeLibrary.builtIn(), theme: theme, seed: seed)
        // The check here records instead of trapping, so a failure names the script to replay.
        return MemorizeApplication(view: view, checksInvariants: false)
    }

    /// Forwards to the app and checks its invariants after every event; a violation ends the run.
    final class CheckingContent: RunLoopContent {
        let app: MemorizeApplication
        private(set) var violation: String?
        private(set) var events = 0
        /// How far play got: pairs matched (summed over restarts) and games won.
        private(set) var matches = 0
        private(set) var wins = 0
        /// Cards the computer chose.
        private(set) var computerMoves = 0
        private var lastMatched = 0
        init(_ app: MemorizeApplication) { self.app = app }

        private func check(after what: String) {
            let matched = app.view.game.cards.filter(\.isMatched).count / 2
            if matched > lastMatched {
                matches += matched - lastMatched
                if app.view.game.isOver { wins += 1 }
            }
            lastMatched = matched
            guard violation == nil else { return }
            let problems = app.invariantViolations()
            if !problems.isEmpty { violation = "after event #\(events) (\(what)): " + problems.joined(separator: "; ") }
        }
        func handle(_ event: Event) {
            events += 1
            app.handle(event)
            check(after: "\(event)")
        }
        func render(in size: Size) -> Canvas { app.render(in: size) }
        func tick() {
            let moves = app.view.game.moves
            app.tick()
            // The computer chooses in tick: its moves are checked like input's.
            if app.view.game.moves != moves {
                computerMoves += app.view.game.moves - moves
                check(after: "the computer's choice")
            }
        }
        var isAnimating: Bool { app.isAnimating }
        var exitCode: Int32? { violation != nil ? 99 : app.exitCode }
        var nextTimedChange: Double? { app.nextTimedChange }
        func performScriptCommand(_ name: String, argument: String) -> String? {
            let result = app.performScriptCommand(name, argument: argument)
            check(after: "\(name) \(argument)")
            return result
        }
    }

    /// Key names the parser accepts. `q` and `ctrl-c` quit, so they only ever end a script.
    static let keyNames: [String] = {
        var names = ["up", "down", "left", "right", "enter", "space", "esc", "tab", "backtab", "backspace",
                     "delete", "home", "end", "pageup", "pagedown"]
        for binding in KeyTables.game {
            for key in binding.keys where key != .character("q") && key != .control("c") {
                if case .character(let c) = key, c != " " { names.append(String(c)) }
            }
        }
        names += "abcefgimopuvwxyzABCDHJKLQ0123456789!$%&'()*+,-./:;<=>@[]^_`{|}~é€🎃".map { String($0) }
        names += "abdefghijklmnopqrstuvwxyz".map { "ctrl-\($0)" }
        return names
    }()

    /// The next few lines of a script. Mostly blind: every binding, other keys, clicks anywhere
    /// (also far off screen), waits that let bonuses run out, resizes 1x1…300x100, theme switches.
    /// Sometimes it peeks, as a player with a perfect memory would: with one card up it clicks the
    /// partner where it is drawn, so games get won and the deep states (matched cards spinning,
    /// removal, the win banner) are reached, not just the first few moves.
    static func nextLines(_ g: inout Generator, app: MemorizeApplication, size: Size, time: Double,
                          themes: [Theme]) -> [String] {
        let view = app.view
        let cards = view.game.cards
        let faceUp = cards.indices.filter { cards[$0].isFaceUp && !cards[$0].isMatched }
        func center(_ index: Int) -> Point? {
            let frame = view.presentedCard(at: index, time: time).frame
            let point = Point(x: Int(frame.x + frame.width / 2), y: Int(frame.y + frame.height / 2))
            return point.x >= 0 && point.y >= 0 ? point : nil
        }
        // The computer's turn: mostly let it play. (Checked first, so solo scripts
        // draw from the generator exactly as before.)
        if view.game.isComputersTurn, g.chance(60) { return ["wait \(300 + g.below(2500))ms"] }
        // Against the computer, peek less: mismatches hand it the turn.
        if view.game.mode.opponentLevel == nil || g.chance(30), g.chance(45), faceUp.count == 1,
           let partner = cards.indices.first(where: { $0 != faceUp[0] && cards[$0].content == cards[faceUp[0]].content }),
           let point = center(partner) {
            return ["click \(point.x) \(point.y)"]
        }
        if g.chance(25), faceUp.count != 1,
           let pick = cards.indices.filter({ !cards[$0].isMatched && !cards[$0].isFaceUp && !view.isUndealt(cards[$0]) }).randomElement(using: &g),
           let point = center(pick) {
            return ["click \(point.x) \(point.y)", "wait \(g.below(400))ms"]
        }
        switch g.below(100) {
        case 0..<25: return ["key \(g.pick(["space", "enter", "space", "left", "right", "up", "down", "h", "j", "k", "l"]))"]
        case 25..<37: return ["key \(g.pick(keyNames))" + (g.chance(20) ? " \(1 + g.below(30))" : "")]
        case 37..<41: return ["type \"\((0..<(1 + g.below(12))).map { _ in g.pick(["d", "s", "h", "j", "k", "l", " ", "?", "x"]) }.joined())\""]
        case 41..<46: return ["key d", "wait \(g.below(3000))ms"]
        case 46..<61:
            // Mostly on screen (cards, deck, buttons), sometimes far outside it.
            let x = g.chance(80) ? g.below(size.width + 2) : g.below(10_000)
            let y = g.chance(80) ? g.below(size.height + 2) : g.below(10_000)
            return ["click \(x) \(y)"]
        case 61..<76: return ["wait \(g.below(1500))ms"]
        case 76..<79: return ["wait \(4 + g.below(8))s"]                              // bonus time runs out
        case 79..<87:
            let next = g.chance(50) ? Size(width: 80, height: 24) : Size(width: 1 + g.below(300), height: 1 + g.below(100))
            return ["resize \(next.width)x\(next.height)"]
        // A `theme` line before any action parses as the script's setting: lead with a no-op action.
        case 87..<89: return ["wait 0ms", "theme \(g.pick(themes).name)"]
        case 89..<92: return ["snapshot s\(g.below(1000))"]
        case 92..<94: return ["key s"]
        case 94..<96: return ["key \(g.pick(["?", "esc", "esc"]))"]
        default: return ["key \(g.pick(["r", "n", "t", "t", "esc", "esc", "esc"]))"]      // t opens the chooser: esc leaves it
        }
    }

    struct RunResult {
        var script: String
        var violation: String?
        var events: Int
        var matches: Int
        var wins: Int
        var finalState: String
        var computerMoves = 0
    }

    /// Generates and plays one script, a few lines at a time, the way HeadlessSession plays a
    /// whole one: the state and the virtual clock carry over from one run-loop pass to the next,
    /// so the concatenated script replays the same game (checked below).
    static func play(seed: UInt64, _ g: inout Generator, options: AppOptions, length: Int) throws -> RunResult {
        let themes = ThemeLibrary.builtIn()
        let theme: Theme? = g.chance(50) ? g.pick(themes) : nil
        var size = Size(width: 80, height: 24)
        var text = "size 80x24\nseed \(seed)\n" + (theme.map { "theme \($0.name)\n" } ?? "") + modeLines(options.mode)
        let clock = VirtualClock()
        let screen = HeadlessScreen(size: size, clock: clock)
        let app = try makeApp(seed: seed, size: size, options: options, clock: clock, theme: theme)
        let content = CheckingContent(app)
        var lines = ["key d"]
        var written = 0
        while true {
            let chunk = lines.joined(separator: "\n") + "\n"
            text += chunk
            let loop = RunLoop(screen: screen, clock: clock, content: content, fps: options.fps,
                               script: try KeyScript.parseGame(chunk, source: "fuzz.keys"), endsWithScript: true)
            _ = try loop.run()
            size = screen.size
            written += lines.count
            if content.exitCode != nil || written >= length { break }
            lines = nextLines(&g, app: app, size: size, time: clock.now, themes: themes)
            if written + lines.count >= length, g.chance(20) { lines.append("key \(g.pick(["q", "ctrl-c"]))") }
        }
        var violation = content.violation
        if violation == nil {
            let problems = app.invariantViolations()
            if !problems.isEmpty { violation = "at the end: " + problems.joined(separator: "; ") }
        }
        return RunResult(script: text, violation: violation, events: content.events, matches: content.matches,
                         wins: content.wins, finalState: describe(app), computerMoves: content.computerMoves)
    }

    static func describe(_ app: MemorizeApplication) -> String {
        let game = app.view.game
        return "theme \(game.theme.name) score \(game.score) players \(game.players.map(\.score)) turn \(game.currentPlayer) moves \(game.moves) pairs left \(game.pairsLeft) "
            + "faces \(game.cards.map { $0.isFaceUp ? "U" : $0.isMatched ? "M" : "d" }.joined()) exit \(String(describing: app.exitCode))"
    }

    /// Replays a whole script in one run-loop pass (what `--headless --script` does).
    static func replay(_ text: String, options: AppOptions) throws -> String {
        let script = try KeyScript.parseGame(text, source: "fuzz.keys")
        let clock = VirtualClock()
        let size = script.size ?? options.headlessSize
        let themes = ThemeLibrary.builtIn()
        let theme = script.theme.flatMap { name in themes.first { $0.name == name } }
        let app = try makeApp(seed: script.seed ?? 0, size: size, options: options, clock: clock, theme: theme)
        _ = try RunLoop(screen: HeadlessScreen(size: size, clock: clock), clock: clock, content: app, fps: options.fps,
                        script: script, endsWithScript: true).run()
        return describe(app)
    }

    @Test func generatedKeyScriptsKeepEveryInvariant() throws {
        var g = Generator(state: 0xF022_0042)
        let deadline = Self.longRunSeconds.map { Date().addingTimeInterval($0) }
        var scripts = 0, events = 0, matched = 0, wins = 0, replayed = 0
        while deadline.map({ Date() < $0 }) ?? (scripts < 12) {
            let seed = g.next() % 1_000_000
            var options = AppOptions()
            // A low frame rate keeps the debug build quick; the animation code runs all the same.
            options.fps = Double(g.pick([1, 2, 4]))
            options.reducedMotion = g.chance(25)
            options.ascii = g.chance(25)
            options.monochrome = g.chance(25)
            let result = try Self.play(seed: seed, &g, options: options, length: 150 + g.below(250))
            scripts += 1
            events += result.events
            matched += result.matches
            wins += result.wins
            let flags = (options.reducedMotion ? " --reduced-motion" : "") + (options.ascii ? " --ascii" : "")
                + (options.monochrome ? " --no-color" : "") + " --fps \(Int(options.fps))"
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-fuzz-\(seed).keys").path
            if let violation = result.violation {
                // Keep the script so the failure can be replayed through the real binary.
                try? result.script.write(toFile: path, atomically: true, encoding: .utf8)
                Issue.record("""
                    invariant violated \(violation)
                    script saved to \(path); replay with:
                    MEMORIZE_CHECK_INVARIANTS=1 memorize-tui --headless --script \(path)\(flags)
                    """)
                return
            }
            // Same seed + same input = same game: the script, played in one pass, ends the same.
            if scripts <= 4 {
                let again = try Self.replay(result.script, options: options)
                #expect(again == result.finalState, "replay of seed \(seed) differs:\n\(again)\n\(result.finalState)")
                if again != result.finalState { try? result.script.write(toFile: path, atomically: true, encoding: .utf8) }
                replayed += 1
            }
        }
        // The play must reach won games, or the checks above prove little about the deep states.
        #expect(matched > 50 && wins >= 2, "the generated scripts matched \(matched) pairs and won \(wins) games")
        print("fuzz(headless): scripts=\(scripts) events=\(events) matched-pairs=\(matched) wins=\(wins) replayed=\(replayed) violations=0")
    }

    /// The public path too (what `--headless` runs), on scripts generated above.
    @Test func headlessSessionRunsGeneratedScripts() throws {
        var g = Generator(state: 0xF022_0043)
        for _ in 0..<4 {
            var options = AppOptions()
            options.fps = 5
            let result = try Self.play(seed: g.next() % 1000, &g, options: options, length: 100)
            var snapshots = 0
            try HeadlessSession.run(script: try KeyScript.parseGame(result.script, source: "fuzz.keys"), options: options) { _ in snapshots += 1 }
            #expect(snapshots == result.script.components(separatedBy: "\nsnapshot ").count - 1)
        }
    }
}
