import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

extension GameSession {
    /// A shell (`ssh -t host`) or exec (`ssh -t host -- --theme Animals`) request: the game, or
    /// one line saying why not.
    func start(command: String?) {
        guard let context, machine.phase == .admitted else { return }
        if let refusal = identity.refusal { return refuse(refusal, reason: refusal) }
        if identity.hasGame {
            return refuse("one game per connection", reason: "second session on one connection")
        }
        if fetchFilesFirst(command: command, context: context) { return }
        // daily, scores, replay (GameSession+Daily.swift); scores needs no terminal.
        if let command, startDailyCommand(command, context: context) { return }
        guard let terminal else {
            return refuse("the game needs a terminal: connect with ssh -t (for example: ssh -t -p \(server.configuration.port) \(server.configuration.host))",
                          reason: "no pty requested")
        }
        machine.advance(to: .authenticated)
        let displayName = ClientText.displayName(identity.userName)
        var arguments: [String] = []
        if let command {
            switch SessionCommand.parse(command: command, displayName: displayName) {
            case .success(.play(let parsed)): arguments = parsed
            case .success(let tableCommand):
                return startAtTable(tableCommand, terminal: terminal, context: context)
            case .failure(let refusal):
                return refuse(refusal.description, reason: "exec \"\(ClientText.neutralised(command, limit: 80))\": \(refusal)")
            }
        }
        if let full = server.admission.startGame(from: identity.address) { return refuse(full, reason: full) }
        machine.advance(to: .starting)
        launch(arguments: arguments, terminal: terminal, context: context)
    }

