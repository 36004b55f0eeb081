/// A session's life, in one direction only:
/// - admitted: the channel is open (the connection passed the caps); pty and env requests arrive;
/// - authenticated: a shell or exec asked for the game, and the player may play (a key or a
///   guest, not refused, with a terminal); the command is being read;
/// - starting: the game is being spawned and its pty attached;
/// - relaying: bytes flow both ways between the client and the game's pty;
/// - ending: the exit status is on its way and the channel closes. Nothing leaves this phase.
/// A refusal goes straight to ending from any phase before relaying.
enum SessionPhase: Int, Comparable, Sendable, CustomStringConvertible {
    case admitted, authenticated, starting, relaying, ending

    static func < (lhs: SessionPhase, rhs: SessionPhase) -> Bool { lhs.rawValue < rhs.rawValue }

    var description: String {
        switch self {
        case .admitted: "admitted"
        case .authenticated: "authenticated"
        case .starting: "starting"
        case .relaying: "relaying"
        case .ending: "ending"
        }
    }
}

/// The phase and its rule: each step goes to the next phase or to ending, never back, never twice.
/// GameSession asks it before acting, so a late event (a second exec, a pty that attaches after the
/// player left) finds the move refused instead of acting on a session that has moved on.
struct SessionMachine: Sendable {
    private(set) var phase = SessionPhase.admitted

    /// Whether `next` follows from the current phase; if so, the phase is now `next`.
    @discardableResult
    mutating func advance(to next: SessionPhase) -> Bool {
        guard Self.allows(from: phase, to: next) else { return false }
        phase = next
        return true
    }

    static func allows(from current: SessionPhase, to next: SessionPhase) -> Bool {
        switch (current, next) {
        case (.admitted, .authenticated), (.authenticated, .starting), (.starting, .relaying): true
        case (.ending, _): false
        case (_, .ending): true
        default: false
        }
    }

    /// A shell or exec has been taken (whatever became of it): a second one is refused.
    var hasStarted: Bool { phase > .admitted }
    var isEnding: Bool { phase == .ending }
}
