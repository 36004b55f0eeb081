/// A table's invitation code: 7 characters from 31 that cannot be mistaken for one another (no 0/O,
/// no 1/I/L), read case-insensitively. 31^7 ≈ 2.75·10¹⁰, about 34.7 bits, drawn from the system's
/// CSPRNG (getrandom on Linux via SystemRandomNumberGenerator); with join attempts bounded per
/// address per minute, guessing a live code is hopeless.
struct TableCode: Hashable, Sendable, CustomStringConvertible {
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    static let length = 7

    let description: String

    static func random() -> TableCode {
        var generator = SystemRandomNumberGenerator()
        return TableCode(description: String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
    }

    /// What a player typed, upper-cased; nil unless it is 7 characters of the alphabet.
    init?(typed: String) {
        let upper = typed.uppercased()
        guard upper.count == Self.length, upper.allSatisfy(Self.alphabet.contains) else { return nil }
        description = upper
    }

    private init(description: String) {
        self.description = description
    }
}
