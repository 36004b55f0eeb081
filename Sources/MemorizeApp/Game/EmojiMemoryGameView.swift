import Memorize
import MemorizeStore
import TerminalUI

/// The game page (lecture 8's EmojiMemoryGameView): UI state that is not the model's business —
/// which cards have been `dealt`, the keyboard focus, the finished game's result — plus the
/// intents it sends to the view model, each wrapped in `withAnimation` as the lecture does. The
/// other pages (win screen, theme chooser and editor) and the help are the router's
/// (Pages/AppRouter.swift).
///
/// Model and UI state change instantly. `updateTargets(animation:)` then tells the Animator where
/// every card should be; the presented values travel there (see Rendering).
final class EmojiMemoryGameView: StatefulView {

    let game: EmojiMemoryGame
    let animator: Animator
    let clock: Clock
    /// The app time `clock` reads, when it can be paused (the inspector's `p` and `.`; see
    /// EmojiMemoryGameView+Time.swift). The game's model clock and the Animator read it too.
    let timeControl: FreezableClock?
    /// App time when the view was made: the inspector says "paused at N s" from here.
    let timeOrigin: Double
    /// Time stands still (`p`); and whether it stood still at any moment of this game, which
    /// then is not recorded as a best score.
    var isTimePaused = false
    var timeWasPaused = false
    let options: AppOptions
    /// Best scores per theme (the win screen) and the player's own themes (chooser/editor).
    let scores: ScoreRecording
    let userThemes: UserThemeStoring

    /// Lecture 8's @State: which cards have left the deck. It moves cards, so setting it asks for
    /// new animation targets (stateWillChange), as a model change does.
    @State private(set) var dealt = Set<Int>()
    // Where the player is: drawn, but never a target of the Animator, so a change (a focus
    // move) costs a frame and no re-targeting of every card.
    var focusIndex = 0
    /// Set once per finished game, when it is recorded in the score book.
    var win: WinScreen?
    /// The computer's next choice while it is its turn (EmojiMemoryGameView+Opponent.swift).
    var opponentPlan: OpponentPlan?
    /// Set by the router while something covers the game (help, another page): the computer waits.
    var holdsOpponent = false
    /// A short message over the title ("wait: computer's turn"), until a time on the clock.
    var note: (text: String, until: Double)?
    /// When the last card was chosen, and whether by the computer: its next choice waits for that
    /// flip, and a little longer when the turn has just passed to it.
    var lastChoice: (time: Double, byComputer: Bool)?
    private(set) var size: Size
    private(set) var layout: GameLayout
    private(set) var exitCode: Int32?

    /// Card ids whose bonus pie is counting down (lecture: the Pie's onAppear started it).
    private var piesRunning = Set<Int>()
    /// Card ids in the model's order at the last update: while it holds, no card came or went.
    private var knownCardOrder: [Int] = []
    /// Each card's last declaration to the Animator: unchanged cards are not declared again.
    var declaredTargets = DeclaredTargets()
    private var needsTargetUpdate = true
    /// How often the Animator was given new targets (tests: one route, one update per change).
    private(set) var targetUpdateCount = 0
    private var subscription: Cancellable?
    /// The last frame drawn for the run loop, redrawn only where it changes (renderFrame).
    var retainedFrame = RetainedGameFrame()
    let pieRasters = BonusPieRasters()
    /// Bumped by every model change and every @State change: with the Animator's revision it
    /// stamps the frame memo (a card that cannot move looks as it did, unless these changed).
    private(set) var stateRevision = 0
    let presentedMemo = PresentedCardMemo()
    /// The last frame drawn, as far as a frame with nothing new needs to know (QuietFrame).
    var quietFrame: QuietFrame?
    /// Items of cards that cannot move, by card index, as last built under `stamp` (frameItems).
    var cardItems: (stamp: QuietFrame.Stamp?, items: [RetainedGameFrame.Item?]) = (nil, [])

    init(game: EmojiMemoryGame, animator: Animator, clock: Clock, size: Size, options: AppOptions,
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
        layout = GameLayout(size: size, cardCount: game.cards.count)
        game.setUserThemes(userThemes.themes)
        subscription = game.objectWillChange.sink { [weak self] in self?.stateWillChange() }
        updateTargets(animation: nil)
    }

    func stateWillChange() {
        needsTargetUpdate = true
        stateRevision &+= 1
    }

    // MARK: - Lecture 8: dealing

    func deal(_ card: EmojiMemoryGame.Card) { dealt.insert(card.id) }
    func isUndealt(_ card: EmojiMemoryGame.Card) -> Bool { !dealt.contains(card.id) }

    /// Lecture 8: each card waits its turn, `index · totalDealDuration / count`, then flies 0.5 s.
    private func dealAnimation(for index: Int) -> Animation {
        let delay = Double(index) * CardConstants.totalDealDuration / Double(max(1, game.cards.count))
        return Animation.easeInOut(duration: CardConstants.dealDuration).delay(delay)
    }

    // MARK: - Explicit animation

