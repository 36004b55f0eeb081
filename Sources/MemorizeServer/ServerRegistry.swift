import NIOCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What a shutdown has to reach: every open connection and every running game.
final class ServerRegistry: Sendable {
    private struct State {
        var connections: [Int: Channel] = [:]
        var games: Set<pid_t> = []
        var nextConnection = 0
        var stopping = false
    }

    private let state = Mutex(State())

    /// A number for the connection's log lines, or nil once the server is stopping.
    func add(connection channel: Channel) -> Int? {
        state.withLock { state in
            guard !state.stopping else { return nil }
            state.nextConnection += 1
            state.connections[state.nextConnection] = channel
            return state.nextConnection
        }
    }

    func remove(connection id: Int) {
        _ = state.withLock { $0.connections.removeValue(forKey: id) }
    }

    /// False once the server is stopping: no new game starts then.
    func add(game pid: pid_t) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.games.insert(pid)
            return true
        }
    }

    func remove(game pid: pid_t) {
        _ = state.withLock { $0.games.remove(pid) }
    }

    var gameCount: Int { state.withLock { $0.games.count } }
    var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Stops new connections and games, and sends `signal` to every game's process group.
    func stopAll(signal: Int32) {
        let games = state.withLock { state -> Set<pid_t> in
            state.stopping = true
            return state.games
        }
        for pid in games { kill(-pid, signal) }
    }

    func closeAllConnections() {
        let channels = state.withLock { Array($0.connections.values) }
        for channel in channels { channel.close(promise: nil) }
    }
}
