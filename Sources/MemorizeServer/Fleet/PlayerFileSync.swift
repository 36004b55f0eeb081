import Foundation
import Logging
import MemorizeLeaderboard
import Synchronization

/// A key's files across a fleet (`--database postgres://…`): before a key's game starts, and
/// when it ends, this host's copy in the player's directory and the database's rows are brought
/// together. Changes made here go up first, each a compare-and-set on the version this host last
/// had (a losing write is kept aside in the database and logged, and the winner's bytes replace
/// it here); then rows changed elsewhere come down. The game itself stays file-based and never
/// knows. Syncs of one key on this host run one at a time, in order.
final class PlayerFileSync: Sendable {
    let limits: PlayerFileLimits
    let stateFiles: StateFiles
    let logger: Logger
    private let store: @Sendable () async throws -> PostgresLeaderboard
    private let state = Mutex(State())

    private struct State {
        /// The last sync asked for each key (and its number): the next one waits for it.
        var tails: [String: (number: Int, task: Task<Bool, Never>)] = [:]
        var asked = 0
        var pending = 0
    }

    init(limits: PlayerFileLimits, stateFiles: StateFiles, logger: Logger,
         store: @escaping @Sendable () async throws -> PostgresLeaderboard) {
        self.limits = limits
        self.stateFiles = stateFiles
        self.logger = logger
        self.store = store
    }

    /// Syncs still running: a stopping server waits (boundedly) for the last ones.
    var pending: Int { state.withLock { $0.pending } }

    /// Syncs the key's files after any sync of it already asked for; the task's value says
    /// whether the directory now matches the database (false: unavailable, logged, and the
    /// files stay as they were).
    @discardableResult
    func sync(_ fingerprint: KeyFingerprint, directory: String) -> Task<Bool, Never> {
        let key = "\(fingerprint)"
        return state.withLock { state in
            state.pending += 1
            state.asked += 1
            let number = state.asked
            let previous = state.tails[key]?.task
            let task = Task<Bool, Never> {
                _ = await previous?.value
                let done = await self.run(key: key, directory: directory)
                self.state.withLock { state in
                    state.pending -= 1
                    // The last of its key: forget the key (the map stays as small as the keys syncing).
                    if state.tails[key]?.number == number { state.tails[key] = nil }
                }
                return done
            }
            state.tails[key] = (number, task)
            return task
        }
    }

    private func run(key: String, directory: String) async -> Bool {
        var logger = logger
        logger[metadataKey: "key"] = "\(key)"
        do {
            try await exchange(key: key, directory: directory, logger: logger)
            return true
        } catch {
            logger.warning("a key's files were not synced with the database; this host's copy stays", metadata: ["error": "\(error)"])
            return false
        }
    }

    private func exchange(key: String, directory: String, logger: Logger) async throws {
        let store = try await store()
        var manifest = PlayerFileManifest.load(from: directory, limits: limits)
        let loaded = manifest
        // Whatever was exchanged before a failure is recorded; a session that changed nothing writes nothing.
        defer {
            if manifest != loaded {
                do {
                    try manifest.save(to: directory, stateFiles: stateFiles)
                } catch {
                    logger.error("this host's record of a key's file versions was not written; its next sync may keep its files aside as conflicts",
                                 metadata: ["error": "\(error)"])
                }
            }
        }
        let (local, skipped) = PlayerFileSet.read(directory, limits: limits)
        for problem in skipped {
            logger.warning("a player file is not kept in the database", metadata: ["file": "\(problem)"])
        }
        // Up: every file changed here since this host's last exchange.
        for name in local.keys.sorted() {
            let bytes = local[name]!
            let digest = PlayerFileSet.digest(bytes)
            let known = manifest.entries[name]
            guard known?.digest != digest else { continue }
            let basedOn = known?.version ?? 0
            switch try await store.savePlayerFile(of: key, name: name, content: bytes, basedOn: basedOn,
                                                  maxFiles: limits.maxFiles, now: Date().timeIntervalSince1970) {
            case .saved(let version):
                manifest.entries[name] = .init(version: version, digest: digest)
            case .conflict(let current):
                logger.warning("a player file changed on two hosts at once: this host's copy was kept aside in the database",
                               metadata: ["file": "\(name)", "based_on": "\(basedOn)", "current": "\(current?.version ?? 0)"])
                if let current { try take(current, into: directory, manifest: &manifest) }
            case .full:
                logger.warning("a player file was kept aside: the key has --max-player-files files already",
                               metadata: ["file": "\(name)", "max": "\(limits.maxFiles)"])
            }
        }
        // Down: every row changed elsewhere.
        for row in try await store.playerFiles(of: key, limit: limits.maxFiles) where manifest.entries[row.name]?.version != row.version {
            guard PlayerFileSet.isValid(row.name), row.content.count <= limits.maxFileBytes else {
                logger.warning("a player file in the database is not written here", metadata: [
                    "file": "\(ClientText.neutralised(row.name, limit: 160))", "bytes": "\(row.content.count)"])
                continue
            }
            try take(row, into: directory, manifest: &manifest)
        }
    }

    private func take(_ row: PlayerFileRow, into directory: String, manifest: inout PlayerFileManifest) throws {
        try PlayerFileSet.write(row.content, name: row.name, in: directory)
        manifest.entries[row.name] = .init(version: row.version, digest: PlayerFileSet.digest(row.content))
    }
}