    /// SwiftUI's `withAnimation`: runs the state change, then lets every property it moved
    /// animate from where it is presented now, with `animation` (nil: jump).
    @discardableResult
    func withAnimation<Result>(_ animation: Animation? = .default, _ body: () -> Result) -> Result {
        let result = body()
        updateTargets(animation: animation)
        return result
    }

    // MARK: - Intents (each one animated, as lecture 8 recommends)

    func dealAll() {
        game.startClock()
        for (index, card) in game.cards.enumerated() where isUndealt(card) {
            withAnimation(dealAnimation(for: index)) { deal(card) }
        }
    }

    func choose(_ card: EmojiMemoryGame.Card) {
        let byComputer = game.isComputersTurn
        withAnimation(CardConstants.flip) { game.choose(card) }
        lastChoice = (clock.now, byComputer)
        recordIfOver()
    }

    /// The score book hears about a finished game exactly once: `win` is nil only until then.
    /// Solo games keep a best per theme; games against the computer count wins, losses and ties
    /// per level; hot-seat games are the players' own business.
    private func recordIfOver() {
        guard win == nil, let result = game.result else { return }
        if let standings = game.standings {
            // A game in which time was paused counts for nothing: no win, loss or tie is kept.
            let record = timeWasPaused ? nil : standings.level.map { scores.recordVersus(level: $0.rawValue, outcome: standings.outcome) }
            win = WinScreen(result: result, previousBest: nil, warning: scores.warning,
                            versus: WinScreen.Versus(standings: standings, record: record), playedMode: game.mode,
                            timeWasPaused: timeWasPaused)
            return
        }
        if timeWasPaused {
            // Paused time is time the clock did not count: such a game cannot stand as a best.
            win = WinScreen(result: result, previousBest: scores.best(forTheme: result.theme), warning: scores.warning,
                            playedMode: game.mode, timeWasPaused: true)
            return
        }
        let previous = scores.record(result)
        win = WinScreen(result: result, previousBest: previous, warning: scores.warning, playedMode: game.mode)
    }

