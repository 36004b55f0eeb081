@testable import MemorizeServer
import Testing

/// The caps' bookkeeping without a network: what is admitted, refused, dropped and given back.
@Suite struct AdmissionTests {
    func admission(sessions: Int = 2, perAddress: Int = 1, perMinute: Int = 100) -> Admission {
        var configuration = ServerConfiguration(gamePath: "/bin/false", stateDirectory: "/tmp")
        configuration.maxSessions = sessions
        configuration.maxSessionsPerAddress = perAddress
        configuration.maxConnectionsPerMinute = perMinute
        return Admission(configuration: configuration)
    }

    @Test func gamesAreCappedInAllAndPerAddressAndGivenBack() {
        let caps = admission()
        #expect(caps.connect(from: "a") == .admitted)
        #expect(caps.startGame(from: "a") == nil)
        #expect(caps.startGame(from: "a")?.contains("too many games from your address") == true)
        #expect(caps.connect(from: "b") == .admitted)
        #expect(caps.startGame(from: "b") == nil)
        #expect(caps.startGame(from: "c")?.contains("the server is full (2 games)") == true)
        caps.endGame(from: "a")
        #expect(caps.startGame(from: "c") == nil)
        // A game that outlives its connection still gives its place back.
        caps.disconnect(from: "b")
        caps.endGame(from: "b")
        #expect(caps.startGame(from: "b") == nil)
    }

    @Test func connectionsPerMinuteAreRefusedThenDropped() {
        let caps = admission(perAddress: 2, perMinute: 3)
        for _ in 0..<3 { #expect(caps.connect(from: "a") == .admitted) }
        guard case .refused(let reason) = caps.connect(from: "a") else {
            Issue.record("the fourth connection in a minute was not refused")
            return
        }
        #expect(reason.contains("in the last minute"))
        #expect(caps.connect(from: "b") == .admitted)
        // Held open beyond the hard cap (twice the per-address cap and four more): closed at once.
        for _ in 0..<10 { _ = caps.connect(from: "a") }
        #expect(caps.connect(from: "a") == .dropped)
    }
}
