import Primitives
import Memorize
import ThemeFormat

/// The player's own themes in `themes.json` (see `XDGPaths.themesFile`), in the same format as
/// assets/themes.json.
///
/// A bad file (bad JSON, a theme that breaks the rules, unreadable, too large) is reported with
/// `file:line:column` and KEPT exactly as it is: the playable themes in it are still offered, but
/// `save` refuses until the player fixes or moves the file, so nothing they wrote is lost.
public final class UserThemeStore: UserThemeStoring, ThemeLoadReporting {
    public let path: String
    /// The rules a theme must follow to be loaded or saved (the app's, with the terminal's measures).
    public let validator: ThemeValidator
    public private(set) var themes: [Theme] = []
    public private(set) var warning: String?
    /// Every theme that could not be loaded (the warning names only the first).
    public private(set) var loadProblems: [ThemeLoadProblem] = []
    /// The line each loaded theme starts on.
    private var lines: [String: Int] = [:]

    /// The bytes last read or written: a different file on disk at save time was edited meanwhile.
    private var knownBytes: [UInt8]?

    /// Loads `path` at once; never throws: problems end up in `warning`.
    public init(path: String, validator: ThemeValidator) {
        self.path = path
        self.validator = validator
        reload()
    }

    /// The player's real store, or nil when no home directory is known (use `InMemoryThemes`).
    public convenience init?(environment: ProcessEnvironment.Variables = ProcessEnvironment.variables(named: XDGPaths.variableNames), validator: ThemeValidator) {
        guard let path = XDGPaths(environment: environment).themesFile else { return nil }
        self.init(path: path, validator: validator)
    }

    /// Reads the file again (after the player says they fixed it, say).
    public func reload() {
        let state = inspect(path)
        themes = state.themes
        loadProblems = state.problems
        lines = state.lines
        warning = state.problem.map { "User themes: \($0); the file is kept as it is and changes will not be saved until it is fixed or moved away" }
        knownBytes = state.bytes
    }

    /// Writes `themes` atomically (file mode 0644, a new directory 0700).
    /// - Throws: `UserThemeStoreError`; the file on disk is then unchanged.
    public func save(_ themes: [Theme]) throws {
        try check(themes)
        let state = inspect(path)
        if let problem = state.problem {
            throw UserThemeStoreError.fileKept(problem)
        }
        if let bytes = state.bytes, bytes != knownBytes {
            // Edited by hand (or by another memorize-tui, or fixed by the player) while we ran:
            // show the player the new file rather than overwrite it. A file moved away is fine.
            reload()
            throw UserThemeStoreError.changedOnDisk(path)
        }
        let bytes = Self.encode(themes)
        do {
            try AtomicFile.write(bytes, to: path, mode: 0o644)
        } catch let error as AtomicFile.Error {
            throw UserThemeStoreError.writeFailed(error)
        }
        self.themes = themes
        knownBytes = bytes
        warning = nil
    }

    /// `{"themes": [...]}`, keys in the order of assets/themes.json.
    static func encode(_ themes: [Theme]) -> [UInt8] {
        ThemeLibrary.encode(themes)
    }

    /// Refuses what could not be loaded back: unplayable themes and two themes with one name
    /// (the name is a theme's identity).
    private func check(_ themes: [Theme]) throws {
        var names: Set<String> = []
        for theme in themes {
            let problems = validator.problems(of: theme).map(\.description)
            if !problems.isEmpty { throw UserThemeStoreError.invalidTheme(name: theme.name, problems: problems) }
            if !names.insert(theme.name).inserted { throw UserThemeStoreError.duplicateName(theme.name) }
        }
    }

    private struct State {
        var themes: [Theme] = []
        /// One line naming the file (and line) when the file must be kept and not saved over.
        var problem: String?
        /// The file's bytes; nil when it does not exist.
        var bytes: [UInt8]?
        /// Every problem, the first one (`problem`) included.
        var problems: [ThemeLoadProblem] = []
        var lines: [String: Int] = [:]
    }

    public func place(ofTheme name: String) -> (path: String, line: Int)? { lines[name].map { (path, $0) } }

    private func inspect(_ path: String) -> State {
        // Following symlinks: a config file may live in a dotfiles repository. Saving over a link
        // is refused by AtomicFile, with a message saying so.
        switch GuardedRead.read(path, followSymlinks: true) {
        case .missing:
            return State()
        case .refused(let refusal):
            return State(problem: "\(path) \(refusal.description)", bytes: [],
                         problems: [ThemeLoadProblem(path: path, theme: nil, line: nil, column: nil, reason: refusal.description)])
        case .contents(let bytes):
            let decoded: [(theme: Theme, line: Int, column: Int)]
            do {
                decoded = try ThemeLibrary.decodePlaced(bytes, source: path)
            } catch let error as ThemeFileError {
                return State(problem: error.message, bytes: bytes,
                             problems: [ThemeLoadProblem(path: path, theme: nil, line: error.line, column: error.column, reason: error.reason)])
            } catch {
                return State(problem: "\(path): \(error)", bytes: bytes,
                             problems: [ThemeLoadProblem(path: path, theme: nil, line: nil, column: nil, reason: "\(error)")])
            }
            return validated(decoded, bytes: bytes, path: path)
        }
    }

    /// Keeps the playable themes; every bad one is a problem placed at its line, and the first
    /// one is the warning (which counts the others).
    private func validated(_ decoded: [(theme: Theme, line: Int, column: Int)], bytes: [UInt8], path: String) -> State {
        var state = State(bytes: bytes)
        var names: Set<String> = []
        for (theme, line, column) in decoded {
            var problems = validator.problems(of: theme).map(\.description)
            if names.contains(theme.name) { problems.append("another theme above has the same name") }
            guard problems.isEmpty else {
                state.problems.append(ThemeLoadProblem(path: path, theme: theme.name, line: line, column: column,
                                                       reason: problems.joined(separator: "; ")))
                if state.problem == nil {
                    state.problem = "\(path):\(line):\(column): theme \"\(ThemeProblem.shown(theme.name))\": \(problems.joined(separator: "; "))"
                }
                continue
            }
            names.insert(theme.name)
            state.themes.append(theme)
            state.lines[theme.name] = line
        }
        if state.problems.count > 1, let first = state.problem {
            let more = state.problems.count - 1
            state.problem = first + " (and \(more) more theme\(more == 1 ? "" : "s") that could not be loaded)"
        }
        return state
    }
}

/// Why `UserThemeStore.save` refused; the old file is untouched in every case.
public enum UserThemeStoreError: Error, Equatable, CustomStringConvertible {
    /// The file on disk is bad (the message names file and line): fix or move it first.
    case fileKept(String)
    case changedOnDisk(String)
    case invalidTheme(name: String, problems: [String])
    case duplicateName(String)
    case writeFailed(AtomicFile.Error)

    public var description: String {
        switch self {
        case .fileKept(let problem):
            return "Not saved: \(problem); fix or move that file, then save again"
        case .changedOnDisk(let path):
            return "Not saved: \(path) was changed by something else; it has been reloaded, make your change again"
        case .invalidTheme(let name, let problems):
            return "Not saved: theme \"\(name)\": \(problems.joined(separator: "; "))"
        case .duplicateName(let name):
            return "Not saved: two themes are named \"\(name)\""
        case .writeFailed(let error):
            return "Not saved: \(error)"
        }
    }
}
