import CGameSpawn
import NIOCore
import TableProtocol
import ThemeFormat
#if canImport(Glibc)
import Glibc
#endif

extension GameSession {
    /// `join CODE`/`watch CODE` of a table on another host (with --database): that host grants a
    /// place, and the game starts here as for a local seat, its table channel relayed there
    /// (FleetTables). The game cannot tell the difference.
    func sitElsewhere(_ code: TableCode, watch: Bool, owner: KeyFingerprint?, name: String, displayFlags: [String],
                      terminal: Terminal, context: ChannelHandlerContext) {
        guard let fleet = server.fleet else { return refuse("no table has the code \"\(code)\"", reason: "table elsewhere without a fleet") }
        if let full = server.admission.startGame(from: identity.address) {
            return refuse(full, reason: full)
        }
        machine.advance(to: .starting)
        fleet.reserveRemote(code, watch: watch, owner: owner, name: name, on: context.eventLoop).assumeIsolated().whenSuccess { [self] result in
            switch result {
            case .success(let place):
                seatElsewhere(place, fleet: fleet, displayFlags: displayFlags, terminal: terminal)
            case .failure(let refusal):
                server.admission.endGame(from: identity.address)
                refuse(refusal.description, reason: "table \(code): \(refusal)")
            }
        }
    }

    private func seatElsewhere(_ place: RemotePlace, fleet: FleetTables, displayFlags: [String], terminal: Terminal) {
        let given = place.reservation
        let giveUp = { fleet.send(.closed(code: place.code, member: place.memberID), to: place.host) }
        guard let context, !machine.isEnding else {
            server.admission.endGame(from: identity.address)
            return giveUp()
        }
        // A theme is one of the built-in ones, as at `new` (each seat's game loads its own).
        if let theme = given.theme, ThemeLibrary.builtIn().named(theme)?.name != theme {
            server.admission.endGame(from: identity.address)
            giveUp()
            return refuse("table \(place.code) cannot be reached right now; try again later", reason: "table elsewhere: an unknown theme")
        }
        if case .seat = given.seat, given.guestSeat {
            tell("you sit as a guest: if your link drops, your seat cannot be taken back (connect with a key for that)")
        }
        var serverEnd: Int32 = -1
        var gameEnd: Int32 = -1
        guard gs_channel_pair(&serverEnd, &gameEnd) == 0 else {
            server.admission.endGame(from: identity.address)
            giveUp()
            return refuse("no terminal is free for your game right now; try again later", reason: "table channel: \(String(cString: strerror(errno)))")
        }
        watchesATable = given.seat == .watcher
        // The arguments are made here from what was checked (seed, a showable theme, names):
        // nothing from another host reaches the game's command line unchecked.
        let settings = TableSettings(seed: given.seed, theme: given.theme, displayFlags: displayFlags)
        let started = launch(arguments: settings.gameArguments(names: given.names, displayFlags: displayFlags), terminal: terminal,
                             context: context, channel: gameEnd)
        Glibc.close(gameEnd)
        guard started else {
            Glibc.close(serverEnd)
            return giveUp()
        }
        logger.info("seated", metadata: ["table": "\(place.code)", "host": "\(place.host)", "place": "\(given.seat)", "resumed": "\(given.resumed)"])
        let session = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        let stop: @Sendable (String) -> Void = { reason in
            loop.execute { session.value.stopGame(reason: reason) }
        }
        fleet.attach(place, descriptor: serverEnd, on: loop, stop: stop)
    }
}
