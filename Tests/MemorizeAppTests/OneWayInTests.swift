import Foundation
import Testing

/// The game changes one way: `GameState.apply`, which `EmojiMemoryGame.apply` alone calls. Access
/// control makes most of it so (the model's mutating functions are `internal` to Memorize); these
/// checks read the sources for the rest, so a shortcut added later fails here.
@Suite struct OneWayInTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func source(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
    }

    /// Lines of code, comments dropped.
    static func code(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    @Test func theModelsOnlyPublicChangeIsApply() throws {
        var publicMutations: [String] = []
        for path in try Self.swiftFiles(under: "Sources/Memorize") {
            for line in Self.code(try Self.source(path)) where line.contains("public mutating func") {
                publicMutations.append("\(path.split(separator: "/").last!): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        // The generator's `next()` is RandomNumberGenerator's; the opponent's are its own thinking
        // (a GameState holds it `private(set)`, so only `apply` changes the one in play).
        let allowed = ["GameState.swift: public mutating func apply(", "SeededRandomNumberGenerator.swift: public mutating func next(",
                       "ComputerOpponent.swift: public mutating func"]
        let unexpected = publicMutations.filter { found in !allowed.contains { found.hasPrefix($0) } }
        #expect(unexpected.isEmpty, "mutating functions reachable from outside the model: \(unexpected)")
        #expect(publicMutations.contains { $0.hasPrefix("GameState.swift: public mutating func apply(") })
    }

    @Test func theViewModelAssignsItsGameOnlyInInitAndApply() throws {
        let lines = Self.code(try Self.source("Sources/MemorizeApp/Game/EmojiMemoryGame.swift"))
        let assignments = lines.filter { $0.range(of: #"(^|[^.\w])state\s*=[^=]"#, options: .regularExpression) != nil }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(assignments.count == 2 && assignments.contains { $0.hasPrefix("state = Self.createMemoryGame(") }
                && assignments.contains("state = next"), "\(assignments)")
        let applies = lines.filter { $0.contains(".apply(") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(applies == ["guard next.apply(intent, themes: themes) else { return false }"], "\(applies)")
        #expect(lines.contains { $0.contains("@Published private var state: GameState") })
    }

    @Test func noOtherAppCodeHoldsAGameOfItsOwn() throws {
        var holders: [String] = []
        for path in try Self.swiftFiles(under: "Sources/MemorizeApp") where !path.hasSuffix("/EmojiMemoryGame.swift") {
            let lines = Self.code(try Self.source(path))
            let making = #"(^|[^\w.])(GameState|MemoryGame(<\w+>)?)\("#
            if lines.contains(where: { $0.range(of: making, options: .regularExpression) != nil }) {
                holders.append(path)
            }
        }
        #expect(holders.isEmpty, "app code making a game beside the view model's: \(holders)")
    }
}
