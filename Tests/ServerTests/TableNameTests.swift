import Foundation
import MemorizeTestSupport
import Synchronization
import TableProtocol
import Testing

extension ServerTests.Tables {
    /// A user name of each class that once ended a table, or might: what OpenSSH sends (`-l`;
    /// a leading "-" it refuses to send, so paramiko sends that one),
    /// and the name every process at the table shows for it.
    static let hostileNames: [(userName: String, shown: String)] = [
        ("a\u{200D}b", "ab"),                           // zero-width joiner, as in emoji names
        ("so\u{00AD}ft", "soft"),                       // soft hyphen
        ("z\u{200B}w", "zw"),                           // zero-width space
        ("f\u{2066}m\u{FEFF}t", "fmt"),                 // format characters: a bidi isolate, a BOM
        ("p\u{E000}u", "pu"),                           // private use
        ("u\u{0378}n", "un"),                           // unassigned
        ("l\u{2028}s", "l s"),                          // line separator
        ("-x", "x"),                                    // a leading "-" (a flag to the game's --names)
        ("abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnop"), // 16+ characters
        ("\u{200B}\u{200D}", TableName.fallback),       // nothing showable: the fixed name
        ("élève", "élève"),                             // unharmed
    ]

    /// Each joins alice's table through real ssh: both seats (and, for the first, a watcher)
    /// show the same neutralised name and play on; nobody's screen says the table was lost.
    @Test(arguments: 0..<hostileNames.count)
    func aJoinersNameNeverBreaksTheTable(_ index: Int) throws {
        let (userName, shown) = Self.hostileNames[index]
        #expect(TableName.neutralised(userName) ?? TableName.fallback == shown)
        let scene = try Scene()
        defer { scene.close() }
        let key = try PlayerKey(in: scene.server.directory, name: "joiner")
        if userName.hasPrefix("-") {
            // OpenSSH's client will not send it ("remote username contains invalid characters"):
            // another client does, holding the seat 20 s.
            let result = Mutex<ProcessOutput?>(nil)
            let done = DispatchSemaphore(value: 0)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Clients/hostile_client.py").path
            let arguments = [script, "\(scene.server.port)", key.path, "join", "\(scene.code):\(userName)"]
            Thread.detachNewThread {
                result.withLock { $0 = try? TestPython.run(arguments, timeout: 90) }
                done.signal()
            }
            try scene.alice.waitFor("\(shown) 0")
            try scene.alice.waitFor("alice's turn")
            try scene.alice.sendKeys("Enter")
            try scene.alice.waitForStillScreen(quiet: 0.4)
            #expect(!(try scene.alice.screen()).contains("Table lost"))
            done.wait()
            let output = try #require(result.withLock { $0 })
            #expect(output.status == 0 && output.stdoutText.contains("EXIT 0"), "\(output.stdoutText)\(output.stderrText)")
            #expect(!scene.server.log.contains("broke the table's protocol"))
            return
        }
        let joiner = try SSHPane(server: scene.server, key: key, user: "", options: ["-l", userName], remote: ["join", scene.code])
        defer { joiner.close() }
        var panes = [scene.alice, joiner]
        for pane in panes {
            try pane.waitFor("alice's turn")
            try pane.waitFor("\(shown) 0")
        }
        if index == 0 {
            let watcher = try SSHPane(server: scene.server, key: try PlayerKey(in: scene.server.directory, name: "w"), user: "",
                                      options: ["-l", "w\u{200D}x"], remote: ["watch", scene.code])
            panes.append(watcher)
            try watcher.waitFor("watching")
            try watcher.waitFor("\(shown) 0")
        }
        defer { if panes.count > 2 { panes[2].close() } }
        // Play on: alice chooses, every screen still at the table.
        try scene.alice.sendKeys("Enter")
        for pane in panes { try pane.waitForStillScreen(quiet: 0.4) }
        for pane in panes {
            let screen = try pane.screen()
            #expect(!screen.contains("Table lost") && !screen.contains("not a status message"), "\(userName.debugDescription):\n\(screen)")
        }
        #expect(Self.board(try scene.alice.screen()) == Self.board(try joiner.screen()))
        #expect(!scene.server.log.contains("broke the table's protocol"))
    }
}
