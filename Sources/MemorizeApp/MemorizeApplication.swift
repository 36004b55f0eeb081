import Memorize
import TerminalUI

/// The game as the run loop sees it: a RunLoopContent wrapping the game view.
final class MemorizeApplication: RunLoopContent {
    let view: EmojiMemoryGameView

    init(view: EmojiMemoryGameView) { self.view = view }

    func handle(_ event: Event) { view.handle(event) }
    func render(in size: Size) -> Canvas { view.render(in: size) }
    func tick() { view.tick() }
    var isAnimating: Bool { view.isAnimating }
    var exitCode: Int32? { view.exitCode }
    var nextTimedChange: Double? { view.nextTimedChange }

    func performScriptCommand(_ name: String, argument: String) -> String? {
        guard name == "theme" else { return "unknown command \(name)" }
        guard let theme = view.game.theme(named: argument) else {
            return "unknown theme \"\(argument)\" (themes: \(view.game.themes.map(\.name).joined(separator: ", ")))"
        }
        view.play(theme: theme)
        return nil
    }
}
