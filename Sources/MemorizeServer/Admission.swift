import Foundation
import Synchronization

/// Who may start a game: the concurrent-session caps (in all and per source address) and new
/// connections per address per minute. Shared by every event loop, so behind a Mutex.
public final class Admission: Sendable {
    public enum Decision: Equatable, Sendable {
        /// Counted until `release`.
        case admitted
        /// Handshake allowed (to tell the player why), no game; still counted until `release`.
        case refused(String)
        /// Over even the hard cap: close without a word.
        case dropped
    }

    private struct State {
        var open = 0
        var games = 0
        var perAddress: [String: (open: Int, games: Int)] = [:]
        var recent: [String: [ContinuousClock.Instant]] = [:]
    }

    private let configuration: ServerConfiguration
    private let state = Mutex(State())
    private let clock = ContinuousClock()

    public init(configuration: ServerConfiguration) {
        self.configuration = configuration
    }

    /// A new TCP connection from `address`.
    public func connect(from address: String) -> Decision {
        let now = clock.now
        return state.withLock { state in
            let mine = state.perAddress[address] ?? (0, 0)
            if state.open >= configuration.connectionHardCap || mine.open >= configuration.perAddressHardCap {
                return .dropped
            }
            var times = (state.recent[address] ?? []).filter { now - $0 < .seconds(60) }
            times.append(now)
            state.recent[address] = times
            if state.recent.count > 10_000 { state.recent = state.recent.filter { !$0.value.isEmpty && now - $0.value.last! < .seconds(60) } }
            state.open += 1
            state.perAddress[address] = (mine.open + 1, mine.games)
            if times.count > configuration.maxConnectionsPerMinute {
                return .refused("too many connections from your address in the last minute (at most \(configuration.maxConnectionsPerMinute)); try again in a minute")
            }
            return .admitted
        }
    }

    /// A game is about to start on an admitted connection: nil, or why not.
    public func startGame(from address: String) -> String? {
        state.withLock { state in
            let mine = state.perAddress[address] ?? (0, 0)
            if state.games >= configuration.maxSessions {
                return "the server is full (\(configuration.maxSessions) games); try again later"
            }
            if mine.games >= configuration.maxSessionsPerAddress {
                return "too many games from your address (at most \(configuration.maxSessionsPerAddress) at once)"
            }
            state.games += 1
            state.perAddress[address] = (mine.open, mine.games + 1)
            return nil
        }
    }

    public func endGame(from address: String) {
        state.withLock { state in
            state.games -= 1
            if let mine = state.perAddress[address] { state.perAddress[address] = (mine.open, mine.games - 1) }
        }
    }

    public func disconnect(from address: String) {
        state.withLock { state in
            state.open -= 1
            if let mine = state.perAddress[address] {
                state.perAddress[address] = mine.open <= 1 && mine.games == 0 ? nil : (mine.open - 1, mine.games)
            }
        }
    }
}
