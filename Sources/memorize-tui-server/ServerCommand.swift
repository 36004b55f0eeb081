import ArgumentParser
import Foundation
import Logging
import MemorizeServer
#if canImport(Glibc)
import Glibc
#endif

/// The command line: flags into a ServerConfiguration, then the server runs until a signal.
@main
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memorize-tui-server",
        abstract: "Serve the memorize-tui game over SSH: each session plays in its own terminal.",
        discussion: """
        Play with a friend: ssh -t -p 2222 HOST new, then they type the line it shows \
        (ssh -t -p 2222 HOST join CODE); others watch with ssh -t -p 2222 HOST watch CODE.

        Players connect with: ssh -t -p 2222 HOST (any public key; the user name "guest" plays \
        without one, its files thrown away). Game flags follow --: ssh -t -p 2222 HOST -- --theme Animals --opponent hard \
        (allowed: --theme --seed --opponent --players --names --fps --ascii --no-color --reduced-motion --inspect).

        Durations are written 90s, 10m or 2h. SIGTERM or SIGINT stops accepting, ends every game \
        (each restores its player's terminal), waits --shutdown-grace and exits 0.
        """
    )

    @Option(help: ArgumentHelp("Address and port to listen on; a public address must be asked for.", valueName: "host:port"))
    var listen = "127.0.0.1:2222"

    @Option(help: ArgumentHelp("The game binary (default: memorize-tui beside this server, else ../games/memorize-tui as Debian installs it).", valueName: "path"))
    var game: String?

    @Option(name: .customLong("state-dir"), help: ArgumentHelp("Host key and players' files (default: $XDG_STATE_HOME/memorize-tui-server).", valueName: "dir"))
    var stateDir: String?

    @Option(name: .customLong("authorized-keys"), help: ArgumentHelp("Only these public keys may play (authorized_keys format); also turns guests off.", valueName: "file"))
    var authorizedKeys: String?

    @Option(help: ArgumentHelp("Keep the daily leaderboard in PostgreSQL (several servers behind one name); default: SQLite in the state directory.", valueName: "postgres://user@host:port/db"))
    var database: String?

    @Option(name: .customLong("max-player-files"), help: ArgumentHelp("With --database: a key's files (best scores, themes, settings, copies kept aside) the database keeps (default: 16).", valueName: "N"))
    var maxPlayerFiles: Int?

    @Option(name: .customLong("max-player-file-size"), help: ArgumentHelp("With --database: the largest of a key's files the database keeps, in KiB (default: 1024).", valueName: "KiB"))
    var maxPlayerFileSize: Int?

    @Flag(name: .customLong("proxy-protocol"), help: "Behind a TCP balancer: connections from a --trusted-proxy start with a PROXY header (v1 or v2) naming the client, whose address counts for every limit and log line.")
    var proxyProtocol = false

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp("An address or network (127.0.0.1, 10.0.0.0/8, ::1/128) whose connections carry a PROXY header; repeat for several.", valueName: "CIDR"))
    var trustedProxy: [String] = []

    @Option(name: .customLong("host-key"), help: ArgumentHelp("The host key to present, an OpenSSH Ed25519 private key without passphrase, mode 0600 (one key for every host behind one name); default: the state directory's own.", valueName: "file"))
    var hostKey: String?
    @Option(name: .customLong("database-password-file"), help: ArgumentHelp("The --database password, read from this file (mode 0600) instead of the URL; or set MEMORIZE_TUI_DATABASE_PASSWORD.", valueName: "file"))
    var databasePasswordFile: String?

    @Flag(name: .customLong("no-guests"), help: "Keys only: the user name \"guest\" may not play without one.")
    var noGuests = false

    @Option(name: .customLong("max-sessions"), help: ArgumentHelp("Games at once, in all.", valueName: "N"))
    var maxSessions = 64

    @Option(name: .customLong("max-sessions-per-address"), help: ArgumentHelp("Games at once from one source address.", valueName: "N"))
    var maxSessionsPerAddress = 4

    @Option(name: .customLong("max-connections-per-minute"), help: ArgumentHelp("New connections from one address in any minute.", valueName: "N"))
    var maxConnectionsPerMinute = 20

    @Option(name: .customLong("handshake-timeout"), help: ArgumentHelp("Time to authenticate, or to finish a key exchange the client starts, before the connection is closed.", valueName: "duration"))
    var handshakeTimeout = "10s"

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("No input for this long ends the game politely.", valueName: "duration"))
    var idleTimeout = "10m"

    @Option(name: .customLong("max-session-length"), help: ArgumentHelp("The longest a game may run.", valueName: "duration"))
    var maxSessionLength = "2h"

    @Option(name: .customLong("shutdown-grace"), help: ArgumentHelp("How long games get to quit when asked (shutdown, timeouts) before they are killed.", valueName: "duration"))
    var shutdownGrace = "5s"

    @Option(name: .customLong("max-window"), help: ArgumentHelp("Largest terminal a game gets; bigger windows are clamped.", valueName: "COLSxROWS"))
    var maxWindow = "500x200"

    @Option(name: .customLong("game-memory"), help: ArgumentHelp("Address space of each game, in MiB.", valueName: "MiB"))
    var gameMemory: UInt64 = 1024

    @Option(name: .customLong("game-cpu"), help: ArgumentHelp("CPU time of each game, in seconds.", valueName: "seconds"))
    var gameCPU: UInt64 = 900

    @Option(name: .customLong("game-open-files"), help: ArgumentHelp("Open files of each game (core files are always off).", valueName: "N"))
    var gameOpenFiles: UInt64 = 64

    @Option(name: .customLong("public-name"), help: ArgumentHelp("The host name a table's invitation gives (ssh -t -p PORT NAME join CODE); default: this machine's name.", valueName: "name"))
    var publicName: String?

    @Option(name: .customLong("max-tables"), help: ArgumentHelp("Tables open at once (new), in all.", valueName: "N"))
    var maxTables = 32

    @Option(name: .customLong("max-watchers-per-table"), help: ArgumentHelp("Watchers of one table (watch CODE).", valueName: "N"))
    var maxWatchersPerTable = 8

    @Option(name: .customLong("join-attempts-per-minute"), help: ArgumentHelp("join/watch attempts from one address in any minute (codes are not found by guessing).", valueName: "N"))
    var joinAttemptsPerMinute = 10

    @Option(name: .customLong("table-idle-timeout"), help: ArgumentHelp("A table where nothing is chosen for this long ends.", valueName: "duration"))
    var tableIdleTimeout = "10m"

    @Option(name: .customLong("seat-hold"), help: ArgumentHelp("How long a dropped seat waits for the same key to come back.", valueName: "duration"))
    var seatHold = "60s"

    @Option(name: .customLong("host-lease"), help: ArgumentHelp("With --database: a host that has not renewed its lease for this long is gone, and its tables end for seats on other hosts (1s to 10m).", valueName: "duration"))
    var hostLease = "10s"

    @Option(name: .customLong("max-table-log"), help: ArgumentHelp("Intents in one table's log; a full log ends the table.", valueName: "N"))
    var maxTableLog = 2000

    @Option(help: ArgumentHelp("Offer only these ciphers (comma-separated, e.g. the AEAD ones: aes256-gcm@openssh.com,aes128-gcm@openssh.com); default: \(TransportCiphers.available.joined(separator: ",")).", valueName: "list"))
    var ciphers: String?

    @Flag(name: .customLong("generate-manual"), help: ArgumentHelp("Print the manual page (mdoc) and exit.", visibility: .private))
    var generateManual = false

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            switch exitCode(for: error) {
            case .validationFailure:
                // One line naming the flag and what it takes (the usage lines after it are --help's).
                // (Newlines in a quoted value are neutralised too: the line stays one line.)
                let line = "Error: " + message(for: error)
                FileHandle.standardError.write(Data((ClientText.neutralised(line, limit: .max) + "\n").utf8))
                Glibc.exit(2)
            default:
                exit(withError: error)
            }
        }
    }

    func validate() throws {
        for (name, value) in [("--handshake-timeout", handshakeTimeout), ("--idle-timeout", idleTimeout),
                              ("--max-session-length", maxSessionLength), ("--shutdown-grace", shutdownGrace),
                              ("--table-idle-timeout", tableIdleTimeout), ("--seat-hold", seatHold),
                              ("--host-lease", hostLease)] {
            if let problem = FlagBounds.durationProblem(name, value) { throw ValidationError(problem) }
        }
        guard Self.hostAndPort(listen) != nil else { throw ValidationError("--listen must look like 127.0.0.1:2222 or [::1]:2222, not \"\(listen)\"") }
        guard Self.window(maxWindow) != nil else { throw ValidationError("--max-window must look like 500x200, each side 10-10000") }
        for (name, value) in [("--max-sessions", maxSessions), ("--max-sessions-per-address", maxSessionsPerAddress),
                              ("--max-connections-per-minute", maxConnectionsPerMinute), ("--max-tables", maxTables),
                              ("--join-attempts-per-minute", joinAttemptsPerMinute)] {
            if let problem = FlagBounds.countProblem(name, value, FlagBounds.sessions) { throw ValidationError(problem) }
        }
        if let ciphers, case .failure(let problem) = TransportCiphers.parse(ciphers) { throw ValidationError(problem.description) }
        if proxyProtocol != !trustedProxy.isEmpty {
            throw ValidationError(proxyProtocol ? "--proxy-protocol needs at least one --trusted-proxy (the balancer's address)"
                                                : "--trusted-proxy goes with --proxy-protocol")
        }
        guard trustedProxy.count <= 64 else { throw ValidationError("--trusted-proxy may be given at most 64 times") }
        for cidr in trustedProxy {
            var proxies = TrustedProxies()
            guard proxies.add(cidr) else {
                throw ValidationError("--trusted-proxy must be an address or network such as 127.0.0.1 or 10.0.0.0/8, not \"\(cidr)\"")
            }
        }
        if let database, let problem = DailyDatabase.problem(with: database) { throw ValidationError(problem) }
        if databasePasswordFile != nil && database == nil { throw ValidationError("--database-password-file goes with --database") }
        for (flag, value, range) in [("--max-player-files", maxPlayerFiles, FlagBounds.playerFiles),
                                     ("--max-player-file-size", maxPlayerFileSize, FlagBounds.playerFileKiB)] {
            guard let value else { continue }
            if database == nil { throw ValidationError("\(flag) goes with --database") }
            if let problem = FlagBounds.countProblem(flag, value, range) { throw ValidationError(problem) }
        }
        for problem in [FlagBounds.countProblem("--max-watchers-per-table", maxWatchersPerTable, FlagBounds.watchersPerTable),
                        FlagBounds.countProblem("--max-table-log", maxTableLog, FlagBounds.tableLog),
                        FlagBounds.countProblem("--game-memory", gameMemory, FlagBounds.gameMemoryMiB),
                        FlagBounds.countProblem("--game-cpu", gameCPU, FlagBounds.gameCPUSeconds),
                        FlagBounds.countProblem("--game-open-files", gameOpenFiles, FlagBounds.gameOpenFiles)] {
            if let problem { throw ValidationError(problem) }
        }
        if let publicName, let problem = FlagBounds.publicNameProblem(publicName) { throw ValidationError(problem) }
    }

    func run() throws {
        if generateManual {
            print(try ServerManualPage.render(), terminator: "")
            return
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "memorize-tui-server")
        let (host, port) = Self.hostAndPort(listen)!
        var configuration = ServerConfiguration(gamePath: game ?? Self.defaultGamePath(),
                                                stateDirectory: stateDir ?? Self.defaultStateDirectory())
        configuration.host = host
        configuration.port = port
        guard access(configuration.gamePath, X_OK) == 0 else {
            FileHandle.standardError.write(Data("memorize-tui-server: cannot run the game \(ClientText.neutralisedLines(configuration.gamePath)); give its path with --game\n".utf8))
            throw ExitCode(2)
        }
        if let authorizedKeys {
            guard let text = try? String(contentsOfFile: authorizedKeys, encoding: .utf8) else {
                FileHandle.standardError.write(Data("memorize-tui-server: cannot read \(ClientText.neutralisedLines(authorizedKeys))\n".utf8))
                throw ExitCode(2)
            }
            configuration.authorizedKeys = Set(text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
            configuration.allowGuests = false
        }
        if noGuests { configuration.allowGuests = false }
        configuration.databaseURL = database
        if proxyProtocol {
            var proxies = TrustedProxies()
            for cidr in trustedProxy { _ = proxies.add(cidr) }
            configuration.trustedProxies = proxies
        }
        configuration.hostKeyFile = hostKey
        if let maxPlayerFiles { configuration.playerFiles.maxFiles = maxPlayerFiles }
        if let maxPlayerFileSize { configuration.playerFiles.maxFileBytes = maxPlayerFileSize * 1024 }
        if database != nil {
            do {
                configuration.databasePassword = try DailyDatabase.password(file: databasePasswordFile, environment: ProcessInfo.processInfo.environment)
            } catch {
                FileHandle.standardError.write(Data("memorize-tui-server: \(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        if let ciphers, case .success(let names) = TransportCiphers.parse(ciphers) { configuration.ciphers = names }
        configuration.maxSessions = maxSessions
        configuration.maxSessionsPerAddress = maxSessionsPerAddress
        configuration.maxConnectionsPerMinute = maxConnectionsPerMinute
        configuration.handshakeTimeout = DurationText.parse(handshakeTimeout)!
        configuration.idleTimeout = DurationText.parse(idleTimeout)!
        configuration.maxSessionLength = DurationText.parse(maxSessionLength)!
        configuration.shutdownGrace = DurationText.parse(shutdownGrace)!
        (configuration.maxColumns, configuration.maxRows) = Self.window(maxWindow)!
        configuration.limits.addressSpaceMiB = gameMemory
        configuration.limits.cpuSeconds = gameCPU
        configuration.limits.openFiles = gameOpenFiles
        configuration.tables.publicName = publicName
        configuration.tables.maxTables = maxTables
        configuration.tables.maxWatchersPerTable = maxWatchersPerTable
        configuration.tables.joinAttemptsPerMinute = joinAttemptsPerMinute
        configuration.tables.idleTimeout = DurationText.parse(tableIdleTimeout)!
        configuration.tables.seatHold = DurationText.parse(seatHold)!
        configuration.tables.hostLease = DurationText.parse(hostLease)!
        configuration.tables.maxLogLength = maxTableLog
        let server: GameServer
        do {
            server = try GameServer(configuration: configuration, logger: logger)
        } catch {
            FileHandle.standardError.write(Data("memorize-tui-server: \(error)\n".utf8))
            throw ExitCode(2)
        }
        FileHandle.standardOutput.write(Data("memorize-tui-server: host key \(server.hostKeyFingerprint) (ED25519)\n".utf8))
        do {
            try server.run()
        } catch {
            FileHandle.standardError.write(Data("memorize-tui-server: cannot listen on \(listen): \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    static func hostAndPort(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }

    static func window(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (10...10_000).contains(columns), (10...10_000).contains(rows) else { return nil }
        return (columns, rows)
    }

    /// memorize-tui beside this server (a build directory, a PREFIX/bin install), else in the
    /// games directory beside its bin/ (Debian's package: /usr/bin/memorize-tui-server and
    /// /usr/games/memorize-tui).
    static func defaultGamePath() -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let directory = URL(fileURLWithPath: own).deletingLastPathComponent()
        let beside = directory.appendingPathComponent("memorize-tui").path
        let games = directory.deletingLastPathComponent().appendingPathComponent("games/memorize-tui").path
        return access(beside, X_OK) != 0 && access(games, X_OK) == 0 ? games : beside
    }

    static func defaultStateDirectory() -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.local/state"
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        return base + "/memorize-tui-server"
    }
}