    /// Spawns the game (with its channel's game end, at a table or in a key's daily, as its
    /// descriptor 3) and relays its pty; false, with the player told why, when it cannot start.
    @discardableResult
    func launch(arguments: [String], terminal: Terminal, context: ChannelHandlerContext, channel: Int32 = -1) -> Bool {
        var environment = ["TERM": terminal.term, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        do {
            let directory: String
            switch identity.player {
            case .key(let fingerprint): directory = try server.stateFiles.playerDirectory(for: fingerprint)
            case .guest, nil:
                directory = try server.stateFiles.guestDirectory()
                guestDirectory = directory
            }
            environment.merge(try StateFiles.gameEnvironment(playerDirectory: directory)) { $1 }
        } catch {
            server.admission.endGame(from: identity.address)
            removeGuestDirectory()
            logger.error("cannot prepare the player's files", metadata: ["error": "\(error)"])
            refuse("the server cannot keep your files right now; try again later", reason: "state directory: \(error)")
            return false
        }
        let game: GameProcess
        do {
            game = try GameProcess.spawn(path: server.configuration.gamePath, arguments: arguments, environment: environment,
                                         columns: terminal.columns, rows: terminal.rows, limits: server.configuration.limits,
                                         tableChannel: channel)
        } catch {
            server.admission.endGame(from: identity.address)
            removeGuestDirectory()
            refuse("no terminal is free for your game right now; try again later", reason: "pty/spawn failed: \(error)")
            return false
        }
        self.game = game
        identity.hasGame = true
        startTime = .now
        lastInput = .now()
        if !server.registry.add(game: game.pid) {
            // The server began stopping while this game started.
            game.signal(SIGTERM)
        }
        logger.info("game started", metadata: [
            "pid": "\(game.pid)", "size": "\(terminal.columns)x\(terminal.rows)",
            "term": "\(terminal.term)", "requested_term": "\(ClientText.neutralised(requestedTerm, limit: 32))",
            "args": "\(LoggedArguments.text(arguments))",
        ])
        armTimers(context: context)
        attachPty(game: game, context: context)
        return true
    }

    private func attachPty(game: GameProcess, context: ChannelHandlerContext) {
        // The output side is our own duplicate: NIO would otherwise dup it inside, where running
        // out of descriptors left the session hanging instead of refusing it.
        let output = fcntl(game.master, F_DUPFD_CLOEXEC, 0)
        guard output >= 0 else {
            Glibc.close(game.master)
            return abandon(game, reason: "cannot attach the pty: \(String(cString: strerror(errno)))")
        }
        let relay = PtyRelay(session: self)  // the pty channel's handler; self.relay is the state
        NIOPipeBootstrap(group: context.eventLoop)
            .channelOption(ChannelOptions.autoRead, value: false)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: false)
            .takingOwnershipOfDescriptors(input: game.master, output: output)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    do {
                        try channel.pipeline.syncOperations.addHandler(relay)
                    } catch {
                        channel.close(promise: nil)
                    }
                    if self.context == nil || !self.machine.advance(to: .relaying) {
                        // The player left (or the session ended) while the pty was being set up.
                        game.signal(SIGHUP)
                        channel.close(promise: nil)
                    } else {
                        self.relay.attach(channel)
                        channel.setOption(ChannelOptions.autoRead, value: self.mayReadGameOutput).whenFailure { _ in }
                    }
                case .failure(let error):
                    self.abandon(game, reason: "cannot watch the pty: \(error)")
                }
            }
    }

    /// The game started but its pty cannot be relayed (no descriptor left): kill and reap it,
    /// and refuse the player as when no pty is free.
    private func abandon(_ game: GameProcess, reason: String) {
        guard let loop = eventLoop else { return }
        logger.notice("refused", metadata: ["reason": "pty/spawn failed: \(reason)"])
        game.signal(SIGKILL)
        endReason = "no terminal is free for your game right now; try again later"
        game.reap(on: loop, killAfter: .seconds(1)).assumeIsolated().whenSuccess { _ in
            self.gameEnded(status: 2)
        }
    }

    private func armTimers(context: ChannelHandlerContext) {
        let loop = context.eventLoop.assumeIsolated()
        let length = server.configuration.maxSessionLength
        timers.append(loop.scheduleTask(in: .init(length)) { [self] in
            stopGame(reason: "the game has run for the longest a session may (\(DurationText.describe(length)))")
        })
        // A table's watcher never types: it lives as long as its table (Table.end stops it).
        if !watchesATable { scheduleIdleCheck(after: TimeAmount(server.configuration.idleTimeout), context: context) }
    }

    private func scheduleIdleCheck(after delay: TimeAmount, context: ChannelHandlerContext) {
        let idle = TimeAmount(server.configuration.idleTimeout)
        timers.append(context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            let due = lastInput + idle
            if NIODeadline.now() >= due {
                stopGame(reason: "no input for \(DurationText.describe(server.configuration.idleTimeout)); goodbye")
            } else if let context = self.context {
                scheduleIdleCheck(after: due - .now(), context: context)
            }
        })
    }

    /// Ends the game politely: SIGTERM, so it restores the player's terminal before it goes.
    func stopGame(reason: String) {
        guard let game, !machine.isEnding, endReason == nil else { return }
        endReason = reason
        logger.info("stopping game", metadata: ["pid": "\(game.pid)", "reason": "\(reason)"])
        game.signal(SIGTERM)
    }

    /// Window changes are applied at most every 20 ms (the latest wins), so a flood of them
    /// cannot keep the game redrawing.
    func windowChange(columns: Int, rows: Int) {
        let size = server.clamp(columns: columns, rows: rows)
        terminal?.columns = size.columns
        terminal?.rows = size.rows
        guard let game, let context else { return }
        if relay.windowTimerArmed {
            relay.pendingWindow = size
            return
        }
        game.setWindowSize(columns: size.columns, rows: size.rows)
        relay.windowTimerArmed = true
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(20)) { [self] in
            relay.windowTimerArmed = false
            if let pending = relay.pendingWindow {
                relay.pendingWindow = nil
                windowChange(columns: pending.columns, rows: pending.rows)
            }
        }
    }

    /// The pty closed: the game has exited (or is going); reap it and end the channel with its status.
    func gameOutputEnded() {
        // Not the context's loop alone: a player who dropped while the pty was being attached
        // has no context left, and the game must still be reaped and its slots freed.
        guard let game, let loop = relay.ptyChannel?.eventLoop ?? eventLoop else { return }
        game.reap(on: loop, killAfter: server.configuration.shutdownGrace).assumeIsolated().whenSuccess { status in
            self.gameEnded(status: status)
        }
    }

    func gameEnded(status: Int32 = 255) {
        guard let game, identity.hasGame else { return }
        identity.hasGame = false
        // Reaped: nothing may signal its pid (reused by now, perhaps) while the files go back.
        self.game = nil
        // Before the registry forgets the game: a stopping server waits for no game, then for the board's writes.
        endDailyRun()                 // a replay's file, a daily's channel and end (GameSession+DailyReport.swift)
        server.registry.remove(game: game.pid)
        server.admission.endGame(from: identity.address)
        removeGuestDirectory()
        let seconds = Double((ContinuousClock.now - startTime).components.seconds)
            + Double((ContinuousClock.now - startTime).components.attoseconds) / 1e18
        logger.info("game ended", metadata: ["pid": "\(game.pid)", "status": "\(status)",
                                             "duration": "\(String(format: "%.1f", seconds))s",
                                             "reason": "\(endReason ?? "the game quit")"])
        if let endReason { tell(endReason) }
        // The exit status after the key's files are back in the database (with --database): the
        // player's next session, on whichever host, finds them.
        sendFilesBack { self.finish(status: status) }
    }

    func removeGuestDirectory() {
        if let guestDirectory {
            try? FileManager.default.removeItem(atPath: guestDirectory)
            self.guestDirectory = nil
        }
    }
}

extension TimeAmount {
    /// Saturating at 10^9 s (31 years): the flags are bounded far below (FlagBounds), and no
    /// duration can then overflow nanoseconds, nor a deadline made from it.
    init(_ duration: Duration) {
        let seconds = min(max(duration.components.seconds, 0), 1_000_000_000)
        self = .nanoseconds(seconds * 1_000_000_000 + (seconds < 1_000_000_000 ? duration.components.attoseconds / 1_000_000_000 : 0))
    }
}
