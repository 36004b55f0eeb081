import CGameSpawn
import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// What a game holds and what a session leaves: descriptors 0-2 (and 3 at a table), no
    /// zombie and no slot after a player who drops at any moment.
    @Suite struct LimitProcesses {
        static func descriptors(of pid: pid_t) throws -> Set<Int> {
            Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap { Int($0) })
        }

        /// What each descriptor is ("3 socket:[123]"), for a failure's message.
        static func described(_ pid: pid_t) -> String {
            ((try? descriptors(of: pid)) ?? []).sorted().map { fd in
                "\(fd) \((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "?")"
            }.joined(separator: ", ")
        }

        /// The server's children that have exited and not been reaped.
        static func zombies(of server: ServerUnderTest) -> [pid_t] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { pid_t($0) }.filter { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return false }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 1 && fields[0] == "Z" && pid_t(fields[1]) == server.process.pid
            }
        }

        /// Descriptors of `pid` that are not its own: anything but its pty (fd 0's), the pipes and
        /// memfd the game makes itself, and at a table its channel as fd 3.
        static func foreign(_ pid: pid_t, atATable: Bool) throws -> [String] {
            let target = { (fd: Int) in (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "?" }
            let pty = target(0)
            #expect(pty.hasPrefix("/dev/pts/"))
            return try descriptors(of: pid).sorted().compactMap { fd in
                let what = target(fd)
                if what == pty || what.hasPrefix("pipe:") || what.hasPrefix("/memfd:memorize-tui") { return nil }
                if atATable, fd == 3, what.hasPrefix("socket:") { return nil }
                return "\(fd) \(what)"
            }
        }

        /// A solo game and a table's game, as the kernel sees them: fds 0-2 its pty, 3 its
        /// channel at a table, and nothing of the server's (sockets, other ptys, the host key).
        @Test func aGameHoldsOnlyItsTerminalAndItsChannel() throws {
            let server = try ServerUnderTest(ports: Tables.ports)
            defer { server.close() }
            let solo = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "solo"))
            defer { solo.close() }
            try solo.waitFor("Pairs left")
            let soloPid = try #require(server.gameProcesses().first)
            #expect(try Self.foreign(soloPid, atATable: false) == [], "\(Self.described(soloPid))")
            #expect(try Self.descriptors(of: soloPid).isSuperset(of: [0, 1, 2]))

            let opener = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "alice"), user: "alice", remote: ["new"])
            defer { opener.close() }
            try opener.waitFor("join ")
            let games = server.gameProcesses().filter { $0 != soloPid }
            #expect(games.count == 1)
            for pid in games {
                #expect(try Self.foreign(pid, atATable: true) == [], "\(Self.described(pid))")
                #expect(try Self.descriptors(of: pid).isSuperset(of: [0, 1, 2, 3]))
            }
            for pane in [solo, opener] {
                try pane.sendKeys("q")
                _ = try pane.waitForExit()
            }
        }

        /// gs_spawn itself, just after exec: the child holds exactly 0-2 (and 3 with a channel),
        /// with close_range and where close_range(2) fails (old kernels, seccomp), closing one by
        /// one: this process's open pipes do not reach the child either way.
        @Test(.serialized, arguments: [false, true], [false, true])
        func spawnedChildHoldsOnlyItsTerminal(atATable: Bool, refuseCloseRange: Bool) throws {
            var pipes: [Int32] = []
            for _ in 0..<20 {
                var ends: [Int32] = [0, 0]
                #expect(pipe(&ends) == 0)
                pipes += ends
            }
            defer { for fd in pipes { close(fd) } }
            var serverEnd: Int32 = -1, gameEnd: Int32 = -1
            if atATable { #expect(gs_channel_pair(&serverEnd, &gameEnd) == 0) }
            defer { if atATable { close(serverEnd); close(gameEnd) } }
            gs_test_refuse_close_range(refuseCloseRange ? 1 : 0)
            defer { gs_test_refuse_close_range(0) }
            var master: Int32 = -1
            var pid: pid_t = 0
            let words: [String] = ["/bin/sleep", "30"]
            var argv: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) } + [nil]
            defer { argv.forEach { free($0) } }
            var envp: [UnsafeMutablePointer<CChar>?] = [nil]
            let result = gs_spawn("/bin/sleep", &argv, &envp, 80, 24, gs_limits(address_space_bytes: 0, cpu_seconds: 0, open_files: 0),
                                  atATable ? gameEnd : -1, &master, &pid)
            #expect(result == 0)
            defer {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
                close(master)
            }
            try eventually("the child to exec sleep") {
                (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "sleep\n"
            }
            #expect(try Self.descriptors(of: pid) == (atATable ? [0, 1, 2, 3] : [0, 1, 2]))
        }

        /// 200 clients ask for a game together and drop at once, each 0-49 ms after the server
        /// said yes (before the spawn, between spawn and pty, while the game starts): every game
        /// is reaped, every slot freed, and the next player plays.
        @Test func twoHundredClientsThatDropAtOnceLeaveNothing() throws {
            let server = try ServerUnderTest(["--max-sessions", "400", "--max-sessions-per-address", "400",
                                              "--max-connections-per-minute", "1000", "--handshake-timeout", "120s"])
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "crowd")
            let result = try hostileClient(server, key: key, "drop", "200", timeout: 300)
            #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
            #expect(result.stdoutText.contains("DROPPED 200"), "\(result.stdoutText)")
            try server.waitForNoGames(timeout: 120)
            func count(_ text: String) -> Int { server.log.components(separatedBy: text).count - 1 }
            try eventually("every started game to have ended", timeout: 60) { count("game started") == count("game ended") }
            #expect(count("game started") > 0, "some games were spawned")
            try eventually("no zombie left", timeout: 30) { Self.zombies(of: server).isEmpty }
            #expect(server.process.isRunning)
            // The slots are free: a session cap of what is left lets the next player in.
            let next = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "next"))
            defer { next.close() }
            try next.waitFor("Pairs left")
            try next.sendKeys("q")
            #expect(try next.waitForExit() == 0)
        }
    }
}
