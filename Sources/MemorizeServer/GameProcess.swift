import CGameSpawn
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// One game in its own pty: started through the C shim, signalled by process group, reaped.
struct GameProcess: Sendable {
    let pid: pid_t
    let master: Int32

    struct SpawnFailure: Error, CustomStringConvertible {
        let code: Int32
        /// Whatever the cause (no pty left under /proc/sys/kernel/pty/max, no descriptor, no
        /// process slot), the player is refused and the server carries on.
        var description: String { String(cString: strerror(code)) }
    }

    static func spawn(path: String, arguments: [String], environment: [String: String],
                      columns: Int, rows: Int, limits: GameLimits, tableChannel: Int32 = -1) throws -> GameProcess {
        let argv = [path] + arguments
        let envp = environment.keys.sorted().map { "\($0)=\(environment[$0]!)" }
        var master: Int32 = -1
        var pid: pid_t = 0
        let bounds = gs_limits(address_space_bytes: limits.addressSpaceMiB * 1024 * 1024,
                               cpu_seconds: limits.cpuSeconds, open_files: limits.openFiles)
        let result = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnvp in
                gs_spawn(path, cArgv, cEnvp, UInt16(columns), UInt16(rows), bounds, tableChannel, &master, &pid)
            }
        }
        guard result == 0 else { throw SpawnFailure(code: result) }
        return GameProcess(pid: pid, master: master)
    }

    /// To the game's whole process group (it leads its own session).
    func signal(_ signal: Int32) {
        kill(-pid, signal)
    }

    func setWindowSize(columns: Int, rows: Int) {
        _ = gs_set_window_size(master, UInt16(columns), UInt16(rows))
    }

    /// The exit status once the game has gone (128 + signal if killed); polled on `eventLoop`,
    /// and after `killAfter` the group gets SIGKILL, so no game outlives its session.
    func reap(on eventLoop: EventLoop, killAfter: Duration) -> EventLoopFuture<Int32> {
        let promise = eventLoop.makePromise(of: Int32.self)
        let deadline = NIODeadline.now() + TimeAmount(killAfter)
        Self.poll(pid: pid, eventLoop: eventLoop, deadline: deadline, killed: false, promise: promise)
        return promise.futureResult
    }

    private static func poll(pid: pid_t, eventLoop: EventLoop, deadline: NIODeadline, killed: Bool,
                             promise: EventLoopPromise<Int32>) {
        var status: Int32 = 0
        switch gs_reap(pid, &status) {
        case 1:
            promise.succeed(status)
            return
        case -1 where errno != EINTR:
            promise.succeed(255)
            return
        default:
            break
        }
        // A let, not a var: the scheduled closure runs on the event loop and may capture only constants.
        let killedNow = !killed && NIODeadline.now() >= deadline
        if killedNow {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        let hasBeenKilled = killed || killedNow
        eventLoop.scheduleTask(in: .milliseconds(20)) {
            poll(pid: pid, eventLoop: eventLoop, deadline: deadline, killed: hasBeenKilled, promise: promise)
        }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return body(pointers + [nil])
    }
}
