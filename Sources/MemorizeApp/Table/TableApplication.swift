import Memorize
import TableProtocol
import TerminalUI

/// The app at a table (`--table-channel`): the same pages, but the model changes only by the
/// table's ordered log. This seat's choose goes to the table instead of the model, and comes back
/// in the log, which every process at the table applies in the same order: the screens agree by
/// construction. A watcher's keys change nothing (help, quit and resize work). The bottom line says
/// what the table says: the invitation, who is awaited, how many watch, the end.
final class TableApplication: RunLoopContent {
    let base: MemorizeApplication
    let client: TableClient
    let clock: TimeSource
    /// What a refused key said, shown on the bottom line until the next event.
    private(set) var note: String?
    /// This process's timeline against the table's (TableLog.apply).
    private var timeline = TableTimeline()

    init(base: MemorizeApplication, client: TableClient, clock: TimeSource) {
        self.base = base
        self.client = client
        self.clock = clock
    }

    var view: GamePage { base.view }

    func handle(_ event: Event) {
        note = nil
        switch event {
        case .watchedInput:
            readTable()
        case .key(let key) where KeyTables.inspector.command(for: key) != nil:
            // The inspector shows every card's face and pauses time: at a table, a cheat.
            note = "no inspector at a table: it shows the cards face down"
        case .key(let key):
            if let command = KeyTables.game.command(for: key), base.router.page == .game, !base.router.showsHelp, view.win == nil {
                switch TableKeys.decide(command, seat: client.seat, view: view, tableOver: client.isOver) {
                case .pass: base.handle(event)
                case .send(let intent): client.send(intent)
                case .refuse(let reason): note = reason
                }
            } else {
                base.handle(event)
            }
        case .mouse(let mouse):
            // A press acts, as in a solo game; the release that follows must not act twice.
            guard mouse.button == .left, mouse.kind != .release else { return }
            guard base.router.page == .game, !base.router.showsHelp, view.win == nil else { return base.handle(event) }
            switch TableKeys.decideClick(at: mouse.position, seat: client.seat, view: view, tableOver: client.isOver) {
            case .pass: break
            case .send(let intent):
                if case .choose(let id) = intent, let index = view.game.cards.firstIndex(where: { $0.id == id }) {
                    view.focus(on: index)
                }
                client.send(intent)
            case .refuse(let reason): note = reason
            }
        default:
            base.handle(event)
        }
    }

    /// Everything the table has sent, applied in order. The entries the hello announced as the
    /// catch-up (the log before this process joined: a resumed seat, a late watcher) are applied
    /// without animating; from the present on, as they happen.
    private func readTable() {
        let first = client.nextSequence
        let entries = client.readAvailable(now: clock.now)
        let catchUp = client.hello?.catchUp ?? 0
        let animator = view.animator
        let wasReduced = animator.reducedMotion
        timeline.anchor(entries, catchUpCount: catchUp - first, now: view.game.now)
        for (index, entry) in entries.enumerated() {
            animator.reducedMotion = wasReduced || first + index < catchUp
            TableLog.apply(entry, to: view, offset: timeline.offset ?? 0)
        }
        animator.reducedMotion = wasReduced
        for (seat, name) in client.names.enumerated() {
            if let name { view.game.rename(seat: seat, to: name) }
        }
    }

    func render(in size: Size) -> Canvas {
        var canvas = base.render(in: size)
        if base.router.page == .game, !base.router.showsHelp { TableWinPage.draw(view, on: &canvas) }
        drawTableLine(on: &canvas, size: size)
        return canvas
    }

    private func drawTableLine(on canvas: inout Canvas, size: Size) {
        guard size.height > 2, size.width > 10 else { return }
        let line = TableLine.text(client: client, invitation: client.hello?.invitation, note: note, game: view.game, now: clock.now)
        let y = size.height - 1
        for x in 0..<size.width { _ = canvas.put(" ", x: x, y: y, style: .plain) }
        _ = canvas.put(String(line.prefix(size.width)), x: 0, y: y, style: .plain)
    }

    func tick() { base.tick() }
    var isAnimating: Bool { base.isAnimating }
    var exitCode: Int32? { base.exitCode }
    /// While a seat is awaited, its countdown changes every second.
    var nextTimedChange: Double? {
        let second = client.waiting.isEmpty ? nil : (clock.now + 1).rounded(.down)
        return [base.nextTimedChange, second].compactMap { $0 }.min()
    }
    var runLoopStats: RunLoopStats? { base.runLoopStats }
    func performScriptCommand(_ name: String, argument: String) -> String? { base.performScriptCommand(name, argument: argument) }

    /// For the terminal once the game is over: why the table ended and the final scores.
    var finalNote: String? {
        if let result = TableWinPage.result(view.game) { return "the table's game is over: \(result)" }
        guard let reason = client.ended ?? client.failure else { return nil }
        return "the table has ended: \(reason). " + TableLine.scores(view.game)
    }
}
