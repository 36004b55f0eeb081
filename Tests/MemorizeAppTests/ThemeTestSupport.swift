import Foundation
import MemorizeStore
import Memorize
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

/// A headless session like `HeadlessSession.run`, but with the stores and options a test picks,
/// and every snapshot kept as a Canvas too, so tests can look at styles, not only text.
/// (HeadlessSession cannot take stores yet; this mirrors it line for line.)
enum ScriptedSession {
    struct Run {
        var text = ""
        var snapshots: [(name: String, canvas: Canvas)] = []
        func canvas(_ name: String) -> Canvas? { snapshots.first { $0.name == name }?.canvas }
    }

    static func run(_ script: KeyScript, options: AppOptions = AppOptions(), scores: ScoreRecording = InMemoryScores(),
                    userThemes: UserThemeStoring = InMemoryThemes()) throws -> Run {
        var options = options
        options.adoptMode(of: script)
        let themes = ThemeLibrary.builtIn()
        let theme = script.theme.flatMap { name in themes.first { $0.name.lowercased() == name.lowercased() } }
        let clock = VirtualClock()
        let size = script.size ?? options.headlessSize
        let view = Launcher.makeView(options, clock: clock, size: size, themes: themes, theme: theme,
                                     seed: script.seed ?? 0, scores: scores, userThemes: userThemes)
        var run = Run()
        let loop = RunLoop(screen: HeadlessScreen(size: size, clock: clock), clock: clock, content: MemorizeApplication(view: view),
                           fps: options.fps, script: script, endsWithScript: true) { name, canvas in
            run.text += SnapshotFormat.render(name: name, canvas: canvas)
            run.snapshots.append((name, canvas))
        }
        _ = try loop.run()
        return run
    }

    static func run(_ text: String, options: AppOptions = AppOptions(), scores: ScoreRecording = InMemoryScores(),
                    userThemes: UserThemeStoring = InMemoryThemes()) throws -> Run {
        try run(KeyScript.parseGame(text, source: "inline.keys"), options: options, scores: scores, userThemes: userThemes)
    }
}

/// The game view driven directly, input by input, on a virtual clock (like MotionHarness, with stores).
final class ThemeHarness {
    let clock = VirtualClock()
    let view: GamePage
    let router: AppRouter

    init(size: Size = Size(width: 80, height: 24), options: AppOptions = AppOptions(), theme: String = "Halloween",
         seed: UInt64 = 42, scores: ScoreRecording = InMemoryScores(), userThemes: UserThemeStoring = InMemoryThemes()) {
        let themes = ThemeLibrary.builtIn()
        view = Launcher.makeView(options, clock: clock, size: size, themes: themes, theme: themes.first { $0.name == theme },
                                 seed: seed, scores: scores, userThemes: userThemes)
        router = AppRouter(game: view)
    }

    func press(_ key: Key, _ times: Int = 1) { for _ in 0..<times { router.handle(.key(key)); router.tick() } }
    func press(_ name: String, _ times: Int = 1) { press(Key(name: name)!, times) }
    func type(_ text: String) { for character in text { press(.character(character)) } }
    func click(_ point: Point) { router.handle(.mouse(MouseEvent(.click, at: point))); router.tick() }
    func advance(_ seconds: Double) { clock.advance(by: seconds); router.tick() }
    func render() -> Canvas { router.render(in: view.size) }
    var text: String { render().plainText }

    /// The centre of card `index`'s slot in the grid.
    func centre(ofCard index: Int) -> Point {
        let frame = view.layout.grid.itemFrames[index]
        return Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
    }

    /// Deals, then clicks every pair in turn, `pause` seconds per click: the whole game won.
    func winGame(pause: Double = 0.2) {
        press(.character("d"))
        advance(3)
        let cards = view.game.cards
        var done = Set<Int>()
        for (i, card) in cards.enumerated() where !done.contains(i) {
            let j = cards.indices.first { $0 != i && !done.contains($0) && cards[$0].content == card.content }!
            for index in [i, j] { click(centre(ofCard: index)); advance(pause) }
            done.formUnion([i, j])
        }
    }
}

/// User themes in a JSON file, read once when made: a stand-in for the real store that lets a
/// test "quit" and come back to what is on disk.
final class FileThemes: UserThemeStoring {
    let url: URL
    private(set) var themes: [Theme] = []
    private(set) var warning: String?

    init(url: URL) {
        self.url = url
        guard let data = try? Data(contentsOf: url) else { return }
        do { themes = try ThemeLibrary.decode(data, source: url.path) } catch { warning = "\(error)" }
    }

    func save(_ themes: [Theme]) throws {
        try Data(ThemeLibrary.encode(themes)).write(to: url, options: .atomic)
        self.themes = themes
    }

    static func temporary() -> FileThemes {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-ui-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return FileThemes(url: directory.appendingPathComponent("themes.json"))
    }
}

/// A store whose saves fail until told otherwise (a full disk, a read-only directory).
final class FailingThemes: UserThemeStoring {
    struct DiskFull: Error, CustomStringConvertible { var description: String { "Not saved: no space left on device" } }
    private(set) var themes: [Theme]
    var warning: String?
    var failing = true
    private(set) var attempts = 0
    init(_ themes: [Theme] = []) { self.themes = themes }
    func save(_ themes: [Theme]) throws {
        attempts += 1
        if failing { throw DiskFull() }
        self.themes = themes
    }
}

/// Counts `record` calls: a finished game must be recorded exactly once.
final class CountingScores: ScoreRecording {
    private let inner = InMemoryScores()
    private(set) var recorded: [GameResult] = []
    var warning: String?
    func best(forTheme theme: String) -> BestScore? { inner.best(forTheme: theme) }
    @discardableResult func record(_ result: GameResult) -> BestScore? {
        recorded.append(result)
        return inner.record(result)
    }
    private(set) var versus: [(level: String, outcome: VersusOutcome)] = []
    @discardableResult func recordVersus(level: String, outcome: VersusOutcome) -> VersusRecord {
        versus.append((level, outcome))
        return inner.recordVersus(level: level, outcome: outcome)
    }
    func bestDaily(on date: DailyDate) -> DailyBest? { inner.bestDaily(on: date) }
    @discardableResult func recordDaily(_ result: GameResult, on date: DailyDate) -> DailyBest? { inner.recordDaily(result, on: date) }
}

extension Theme {
    static func sample(_ name: String, _ emoji: [String], pairs: Int? = nil) -> Theme {
        Theme(name: name, emoji: emoji, pairs: pairs ?? emoji.count, color: RGBColor(red: 147, green: 112, blue: 219))
    }
}
