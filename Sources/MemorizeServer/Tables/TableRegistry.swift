import Foundation
import Logging
import NIOCore
import Synchronization

/// Every open table by its code, the cap on tables, and join attempts per address per minute.
/// Shared by every event loop, so behind a Mutex; each Table itself lives on its own loop.
final class TableRegistry: Sendable {
    private struct State {
        var tables: [TableCode: Table] = [:]
        var attempts: [String: [ContinuousClock.Instant]] = [:]
        var stopping = false
    }

    let limits: TableLimits
    private let state = Mutex(State())
    private let clock = ContinuousClock()

    init(limits: TableLimits) {
        self.limits = limits
    }

    /// A new table with a fresh code, or why not. `make` builds it with the code and the way to
    /// leave this registry when it ends.
    func open(_ make: (TableCode, @escaping @Sendable (TableCode) -> Void) -> Table) -> Result<Table, TableRefusal> {
        state.withLock { state in
            guard !state.stopping else { return .failure(TableRefusal("the server is stopping")) }
            guard state.tables.count < limits.maxTables else {
                return .failure(TableRefusal("the server has as many tables as it takes (\(limits.maxTables)); try again later"))
            }
            var code = TableCode.random()
            while state.tables[code] != nil { code = TableCode.random() }
            let table = make(code) { [weak self] code in self?.remove(code) }
            state.tables[code] = table
            return .success(table)
        }
    }

    /// Where a typed code's table is: here, or (with `elsewhere`, a fleet) perhaps on another host.
    enum Found {
        case here(Table)
        case elsewhere(TableCode)
    }

    /// The table a typed code names, counted against the address's attempts (found or not).
    func find(_ typed: String, from address: String) -> Result<Table, TableRefusal> {
        find(typed, from: address, elsewhere: false).map { found in
            guard case .here(let table) = found else { preconditionFailure("a code elsewhere without a fleet") }
            return table
        }
    }

    /// As find(_:from:); a valid code this host does not hold is `.elsewhere` when `elsewhere`.
    func find(_ typed: String, from address: String, elsewhere: Bool) -> Result<Found, TableRefusal> {
        let now = clock.now
        return state.withLock { state in
            var times = (state.attempts[address] ?? []).filter { now - $0 < .seconds(60) }
            times.append(now)
            state.attempts[address] = times
            if state.attempts.count > 10_000 {
                state.attempts = state.attempts.filter { !$0.value.isEmpty && now - $0.value.last! < .seconds(60) }
            }
            guard times.count <= limits.joinAttemptsPerMinute else {
                return .failure(TableRefusal("too many join attempts from your address in the last minute (at most \(limits.joinAttemptsPerMinute)); try again in a minute"))
            }
            let shown = ClientText.neutralised(typed, limit: 16)
            guard let code = TableCode(typed: typed) else {
                return .failure(TableRefusal("no table has the code \"\(shown)\" (codes are 7 letters and digits, and end with their table)"))
            }
            if let table = state.tables[code] { return .success(.here(table)) }
            guard elsewhere else {
                return .failure(TableRefusal("no table has the code \"\(shown)\" (codes are 7 letters and digits, and end with their table)"))
            }
            return .success(.elsewhere(code))
        }
    }

    /// The table with `code`, without counting an attempt (another host counted it).
    func table(_ code: String) -> Table? {
        guard let code = TableCode(typed: code) else { return nil }
        return state.withLock { $0.tables[code] }
    }

    func remove(_ code: TableCode) {
        _ = state.withLock { $0.tables.removeValue(forKey: code) }
    }

    var count: Int { state.withLock { $0.tables.count } }

    /// Shutdown: no new table; every table ends with `reason` (each on its own loop).
    func endAll(reason: String) {
        let tables = state.withLock { state -> [Table] in
            state.stopping = true
            return Array(state.tables.values)
        }
        for table in tables { table.eventLoop.execute { table.end(reason: reason, linger: .zero) } }
    }
}
