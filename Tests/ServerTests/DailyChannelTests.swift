import Foundation
import Memorize
@testable import MemorizeApp
@testable import MemorizeServer
import MemorizeTestSupport
import NIOCore
import NIOPosix
import Synchronization
import TableProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The finished daily run travels over the channel the server made (`--report-channel 3`), never
/// through a file: a real game's report ranked while it still runs; stand-in games that send
/// garbage, an oversize frame, two reports, a report at a table; a guest's game, which has no
/// channel; a client that names the flag itself. Ports 22600-22649, as the other daily tests.
extension ServerTests.DailyLeaderboard {
    /// Every file under `directory` whose name contains `name`.
    static func files(named name: String, under directory: String) -> [String] {
        let found = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        return found.filter { ($0 as NSString).lastPathComponent.contains(name) }
    }

    @Test("daily: the won run's report arrives over the channel and is ranked while the game runs; no file")
    func reportArrivesOverTheChannel() throws {
        let server = try ServerUnderTest(ports: Self.ports)
        defer { server.close() }
        let bea = try PlayerKey(in: server.directory, name: "bea")
        let pane = try SSHPane(server: server, key: bea, user: "bea", remote: ["daily"])
        defer { pane.close() }
        let score = try Self.winDaily(pane, server: server)
        // Ranked as it was won, the game still on screen: the report did not wait for the game's end.
        try server.waitForLog("outcome=ranked")
        #expect(server.log.contains("--report-channel 3"), "\(server.log)")
        #expect(Self.files(named: "report", under: server.stateDirectory).isEmpty,
                "\(Self.files(named: "report", under: server.stateDirectory))")
        let board = try runSSH(server: server, key: bea, remote: ["scores"])
        let row = board.stdoutText.split(separator: "\n").first { $0.contains("bea") }.map(String.init) ?? ""
        #expect(row.hasPrefix("   1  bea") && row.contains("  \(score)  "), "row: \(row), screen score \(score)")
        try pane.sendKeys("q")
        #expect(try pane.waitForExit() == 0)
        #expect(Self.files(named: "report", under: server.stateDirectory).isEmpty)
    }

    /// A stand-in game: says whether it has a descriptor 3 and the flag, writes `frames` to it,
    /// then draws a line and waits for Enter, exiting 0 — the session around it must not care.
    static func standInGame(in directory: String, frames: [UInt8]) throws -> String {
        let framesPath = directory + "/frames"
        try Data(frames).write(to: URL(fileURLWithPath: framesPath))
        let path = directory + "/stand-in"
        try """
            #!/bin/sh
            if [ -e /proc/self/fd/3 ]; then echo "channel: open"; else echo "channel: none"; fi
            case " $* " in *" --report-channel 3 "*) echo "flag: yes";; *) echo "flag: no";; esac
            cat '\(framesPath)' >&3 2>/dev/null; echo "sent: $?"
            sleep 1
            echo "still playing"
            read line
            exit 0

            """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    static func reportFrames(_ report: DailyReport) -> [UInt8] {
        report.messages.flatMap { $0.frame.bytes! }
    }

    /// What a stand-in's bad channel shows in the log, and that its session is otherwise unaffected.
    @Test("daily: garbage, an oversize frame or a second report on the channel is refused and logged; the game goes on",
          arguments: ["garbage", "oversize", "two reports"])
    func badReportsAreRefused(_ kind: String) throws {
        let report = DailyReport(date: Self.today, score: 2, moves: 1, intents: "0.0 0 deal")
        let (frames, logged): ([UInt8], String) = switch kind {
        case "garbage": (Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "daily report refused")
        case "oversize": ([1, 0xFF, 0xFF, TableFrame.Kind.reportPart.rawValue] + Array(repeating: 0x41, count: 70_000), "frame length 65535")
        default: (Self.reportFrames(report) + Self.reportFrames(report), "daily report ignored: the session's run was reported already")
        }
        let directory = NSTemporaryDirectory() + "srv-stand-in-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerUnderTest(["--game", try Self.standInGame(in: directory, frames: frames)], ports: Self.ports)
        defer { server.close() }
        let key = try PlayerKey(in: server.directory, name: "cid")
        let pane = try SSHPane(server: server, key: key, user: "cid", remote: ["daily"])
        defer { pane.close() }
        let screen = try pane.waitFor("still playing")
        #expect(screen.contains("channel: open") && screen.contains("flag: yes"), "\(screen)")
        try server.waitForLog(logged)
        if kind == "two reports" {
            // The first was read and replayed (a deal alone is no finished game), the second not.
            try server.waitForLog("daily run not ranked")
            #expect(server.log.components(separatedBy: "daily run not ranked").count == 2, "\(server.log)")
        } else {
            #expect(!server.log.contains("daily run"), "nothing was replayed: \(server.log)")
        }
        // The session goes on to the game's own end, with its own status.
        try pane.sendKeys("Enter")
        #expect(try pane.waitForExit() == 0, "\(pane.stderrText)")
        #expect(server.process.isRunning)
    }

    @Test("daily: a guest's game has no channel (its run is not read or ranked); a client cannot pass the flag")
    func guestsHaveNoChannelAndClientsCannotPassTheFlag() throws {
        let report = DailyReport(date: Self.today, score: 2, moves: 1, intents: "0.0 0 deal")
        let directory = NSTemporaryDirectory() + "srv-stand-in-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerUnderTest(["--game", try Self.standInGame(in: directory, frames: Self.reportFrames(report))], ports: Self.ports)
        defer { server.close() }
        let guest = try SSHPane(server: server, key: nil, user: "guest", remote: ["daily"])
        defer { guest.close() }
        let screen = try guest.waitFor("still playing")
        #expect(screen.contains("channel: none") && screen.contains("flag: no") && !screen.contains("sent: 0"), "\(screen)")
        try guest.sendKeys("Enter")
        #expect(try guest.waitForExit() == 0)
        #expect(!server.log.contains("daily report") && !server.log.contains("daily run"), "\(server.log)")

        // The flag is the server's: typed by a client, as a game flag or after `daily`, it is refused.
        let key = try PlayerKey(in: server.directory, name: "eve")
        for remote in [["--report-channel", "3"], ["--report-channel=3"], ["daily", "--report-channel", "3"],
                       ["--server-daily", "\(Self.today)", "--report-channel", "3"]] {
            let refused = try runSSH(server: server, key: key, options: ["-tt"], remote: ["--"] + remote)
            #expect(refused.status == 2, "\(remote): \(refused.stderrText)")
            #expect(refused.stderrText.contains("not offered over SSH") || refused.stderrText.contains("daily takes nothing"),
                    "\(remote): \(refused.stderrText)")
        }
        #expect(!server.log.contains("flag: yes"))
    }
}

