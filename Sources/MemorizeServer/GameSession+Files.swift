import NIOCore

/// A key's files in a fleet (`--database`, PlayerFileSync.swift): fetched into its player
/// directory before its game starts, sent back when the game ends. Without `--database`, and
/// for guests, nothing happens here: the files are this host's alone, as ever.
extension GameSession {
    /// True when the start waits for the key's files (it runs again once they are here, or the
    /// database has not answered: the game then starts on this host's copy, as logged).
    func fetchFilesFirst(command: String?, context: ChannelHandlerContext) -> Bool {
        guard let sync = server.playerFiles, terminal != nil, case .key(let fingerprint) = identity.player else { return false }
        switch filesFetch {
        case .done: return false
        case .fetching: return true  // a second shell or exec while the first waits: ignored
        case .notYet: break
        }
        let directory: String
        do {
            directory = try server.stateFiles.playerDirectory(for: fingerprint)
        } catch {
            return false  // launch says why, as it always has
        }
        filesFetch = .fetching
        whenSynced(sync.sync(fingerprint, directory: directory), on: context.eventLoop) {
            self.filesFetch = .done
            self.start(command: command)
        }
        return true
    }

    /// The longest a game's start, or its exit status, waits for a sync; the sync itself goes on.
    static let syncWait: TimeAmount = .seconds(10)

    /// The game has ended: its files go back to the database, then `then` runs (on this
    /// session's loop; at once without --database or for a guest; after `syncWait` at most). A
    /// stopping server waits for the last syncs too.
    func sendFilesBack(then: @escaping () -> Void) {
        guard let sync = server.playerFiles, filesFetch == .done, case .key(let fingerprint) = identity.player,
              let loop = eventLoop, let directory = try? server.stateFiles.playerDirectory(for: fingerprint) else { return then() }
        whenSynced(sync.sync(fingerprint, directory: directory), on: loop, then: then)
    }

    /// `then` on `loop` once `task` has ended, or after `syncWait`, whichever comes first.
    private func whenSynced(_ task: Task<Bool, Never>, on loop: EventLoop, then: @escaping () -> Void) {
        var done = false
        let run = {
            guard !done else { return }
            done = true
            then()
        }
        let timer = loop.assumeIsolated().scheduleTask(in: Self.syncWait) { run() }
        loop.makeFutureWithTask { await task.value }.assumeIsolated().whenComplete { _ in
            timer.cancel()
            run()
        }
    }
}
