import Memorize
import MemorizeStore
import TerminalUI

/// The game page: the UI state and intents the lecture keeps in EmojiMemoryGameView, that a
/// terminal app needs outside a value view (keys, the computer, scripts, time). UI state that is
/// not the model's business — which cards have been `dealt`, the keyboard focus, the finished
/// game's result —, a `body` that declares what is on screen, and the intents it sends to the view
/// model, each wrapped in `withAnimation` as the lecture does. The other pages and the help are the router's.
///
/// Model and UI state change instantly, inside `withAnimation`'s transaction; the runtime then
/// evaluates `body` (an EmojiMemoryGameView, the lecture's view) with it, and every value that moved —
/// a card's matched frame, its turn, its pie — travels from where it is presented. Its
/// `renderer` (GameFrameRenderer) makes `body` for each frame and the runtime lays it out and
/// draws it; its `opponent` (OpponentDriver) decides the computer's moves, which the page
/// carries out.
final class GamePage: StatefulView {
    let game: EmojiMemoryGame
    let animator: Animator
    let clock: TimeSource
    /// The app time `clock` reads, when it can be paused (the inspector's `p` and `.`). The
    /// game's model clock and the Animator read it too.
    let timeControl: FreezableClock?
    /// App time when the view was made: the inspector says "paused at N s" from here.
    let timeOrigin: Double
    let options: AppOptions
    /// Best scores per theme (the win screen) and the player's own themes (chooser/editor).
    private let scores: ScoreRecording
    let userThemes: UserThemeStoring

    /// Lecture 8's @State: which cards have left the deck. It moves cards, so setting it has the
    /// runtime evaluate the page again in the open transaction (stateWillChange), as a model change does.
    @State private(set) var dealt = Set<Int>() { didSet { revision &+= 1 } }
    /// Where the player is: drawn, but never a target of the Animator, so a change (a focus
    /// move) costs a frame and no re-targeting of every card.
    private(set) var focusIndex = 0 { didSet { revision &+= 1 } }
    /// Set once per finished game, when it is recorded in the score book.
    private(set) var win: WinSummary? { didSet { revision &+= 1 } }
    /// The day whose deal this game is (`--daily`, `--date`, a server's daily): the first game
    /// only, as a restart or a new game deals something else.
    private(set) lazy var dailyDate: DailyDate? = options.daily
    /// A server's daily: its verdict on the reported run, awaited while the win card shows (DailyRunReport.swift).
    let dailyVerdict = DailyVerdictReader()
    /// `--play-record`: a recorded run playing itself (RecordPlayback.swift).
    private(set) lazy var playback: RecordPlayback? = options.playRecordPath.flatMap(RecordPlayback.load)
    /// Time stands still (`p`); and whether it stood still at any moment of this game, which
    /// then is not recorded as a best score.
    private(set) var isTimePaused = false { didSet { revision &+= 1 } }
    private var timeWasPaused = false
    private(set) var size: Size { didSet { revision &+= 1 } }
    private(set) var layout: GameLayout { didSet { revision &+= 1 } }
    private(set) var exitCode: Int32?
    /// Themes that could not be loaded, said once at start until the first deal (the renderer draws it).
    private(set) var startNotice: String? { didSet { revision &+= 1 } }
    /// Counts the changes of the page's own state above, which its body is made from with the
    /// model's (PageInputs: the body is made again only when one of them changed).
    private(set) var revision = 0

    /// Makes and draws `body` (GamePage+Frame.swift asks it); it keeps no pointer back to this page.
    private(set) lazy var renderer = GameFrameRenderer(animator: animator, game: game)
    let opponent = OpponentDriver()

    /// Lecture 8's timings, which the lecture keeps in its view.
    private typealias CardConstants = EmojiMemoryGameView.CardConstants

    init(game: EmojiMemoryGame, animator: Animator, clock: TimeSource, size: Size, options: AppOptions,
         scores: ScoreRecording = InMemoryScores(), userThemes: UserThemeStoring = InMemoryThemes(),
         timeControl: FreezableClock? = nil) {
        self.timeControl = timeControl
        timeOrigin = clock.now
        self.game = game
        self.scores = scores
        self.userThemes = userThemes
        self.animator = animator
        self.clock = clock
        self.size = size
        self.options = options
        layout = .fitting(size, cardCount: game.cards.count)
        game.setUserThemes(userThemes.themes)
        startNotice = options.unrankedDailyNotice ?? ThemeProblemList(userThemes: userThemes, builtIn: game.builtInThemes).startNotice
    }

    /// `dealt` changes: the page's views are evaluated again, in the open transaction.
    func stateWillChange() { renderer.graph.rootWillChange() }

    // MARK: - Lecture 8: body

    /// What is on screen now, as views (an EmojiMemoryGameView): the renderer adds to the page's state
    /// what the Animator presents at this moment.
    var body: EmojiMemoryGameView { renderer.page(pageState, at: animator.clock.now, layout: layout, focusVisible: true) }

    // MARK: - Lecture 8: dealing

    func deal(_ card: EmojiMemoryGame.Card) { dealt.insert(card.id) }
    func isUndealt(_ card: EmojiMemoryGame.Card) -> Bool { !dealt.contains(card.id) }

    /// Lecture 8: each card waits its turn, `index · totalDealDuration / count`, then flies 0.5 s.
    private func dealAnimation(for index: Int) -> Animation {
        let delay = Double(index) * CardConstants.totalDealDuration / Double(max(1, game.cards.count))
        return Animation.easeInOut(duration: CardConstants.dealDuration).delay(delay)
    }

    // MARK: - Explicit animation