/// The game's side of the channel (DailyRunReport.send) against the server's (DailyReportLink):
/// a report arrives whole; a closed or full channel costs the game at most its patience, never a
/// hang or a SIGPIPE.
@Suite struct DailyReportSenderTests {
    static func pair() throws -> (game: Int32, server: Int32) {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func aReportArrivesWholeAtTheServersLink() throws {
        let (game, server) = try Self.pair()
        defer { close(game) }
        let report = TableProtocolTests.longReport()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let log = CapturedLog()
        let received = ReceivedReports()
        let loop = group.next()
        let logger = log.logger
        // On the link's loop, as the session attaches it.
        let link = try loop.submit {
            DailyReportLink.attach(descriptor: server, on: loop, logger: logger) { received.append($0) }
        }.wait().wait()
        #expect(DailyRunReport.send(report, over: game, patience: 5))
        try eventually("the report at the link") { received.count == 1 }
        #expect(received.first == report)
        // A second report over the same channel: ignored and logged, the link closes.
        _ = DailyRunReport.send(report, over: game, patience: 5)
        try eventually("the second report ignored") { log.count(of: "daily report ignored") == 1 }
        try link.closeFuture.wait()
        #expect(received.count == 1)
    }

    @Test func aClosedChannelIsAFailedSendNotASignal() throws {
        let (game, server) = try Self.pair()
        defer { close(game) }
        close(server)
        let report = DailyReport(date: TableProtocolTests.today, score: 2, moves: 1, intents: "0.0 0 deal")
        #expect(!DailyRunReport.send(report, over: game))      // EPIPE: no SIGPIPE ends this process
        #expect(!DailyRunReport.send(report, over: -1))
    }

    @Test func aFullChannelIsGivenUpAfterThePatience() throws {
        let (game, server) = try Self.pair()
        defer {
            close(game)
            close(server)
        }
        // Nobody reads the server's end: the long report fills the channel.
        var size: Int32 = 4096
        setsockopt(game, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let start = Date()
        #expect(!DailyRunReport.send(TableProtocolTests.longReport(), over: game, patience: 0.2))
        #expect(Date().timeIntervalSince(start) < 2)
    }
}

/// Reports a link delivered, from its loop to the test's thread.
final class ReceivedReports: Sendable {
    private let reports = Mutex<[DailyReport]>([])
    func append(_ report: DailyReport) { reports.withLock { $0.append(report) } }
    var count: Int { reports.withLock { $0.count } }
    var first: DailyReport? { reports.withLock { $0.first } }
}
