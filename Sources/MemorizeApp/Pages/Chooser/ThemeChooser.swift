import Memorize

/// The theme chooser's state (assignment 6's theme list): every theme, the one picked, and the
/// line that answers the player (a refusal, a question, "Saved"). A value: ThemeChooserPage
/// holds it and takes the keys, ThemeChooserView draws it.
struct ThemeChooser: Equatable {
    struct Row: Equatable {
        var theme: Theme
        var isBuiltIn: Bool
        /// Why a user theme cannot be played. It is listed anyway, so it can be fixed or deleted.
        var problem: String?
    }

    private(set) var rows: [Row]
    private(set) var selection = 0
    /// The user theme waiting for "y" before it is deleted.
    var pendingDelete: String?
    var message: String?

    /// Built-ins first, then the player's themes in the order they saved them.
    init(builtIn: [Theme], user: [Theme], selecting name: String?) {
        var rows = builtIn.map { Row(theme: $0, isBuiltIn: true) }
        var taken = ThemeRules.TakenNames(builtIn.map(\.name))
        for theme in user {
            let problem = ThemeProblemList.playProblem(of: theme, builtIn: builtIn, otherNames: taken.clashing(with: theme.name))
            rows.append(Row(theme: theme, isBuiltIn: false, problem: problem))
            taken.insert(theme.name)
        }
        self.rows = rows
        if let name, let index = index(of: name) { selection = index }
    }

    var selected: Row? { rows.indices.contains(selection) ? rows[selection] : nil }

    func index(of name: String) -> Int? { rows.map(\.theme).firstIndex(named: name) }

    /// Stops at the ends, like the card focus.
    mutating func move(by delta: Int) { select(selection + delta) }

    mutating func select(_ index: Int) {
        guard !rows.isEmpty else { return }
        selection = min(max(0, index), rows.count - 1)
    }

    /// "Halloween copy", "Halloween copy 2", …: the first name nobody has (the copy's name).
    func unusedName(_ base: String) -> String {
        let themes = rows.map(\.theme)
        let base = String(base.prefix(ThemeRules.maxNameLength - 3))
        if themes.named(base) == nil { return base }
        for n in 2... where themes.named("\(base) \(n)") == nil { return "\(base) \(n)" }
        return base
    }

    /// The first row shown when `visibleRows` fit: scrolls just enough to keep the pick in view.
    func firstVisibleRow(visibleRows: Int) -> Int {
        guard visibleRows > 0, rows.count > visibleRows else { return 0 }
        return min(max(0, selection - visibleRows + 1), rows.count - visibleRows)
    }
}