    func shuffle() {
        press(.shuffle)
        opponentPlan = nil
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


    /// Cards back to the deck: no win screen, no computer's plan or note, no last choice.
    private func forgetFinishedGame() {
        dealt = []
        win = nil
        timeWasPaused = isTimePaused
        opponentPlan = nil
        note = nil
        lastChoice = nil
    }

    func quit() { exitCode = 0 }

    /// A button lights up for a moment whenever its intent runs, by click, key or script: the
    /// answer a player sees in the next frame, while the cards' eased motion is still starting.
    private func press(_ button: GameLayout.Button) {
        animator.animate(buttonPressKey(button), from: 1, to: 0, animation: CardConstants.buttonPress)
    }

    /// Buttons are not cards: their keys use negative ids, which no card has.
    func buttonPressKey(_ button: GameLayout.Button) -> AnimationKey {
        AnimationKey(-1 - GameLayout.Button.allCases.firstIndex(of: button)!, "press")
    }

    /// A resize re-fits the grid at once, with no animation: as in SwiftUI, where a window's new
    /// size lays views out again outside any `withAnimation` transaction. The terminal has to be
    /// repainted whole after a resize anyway; a glide would send almost every cell again a few
    /// frames later (issue 11: one repaint per resize). Only while cards are already moving (a
    /// deal, a shuffle) do they glide on to their new slots rather than stop dead.
    func resize(to newSize: Size) {
        guard newSize != size else { return }
        opponentPlan = nil                  // the computer thinks again, on the new layout
        withAnimation(isAnimating ? CardConstants.resizeInFlight : nil) {
            size = newSize
            layout = GameLayout(size: newSize, cardCount: game.cards.count)
        }
    }

    private func resetLayoutForCardCount() {
        guard layout.grid.itemFrames.count != game.cards.count else { return }
        withAnimation(CardConstants.restart) {
            layout = GameLayout(size: size, cardCount: game.cards.count)
        }
        focusIndex = min(focusIndex, max(0, game.cards.count - 1))
    }

    // MARK: - Presented values

    enum Property: String, CaseIterable { case x, y, width, height, rotation, presence, spin, bonus }
    func key(_ id: Int, _ property: Property) -> AnimationKey { AnimationKey(id, property.rawValue) }

    /// Keeps time-driven changes honest: a bonus that ran out stops its pie.
    func tick() {
        if layout.grid.itemFrames.count != game.cards.count {
            layout = GameLayout(size: size, cardCount: game.cards.count)
            needsTargetUpdate = true
        }
        if !needsTargetUpdate, !piesRunning.isEmpty {
            // A pie whose card stopped consuming (every frame while one runs: from the few
            // running pies, not a set lookup per card).
            let cards = game.cards
            for id in piesRunning where !(cards.first(where: { $0.id == id })?.isConsumingBonusTime ?? false) {
                needsTargetUpdate = true
            }
        }
        if needsTargetUpdate { updateTargets(animation: nil) }
        if let note, clock.now >= note.until { self.note = nil }
        advanceOpponent()
        if needsTargetUpdate { updateTargets(animation: nil) }
    }

    /// Tells the Animator where every card should be now (the model's truth, laid out).
    func updateTargets(animation: Animation?) {
        needsTargetUpdate = false
        targetUpdateCount += 1
        let cards = game.cards
        if cards.count != knownCardOrder.count || !zip(cards, knownCardOrder).allSatisfy({ $0.id == $1 }) {
            let gone = Set(knownCardOrder).subtracting(cards.map(\.id))
            for id in gone {
                for property in Property.allCases { animator.remove(key(id, property)) }
                piesRunning.remove(id)
            }
            if !gone.isEmpty { declaredTargets.forget() }
            knownCardOrder = cards.map(\.id)
        }
        let frames = layout.grid.itemFrames
        if !dealt.isEmpty, let slot = frames.first {
            // The pie's raster for the dealt cards' size, made now rather than inside the first
            // choice's frames (tens of thousands of instructions, once per size).
            pieRasters.prepare(for: FloatRect(slot).rounded.inset(by: 1).size)
        }
        for (index, card) in cards.enumerated() {
            let slot = index < frames.count ? frames[index] : layout.deckFrame
            let target = FloatRect(isUndealt(card) ? layout.deckFrame : slot)
            let inputs = DeclaredTargets.Inputs(card: card, frame: target, isConsumingBonusTime: card.isConsumingBonusTime)
            guard declaredTargets.needsDeclaring(inputs, at: index) else { continue }
            animator.setTarget(key(card.id, .x), target.x, animation: animation)
            animator.setTarget(key(card.id, .y), target.y, animation: animation)
            animator.setTarget(key(card.id, .width), target.width, animation: animation)
            animator.setTarget(key(card.id, .height), target.height, animation: animation)
            animator.setTarget(key(card.id, .rotation), card.isFaceUp ? 0 : 180, animation: animation)

            // Lecture 8's removal transition: matched cards leave when they turn face down.
            let isPresent = !(card.isMatched && !card.isFaceUp)
            let presenceAnimation = animation.map { isPresent ? $0 : CardConstants.removal }
            animator.setTarget(key(card.id, .presence), isPresent ? 1 : 0, animation: presenceAnimation)

            // An implicit, repeating animation keyed to isMatched (lecture 8's spinning emoji).
            let spinKey = key(card.id, .spin)
            if card.isMatched && card.isFaceUp {
                if animator.target(spinKey) != 1 {
                    animator.animate(spinKey, from: 0, to: 1, animation: CardConstants.spin)
                }
            } else {
                animator.setTarget(spinKey, 0, animation: nil)
            }

            // The pie's onAppear: animatedBonusRemaining = bonusRemaining, then linear to 0.
            if card.isConsumingBonusTime {
                if !piesRunning.contains(card.id) {
                    piesRunning.insert(card.id)
                    animator.animate(key(card.id, .bonus), from: card.bonusRemaining, to: 0,
                                     animation: .linear(duration: card.bonusTimeRemaining))
                }
            } else if piesRunning.contains(card.id) {
                piesRunning.remove(card.id)
                animator.remove(key(card.id, .bonus))
            }
        }
    }

    /// Paused, nothing moves: the run loop blocks in input as when idle (a paused inspector costs nothing).
    var isAnimating: Bool { !isTimePaused && animator.isAnimating(at: clock.now) }

    /// Under `--reduced-motion` nothing animates, but a running bonus pie still steps down once
    /// a second: the next whole second of any card's countdown.
    var nextTimedChange: Double? {
        guard !isTimePaused else { return nil }
        // App time stands behind the run loop's clock by the time it was paused: the run loop
        // waits on its own clock, so the deadline is handed over in that clock's time.
        let behind = timeControl.map { $0.base.now - $0.now } ?? 0
        return [nextCountdownStep, nextOpponentChange].compactMap { $0 }.min().map { $0 + behind }
    }

    /// Under `--reduced-motion`, the next whole second of a pie's countdown.
    private var nextCountdownStep: Double? {
        guard animator.reducedMotion else { return nil }
        let now = clock.now
        let steps = game.cards.filter(\.isConsumingBonusTime).map { card -> Double in
            let untilNextWholeSecond = card.bonusTimeRemaining.truncatingRemainder(dividingBy: 1)
            return now + (untilNextWholeSecond < 1e-6 ? 1 : untilNextWholeSecond)
        }
        return steps.min().map { $0 + 1e-6 }
    }

    enum CardConstants {
        static let dealDuration = 0.5
        static let totalDealDuration = 2.0
        static let flip = Animation.easeInOut(duration: 0.5)
        static let shuffle = Animation.spring(duration: 0.6)
        static let restart = Animation.easeInOut(duration: 0.6)
        static let removal = Animation.easeIn(duration: 0.4)
        static let spin = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        static let buttonPress = Animation.linear(duration: 0.15)
        static let resizeInFlight = Animation.easeInOut(duration: 0.25)
    }
}
