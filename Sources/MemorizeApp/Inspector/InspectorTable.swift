/// The inspector's sections: the lecture concept each one shows and the file it lives in. Every
/// title is made from this one table, and a test checks each path exists, so a file moved in a
/// refactor cannot leave a learner looking in the wrong place.
enum InspectorTopic: CaseIterable {
    case model, viewModel, state, animator, runLoop

    struct Entry {
        /// The lecture's word for what the section shows.
        let concept: String
        /// The source file where it lives, from the package root.
        let path: String
    }

    static let table: [InspectorTopic: Entry] = [
        .model: Entry(concept: "Model", path: "Sources/Memorize/MemoryGame.swift"),
        .viewModel: Entry(concept: "View model", path: "Sources/MemorizeApp/Game/EmojiMemoryGame.swift"),
        .state: Entry(concept: "@State", path: "Sources/MemorizeApp/Game/GamePage.swift"),
        .animator: Entry(concept: "Animation", path: "Sources/TerminalUI/Animation/Animator.swift"),
        .runLoop: Entry(concept: "Run loop", path: "Sources/TerminalUI/RunLoop/RunLoop.swift"),
    ]

    var entry: Entry { Self.table[self]! }

    /// "@State — Sources/MemorizeApp/Game/GamePage.swift", the path shortened to
    /// "Sources/…/GamePage.swift", then to the file's name, when it does not fit `width`.
    func title(width: Int, ascii: Bool) -> String {
        let dash = ascii ? " - " : " — "
        let full = entry.concept + dash + entry.path
        guard full.count > width else { return full }
        let parts = entry.path.split(separator: "/")
        let short = entry.concept + dash + parts[0] + (ascii ? "/.../" : "/…/") + parts[parts.count - 1]
        return short.count <= width ? short : entry.concept + dash + parts[parts.count - 1]
    }
}
