import NIOCore

extension Table {
    /// The registry row in the database: who sits (a key's fingerprint, "guest") and how long an
    /// empty seat is held. Nothing without --database.
    func publishSeats() {
        guard let fleet else { return }
        var owners: [String?] = []
        var held: [Double?] = []
        for seat in seats {
            switch seat {
            case .empty:
                owners.append(nil)
                held.append(nil)
            case .taken(_, let owner):
                owners.append(owner.map(\.description) ?? "guest")
                held.append(nil)
            case .held(let owner, let until, _):
                owners.append(owner.description)
                held.append(Double((until - .now()).nanoseconds) / 1e9)
            }
        }
        fleet.publish(code, seats: owners, heldFor: held)
    }
}
