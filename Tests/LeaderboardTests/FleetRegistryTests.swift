import Foundation
import MemorizeLeaderboard
import Synchronization
import Testing

/// Tables across hosts in PostgreSQL (schema version 4): the registry of codes and their hosts,
/// the hosts' leases, and NOTIFY between hosts. The leaderboard tests' throwaway cluster.
@Suite struct FleetRegistryTests {
    @Test("a code is one host's while that host's lease holds; its seats are kept; gone with the lease")
    func registryAndLeases() async throws {
        let url = try PostgresURL(try PostgresTestServer.freshDatabase())
        // Hosts starting together with a leaderboard: one migration, under the lock.
        async let first = PostgresFleet(url: url, timeout: StoreUnderTest.postgresTimeout)
        async let second = PostgresFleet(url: url, timeout: StoreUnderTest.postgresTimeout)
        async let board = PostgresLeaderboard(url: url, timeout: StoreUnderTest.postgresTimeout)
        let (a, b, leaderboard) = try await (first, second, board)
        #expect(a.hostID != b.hostID && PostgresFleet.isHostID(Substring(a.hostID)))
        #expect(try await a.register(code: "ABCD234", lease: 60))
        #expect(try await b.register(code: "ABCD234", lease: 60) == false, "a live host's code is not taken")
        #expect(try await b.locate(code: "ABCD234", lease: 60) == .host(a.hostID))
        #expect(try await b.locate(code: "ZZZZ222", lease: 60) == .unknown)
        try await a.update(code: "ABCD234", seats: ["SHA256:x", nil], heldFor: [nil, 30])
        #expect(try await b.alive([a.hostID, b.hostID, "ffffffffffffffff"], lease: 60) == [a.hostID, b.hostID])

        // a stops renewing: after its lease, its tables are gone and its code can be taken. (Two
        // loaded CI runs found b itself outside a 1 s and a 3 s lease: the cluster was that slow.)
        try await Task.sleep(for: .milliseconds(4500))
        try await b.heartbeat()
        // Each side of the check with its own lease: a's age only grows with the machine's delays,
        // and b's renewal is checked against a lease no delay here reaches.
        #expect(try await b.alive([a.hostID], lease: 3).isEmpty, "a stopped renewing 4.5 s ago")
        #expect(try await b.alive([b.hostID], lease: 60) == [b.hostID], "b renewed just now")
        #expect(try await b.locate(code: "ABCD234", lease: 3) == .hostGone)
        #expect(try await b.register(code: "ABCD234", lease: 3))
        #expect(try await a.locate(code: "ABCD234", lease: 60) == .host(b.hostID))
        try await b.remove(code: "ABCD234")
        #expect(try await a.locate(code: "ABCD234", lease: 60) == .unknown)
        await a.close()
        #expect(try await b.alive([a.hostID], lease: 60).isEmpty, "an orderly stop takes its lease away")
        await b.close()
        await leaderboard.close()
    }

    @Test("NOTIFY reaches the named host only, in order; payloads are bounded")
    func notifications() async throws {
        let url = try PostgresURL(try PostgresTestServer.freshDatabase())
        let a = try await PostgresFleet(url: url, timeout: StoreUnderTest.postgresTimeout)
        let b = try await PostgresFleet(url: url, timeout: StoreUnderTest.postgresTimeout)
        let heard = Locked<[String: [String]]>([:])
        let ready = Locked(0)
        let listeners = [a, b].map { fleet in
            Task {
                try await fleet.listen(ready: { ready.value.withLock { $0 += 1 } }) { payload in
                    heard.value.withLock { $0[fleet.hostID, default: []].append(payload) }
                }
            }
        }
        defer { listeners.forEach { $0.cancel() } }
        let clock = ContinuousClock()
        let start = clock.now
        while ready.value.withLock({ $0 }) < 2, clock.now - start < .seconds(30) { try await Task.sleep(for: .milliseconds(20)) }
        let big = String(repeating: "x", count: PostgresFleet.maximumPayloadBytes - 4)
        for index in 0..<50 { try await a.notify(host: b.hostID, payload: "m\(index)") }
        try await a.notify(host: b.hostID, payload: "end " + big)
        // The wait counts from the last message sent: a loaded CI run's cluster once took most of a
        // budget counted from the start to take the 51 NOTIFYs, and the last had not arrived yet.
        let sent = clock.now
        while heard.value.withLock({ $0[b.hostID]?.count ?? 0 }) < 51, clock.now - sent < .seconds(30) { try await Task.sleep(for: .milliseconds(20)) }
        let got = heard.value.withLock { $0 }
        #expect(got[b.hostID] == (0..<50).map { "m\($0)" } + ["end " + big])
        #expect(got[a.hostID] == nil, "nothing to the host that sent")
        await a.close()
        await b.close()
    }
}

/// A value several tasks share.
final class Locked<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
}