    /// SwiftUI's `withAnimation`: runs the state change in a transaction, then the runtime
    /// evaluates the page with it at once (not at the next frame), so every value it moved
    /// animates from where it is presented now, with `animation` (nil: jump).
    @discardableResult
    func withAnimation<Result>(_ animation: Animation? = .default, _ body: () -> Result) -> Result {
        let result = TerminalUI.withAnimation(animation) {
            let result = body()
            renderer.graph.rootWillChange()     // the page's own state (its layout, its focus) is the root's input
            return result
        }
        renderer.commit(pageState)
        return result
    }

    // MARK: - Intents (each one animated, as lecture 8 recommends)

    func dealAll() {
        startNotice = nil
        game.deal()
        for (index, card) in game.cards.enumerated() where isUndealt(card) {
            withAnimation(dealAnimation(for: index)) { deal(card) }
        }
    }

    /// A choice from the keyboard's seat, or from `seat` (the computer's).
    func choose(_ card: EmojiMemoryGame.Card, by seat: Int? = nil) {
        let byComputer = game.isComputersTurn
        withAnimation(CardConstants.flip) { game.choose(card, by: seat) }
        opponent.noteChoice(at: clock.now, byComputer: byComputer)
        // The score book hears about a finished game exactly once: `win` is nil only until then.
        if win == nil, let result = game.result {
            win = WinSummary.recording(result, standings: game.standings, mode: game.mode, in: scores,
                                      timeWasPaused: timeWasPaused, daily: dailyDate)
            reportDailyRun(result, timeWasPaused: timeWasPaused)     // a server's daily (DailyRunReport.swift)
        }
    }

    func shuffle() {
        press(.shuffle)
        opponent.dropPlan()
        withAnimation(CardConstants.shuffle) { game.shuffle() }
    }

    func restart() {
        press(.restart)
        withAnimation(CardConstants.restart) {
            forgetFinishedGame()
            game.restart()
        }
    }

    func newGame() {
        press(.newGame)
        withAnimation(CardConstants.restart) {
            forgetFinishedGame()
            game.newGame()
        }
        resetLayoutForCardCount()
    }

    func play(theme: Theme, mode: GameMode? = nil) {
        withAnimation(CardConstants.restart) {
            forgetFinishedGame()
            if let mode { game.setMode(mode) }
            game.play(theme: theme)
        }
        resetLayoutForCardCount()
    }

    /// `m` on the win screen: the mode the next game (`n`, `r`) is played in.
    func chooseNextMode(_ mode: GameMode) { win?.nextMode = mode }

    /// Cards back to the deck: no win screen, no computer's plan or note, no last choice.
    private func forgetFinishedGame() {
        dailyDate = nil
        dealt = []
        win = nil
        timeWasPaused = isTimePaused
        opponent.reset()
    }

    /// The server's word on this daily run, for the win card.
    func noteDailyVerdict(_ verdict: WinSummary.Verdict) { win?.daily?.verdict = verdict }

    func quit() { exitCode = 0 }

    /// Moves the keyboard focus to the card at `index` (the arrow keys, a click, the computer).
    /// Not clamped: a caller that names no card is a bug the invariant checks report.
    func focus(on index: Int) { focusIndex = index }

    /// A button lights up for a moment whenever its intent runs, by click, key or script: the
    /// answer a player sees in the next frame, while the cards' eased motion is still starting.
    private func press(_ button: GameLayout.Button) {
        animator.animate(button.pressKey, from: 1, to: 0, animation: CardConstants.buttonPress)
    }

    /// A resize re-fits the grid at once, with no animation: as in SwiftUI, where a window's new
    /// size lays views out again outside any `withAnimation` transaction. The terminal has to be
    /// repainted whole after a resize anyway; a glide would send almost every cell again a few
    /// frames later (one repaint per resize). Only while cards are already moving (a deal, a
    /// shuffle) do they glide on to their new slots rather than stop dead.
    func resize(to newSize: Size) {
        guard newSize != size else { return }
        opponent.dropPlan()                 // the computer thinks again, on the new layout
        withAnimation(isAnimating ? CardConstants.resizeInFlight : nil) {
            size = newSize
            layout = layout(for: newSize)
        }
    }

    /// The layout for `size` (GameLayout.fitting: the one place one is made).
    func layout(for size: Size) -> GameLayout { .fitting(size, cardCount: game.cards.count, current: layout) }

    private func resetLayoutForCardCount() {
        guard layout.grid.itemFrames.count != game.cards.count else { return }
        withAnimation(CardConstants.restart) {
            layout = layout(for: size)
        }
        focusIndex = min(focusIndex, max(0, game.cards.count - 1))
    }

    // MARK: - Time

    /// Before every frame and snapshot: keeps time-driven changes honest (a bonus that ran out
    /// stops its pie) and lets the computer play its part up to now.
    func tick() {
        if layout.grid.itemFrames.count != game.cards.count { layout = layout(for: size) }
        playOpponent()                      // the computer's intents (GamePage+Opponent.swift)
        playRecord()                        // a played-back run's (RecordPlayback.swift)
        pollDailyVerdict()                  // a server's daily's answer (DailyRunReport.swift)
    }

    /// The inspector's `p`: app time stands still (the model's bonus clock and the Animator), so
    /// a deal can be stopped mid-flight or a flip at 90°. The run loop's own clock goes on.
    func setTimePaused(_ paused: Bool) {
        guard let timeControl, paused != isTimePaused else { return }
        if paused {
            timeControl.freeze()
            timeWasPaused = true
        } else {
            timeControl.thaw()
        }
        isTimePaused = paused
    }
}
