import Primitives
import Memorize
/// Best scores per theme in `scores.json` (see `XDGPaths.scoresFile`).
///
/// Never loses what the player saved: a corrupt or hostile file (bad JSON, wrong types, absurd
/// numbers, a symlink, a directory, a huge file) is moved aside to `scores.json.corrupt-<time>`
/// with its exact bytes, and the book starts empty; a file it may not read, or one from a newer
/// version, stays where it is and saving is off for the session. `warning` says which, in one line.
public final class ScoreBook: ScoreRecording {
    public let path: String
    public private(set) var warning: String?
    /// False when the file on disk must not be replaced (unreadable, or a newer format).
    public private(set) var isSavingEnabled = true

    private var bests: [String: BestScore] = [:]
    /// Games against the computer, per level.
    private var versus: [String: VersusRecord] = [:]
    /// The best daily deal per day (ScoreBook+Daily.swift).
    var daily: [String: DailyBest] = [:]
    private let now: () -> Double

    /// Loads `path` at once; never throws: problems end up in `warning`.
    /// - Parameter now: the clock for aside-file names, in seconds since the Unix epoch (tests pin it).
    public init(path: String, now: @escaping () -> Double = WallClock.secondsSince1970) {
        self.path = path
        self.now = now
        let contents = loadFromDisk()
        bests = contents?.bests ?? [:]
        versus = contents?.versus ?? [:]
        daily = contents?.daily ?? [:]
    }

    /// The player's real book, or nil when no home directory is known (use `InMemoryScores`).
    public convenience init?(environment: ProcessEnvironment.Variables = ProcessEnvironment.variables(named: XDGPaths.variableNames)) {
        guard let path = XDGPaths(environment: environment).scoresFile else { return nil }
        self.init(path: path)
    }

    public var allBests: [String: BestScore] { bests }
    public var allVersus: [String: VersusRecord] { versus }

    @discardableResult
    public func recordVersus(level: String, outcome: VersusOutcome) -> VersusRecord {
        // Counts on disk are the truth when another memorize-tui saved since we loaded: ours
        // were saved before it read them, so adding this game to them loses nobody's.
        if isSavingEnabled, let disk = loadFromDisk() {
            versus = disk.versus
            bests.merge(disk.bests) { mine, theirs in theirs.isBetter(than: mine) ? theirs : mine }
            daily = DailyBest.merged(daily, disk.daily)
        }
        versus[level, default: VersusRecord()].add(outcome)
        save()
        return versus[level]!
    }

    public func best(forTheme theme: String) -> BestScore? {
        bests[theme]
    }

    @discardableResult
    public func record(_ result: GameResult) -> BestScore? {
        // Another memorize-tui may have saved since we loaded: merge its bests, don't clobber them.
        if isSavingEnabled, let disk = loadFromDisk() {
            bests.merge(disk.bests) { mine, theirs in theirs.isBetter(than: mine) ? theirs : mine }
            versus = disk.versus
            daily = DailyBest.merged(daily, disk.daily)
        }
        let previous = bests[result.theme]
        let candidate = BestScore(score: result.score, moves: result.moves, seconds: result.seconds)
        guard ScoreFile.isStorable(candidate), !result.theme.allSatisfy(\.isWhitespace) else {
            warning = "Best scores: ignored an impossible result for \"\(result.theme)\" (score \(result.score), \(result.moves) moves, \(result.seconds) s)"
            return previous
        }
        guard previous.map({ candidate.isBetter(than: $0) }) ?? true else { return previous }
        bests[result.theme] = candidate
        save()
        return previous
    }

    func save() {
        guard isSavingEnabled else { return }
        do {
            // 0600: the state directory is private (0700) anyway; scores are nobody else's business.
            try AtomicFile.write(try ScoreFile.encode(bests, versus: versus, daily: daily), to: path, mode: 0o600)
        } catch {
            warning = "Best scores not saved: \(error)"
        }
    }

    /// The bests on disk; nil when there is nothing usable (missing, moved aside, or left alone).
    func loadFromDisk() -> ScoreFile.Contents? {
        switch GuardedRead.read(path, followSymlinks: false) {
        case .missing:
            return nil
        case .contents(let bytes):
            do {
                return try ScoreFile.decodeContents(bytes)
            } catch {
                let reason = error.message(path: path, bytes: bytes)
                if case .newerVersion = error { keepInPlace(because: reason) } else { moveAside(because: reason) }
                return nil
            }
        case .refused(let refusal) where refusal.isMovableAside:
            moveAside(because: "\(path) \(refusal.description)")
            return nil
        case .refused(let refusal):
            keepInPlace(because: "\(path) \(refusal.description)")
            return nil
        }
    }

    private func moveAside(because reason: String) {
        do {
            let aside = try AsideFile.moveAside(path, now: now())
            warning = "Best scores: \(reason); moved it to \(aside) and started a new one"
        } catch let error as AsideFile.Failure {
            keepInPlace(because: "\(reason); could not move it aside (\(error.description))")
        } catch {
            keepInPlace(because: "\(reason); could not move it aside (\(error))")
        }
    }

    private func keepInPlace(because reason: String) {
        isSavingEnabled = false
        warning = "Best scores: \(reason); left it as it is, and scores will not be saved this session"
    }
}
