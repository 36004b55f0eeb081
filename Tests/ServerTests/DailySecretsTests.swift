import Foundation
@testable import MemorizeServer
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The server's secrets (issue 35, item 8): the state directory, host key, daily secret and the
/// board's SQLite files are made 0600/0700 and refused at start when others may use them; the
/// database password can stay off argv.
extension ServerTests.DailyLeaderboard {
    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    /// The server started on `state` with `arguments`, to its exit (it should refuse to start).
    static func refusedStart(state: String, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> ProcessOutput {
        var environment = ProcessRunner.baseEnvironment
        environment.merge(extra) { $1 }
        return try ProcessRunner.run(try ServerUnderTest.binary(), ["--listen", "127.0.0.1:1", "--state-dir", state] + arguments,
                                     environment: environment, timeout: 30)
    }

    @Test("secrets: made 0600/0700 whatever the umask")
    func secretsAreMadePrivate() throws {
        let server = try ServerUnderTest(ports: Self.ports)
        defer { server.close() }
        let key = try PlayerKey(in: server.directory, name: "sam")
        _ = try runSSH(server: server, key: key, remote: ["scores"])     // opens (makes) the board
        let state = server.stateDirectory
        #expect(Self.mode(state) == 0o700)
        for file in ["host_ed25519_key", "daily_secret", "leaderboard.sqlite", "leaderboard.sqlite-wal", "leaderboard.sqlite-shm"] {
            #expect(Self.mode(state + "/" + file) == 0o600, "\(file): \(Self.mode(state + "/" + file).map { String($0, radix: 8) } ?? "missing")")
        }
    }

    @Test("secrets: a state directory or secret open to others is refused at start, one line, exit 2",
          arguments: ["", "host_ed25519_key", "daily_secret", "leaderboard.sqlite"])
    func openSecretsAreRefused(_ file: String) throws {
        // A state made by a server, then opened up as a careless copy or chmod would.
        let made = try ServerUnderTest(ports: Self.ports)
        let key = try PlayerKey(in: made.directory, name: "sam")
        _ = try runSSH(server: made, key: key, remote: ["scores"])
        made.process.signal(SIGTERM)
        _ = try made.process.waitForExit(timeout: 15)
        let state = made.directory + "/kept-state"
        #expect(rename(made.stateDirectory, state) == 0)
        defer { made.close(); try? FileManager.default.removeItem(atPath: state) }
        #expect(chmod(state + (file.isEmpty ? "" : "/" + file), file.isEmpty ? 0o755 : 0o644) == 0)
        let result = try Self.refusedStart(state: state)
        #expect(result.status == 2, "\(result.stderrText)")
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("open to its group or others"), "\(result.stderrText)")
        #expect(lines.first?.contains(file.isEmpty ? "chmod 700" : "chmod 600") == true, "\(result.stderrText)")
    }

    @Test("secrets: the database password from a file of the server's (or the environment), never argv")
    func databasePasswordOffArgv() throws {
        let directory = NSTemporaryDirectory() + "srv-password-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/password"
        try "s3cret pass\n".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o644)
        let url = "postgres://memorize@127.0.0.1:1/board"
        let open = try Self.refusedStart(state: directory + "/state", ["--database", url, "--database-password-file", file])
        #expect(open.status == 2 && open.stderrText.contains("chmod 600"), "\(open.stderrText)")
        #expect(!open.stderrText.contains("s3cret"))
        let alone = try Self.refusedStart(state: directory + "/state", ["--database-password-file", file])
        #expect(alone.status != 0 && alone.stderrText.contains("goes with --database"), "\(alone.stderrText)")
        chmod(file, 0o600)
        #expect(try DailyDatabase.password(file: file, environment: [DailyDatabase.passwordVariable: "other"]) == "s3cret pass")
        #expect(try DailyDatabase.password(file: nil, environment: [DailyDatabase.passwordVariable: "from env"]) == "from env")
        #expect(try DailyDatabase.password(file: nil, environment: [:]) == nil)
        #expect(throws: StateFiles.Failure.self) { try DailyDatabase.password(file: directory + "/missing", environment: [:]) }
        // A server given the file starts (the board opens on first use), and the password is not on its argv.
        let server = try ServerUnderTest(["--database", url, "--database-password-file", file], ports: Self.ports)
        defer { server.close() }
        let commandLine = (try? String(contentsOfFile: "/proc/\(server.process.pid)/cmdline", encoding: .utf8)) ?? ""
        #expect(!commandLine.isEmpty && !commandLine.contains("s3cret"))
    }
}
