import CGameSpawn
import Foundation
import NIOCore
import TableProtocol
#if canImport(Glibc)
import Glibc
#endif

extension GameSession {
    /// `new`, `join CODE` or `watch CODE`: a place at a table (or one line why not), then the game
    /// as for any session, plus its table channel. The table lives on its own loop: the place is
    /// reserved there, the game is spawned here, and the channel is handed back there.
    func startAtTable(_ command: SessionCommand, terminal: Terminal, context: ChannelHandlerContext) {
        let owner: KeyFingerprint? = if case .key(let fingerprint) = identity.player { fingerprint } else { nil }
        // Neutralised once, here, before the table sees it: every process at the table gets
        // the same name, one its channel accepts (TableName).
        let name = TableName.neutralised(identity.userName) ?? TableName.fallback
        let request: Table.Request
        let displayFlags: [String]
        let found: Result<Table, TableRefusal>
        switch command {
        case .newTable(let theme, let flags):
            request = .open
            displayFlags = flags
            // The system's CSPRNG (getrandom): no player chose the deal, so none has seen it.
            var generator = SystemRandomNumberGenerator()
            let settings = TableSettings(seed: generator.next(), theme: theme, displayFlags: flags)
            let loop = context.eventLoop
            found = server.tables.open { [server, logger] code, remove in
                Table(code: code, eventLoop: loop, settings: settings, limits: server.configuration.tables,
                      command: server.invitationCommand, logger: logger, fleet: server.fleet, removeFromRegistry: remove)
            }
            if case .success(let table) = found {
                table.eventLoop.execute { table.scheduleIdleCheck(after: TimeAmount(table.limits.idleTimeout)) }
                if let fleet = server.fleet {
                    // The code is claimed in the database before anyone is told it (codes are
                    // the fleet's, not this host's).
                    machine.advance(to: .starting)
                    fleet.register(table.code, on: context.eventLoop).assumeIsolated().whenSuccess { [self] claimed in
                        guard claimed else {
                            table.eventLoop.execute { table.end(reason: "its code was taken on another host") }
                            return refuse("the server could not open a table right now; try again", reason: "table code taken elsewhere")
                        }
                        sit(at: table, request: request, owner: owner, name: name, displayFlags: displayFlags, terminal: terminal, context: context)
                    }
                    return
                }
            }
        case .join(let code, let flags), .watch(let code, let flags):
            if case .join = command { request = .join } else { request = .watch }
            displayFlags = flags
            switch server.tables.find(code, from: identity.address, elsewhere: server.fleet != nil) {
            case .success(.here(let table)): found = .success(table)
            case .success(.elsewhere(let code)):
                return sitElsewhere(code, watch: request == .watch, owner: owner, name: name, displayFlags: displayFlags,
                                    terminal: terminal, context: context)
            case .failure(let refusal): found = .failure(refusal)
            }
        case .play:
            preconditionFailure("startAtTable is for table commands")
        }
        switch found {
        case .success(let table):
            sit(at: table, request: request, owner: owner, name: name, displayFlags: displayFlags, terminal: terminal, context: context)
        case .failure(let refusal):
            refuse(refusal.description, reason: "table: \(refusal)")
        }
    }

    /// A place at `table` on this host, then the game.
    private func sit(at table: Table, request: Table.Request, owner: KeyFingerprint?, name: String, displayFlags: [String],
                     terminal: Terminal, context: ChannelHandlerContext) {
        if let full = server.admission.startGame(from: identity.address) {
            if case .open = request { table.eventLoop.execute { table.end(reason: "its opener could not start a game") } }
            return refuse(full, reason: full)
        }
        machine.advance(to: .starting)
        table.eventLoop.submit {
            table.reserve(request, owner: owner, name: name, displayFlags: displayFlags)
        }.hop(to: context.eventLoop).assumeIsolated().whenSuccess { [self] result in
            switch result {
            case .success(let reservation):
                seat(at: table, reservation, request: request, terminal: terminal)
            case .failure(let refusal):
                server.admission.endGame(from: identity.address)
                refuse(refusal.description, reason: "table \(table.code): \(refusal)")
            }
        }
    }

    private func seat(at table: Table, _ reservation: Table.Reservation, request: Table.Request, terminal: Terminal) {
        let memberID = reservation.memberID
        guard let context, !machine.isEnding else {
            server.admission.endGame(from: identity.address)
            return table.eventLoop.execute { table.cancel(memberID: memberID) }
        }
        if case .open = request {
            tell("table \(table.code) is open. Give a friend this line: \(table.invitation)")
        }
        if case .seat = reservation.seat, identity.player.map({ if case .guest = $0 { true } else { false } }) ?? true {
            tell("you sit as a guest: if your link drops, your seat cannot be taken back (connect with a key for that)")
        }
        var serverEnd: Int32 = -1
        var gameEnd: Int32 = -1
        guard gs_channel_pair(&serverEnd, &gameEnd) == 0 else {
            server.admission.endGame(from: identity.address)
            table.eventLoop.execute { table.cancel(memberID: memberID) }
            return refuse("no terminal is free for your game right now; try again later", reason: "table channel: \(String(cString: strerror(errno)))")
        }
        watchesATable = reservation.seat == .watcher
        let started = launch(arguments: reservation.arguments, terminal: terminal, context: context, channel: gameEnd)
        Glibc.close(gameEnd)
        guard started else {
            Glibc.close(serverEnd)
            return table.eventLoop.execute { table.cancel(memberID: memberID) }
        }
        logger.info("seated", metadata: ["table": "\(table.code)", "place": "\(reservation.seat)", "resumed": "\(reservation.resumed)"])
        let session = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        let stop: @Sendable (String) -> Void = { reason in
            loop.execute { session.value.stopGame(reason: reason) }
        }
        // A let, not the var gs_channel_pair filled: the closure runs on the table's loop.
        let descriptor = serverEnd
        table.eventLoop.execute { table.attach(memberID: memberID, descriptor: descriptor, stop: stop) }
    }
}

extension ServerContext {
    /// `ssh -t -p PORT HOST`, as a friend types it: HOST is --public-name, else this machine's name.
    var invitationCommand: String {
        var host = configuration.tables.publicName
        if host == nil {
            var buffer = [CChar](repeating: 0, count: 256)
            if gethostname(&buffer, buffer.count) == 0 {
                host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return "ssh -t -p \(configuration.port) \(host ?? configuration.host)"
    }
}
