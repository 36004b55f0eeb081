import Memorize
import MemorizeStore
import Primitives

/// Every reason one of the player's own themes cannot be played: those the store could not load
/// (each bad theme in the file, not only the first, or the file as a whole) and those it loaded
/// that the game refuses (a built-in's name, a name used twice). The game says once, at start,
/// how many there are; the chooser lists them all, with file, line and reason.
struct ThemeProblemList: Equatable {
    struct Entry: Equatable {
        /// The theme's name; nil for the file as a whole.
        let theme: String?
        let path: String?
        let line: Int?
        let reason: String
    }

    let entries: [Entry]

    init(entries: [Entry]) { self.entries = entries }

    init(userThemes: UserThemeStoring, builtIn: [Theme]) {
        let reporting = userThemes as? ThemeLoadReporting
        var entries = (reporting?.loadProblems ?? []).map {
            Entry(theme: $0.theme, path: $0.path, line: $0.line, reason: $0.reason)
        }
        // One lookup per theme: a list of every earlier name made a large themes file quadratic.
        var taken = ThemeRules.TakenNames(builtIn.map(\.name))
        for theme in userThemes.themes {
            if let reason = Self.playProblem(of: theme, builtIn: builtIn, otherNames: taken.clashing(with: theme.name)) {
                let place = reporting?.place(ofTheme: theme.name)
                entries.append(Entry(theme: theme.name, path: place?.path, line: place?.line, reason: reason))
            }
            taken.insert(theme.name)
        }
        // File order, where the file says; the rest after.
        self.entries = entries.enumerated().sorted { a, b in
            (a.element.line ?? .max, a.offset) < (b.element.line ?? .max, b.offset)
        }.map(\.element)
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Why `theme`, one of the player's, cannot be played among `otherNames` (the built-ins and
    /// the user themes before it, or just the one it clashes with); nil when it can. A built-in's name gets its own sentence: the
    /// theme itself may be fine, and only renaming it (`e`) lets it play.
    static func playProblem(of theme: Theme, builtIn: [Theme], otherNames: [String]) -> String? {
        if let clash = builtIn.first(where: { $0.name.lowercased() == theme.name.trimmingWhitespace.lowercased() }) {
            return "a built-in theme is called \"\(clash.name)\" and keeps the name; rename this one (e) to play it"
        }
        let problems = ThemeRules.problems(with: theme, otherNames: otherNames)
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The game's one line at start, or nil when every theme loaded.
    var startNotice: String? {
        guard !entries.isEmpty else { return nil }
        if entries.contains(where: { $0.theme == nil }) { return "Your themes file could not be loaded: see t" }
        return "\(entries.count) of your themes could not be loaded: see t"
    }

    /// The chooser's line while the list is closed.
    var chooserSummary: String? {
        guard !entries.isEmpty else { return nil }
        let what = entries.contains(where: { $0.theme == nil }) ? "Your themes file could not be loaded"
            : "\(entries.count) of your themes could not be loaded"
        return what + ": p lists every problem (theme, line, reason)"
    }

    /// The list as rows for the scrollable box: a heading per file, then "line N" and the theme
    /// and reason (names quoted with invisible characters named).
    var rows: [HelpOverlayLayout.Row] {
        var rows: [HelpOverlayLayout.Row] = []
        var lastPath: String?? = .none
        for entry in entries {
            if lastPath != .some(entry.path) {
                rows.append(.init(label: entry.path.map { "In \($0):" } ?? "Your themes:", summary: nil))
                lastPath = .some(entry.path)
            }
            let label = entry.line.map { "line \($0)" } ?? "file"
            let theme = entry.theme.map { "theme \"\(ThemeProblem.shown($0))\": " } ?? ""
            rows.append(.init(label: label, summary: theme + entry.reason))
        }
        return rows
    }
}
