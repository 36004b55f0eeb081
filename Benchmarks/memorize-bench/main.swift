import Glibc
import TerminalUI

// memorize-bench: measures the release build of memorize-tui as players feel it, and
// prints one `name: value unit (target …) ok/MISS` line per figure. It reports; it never fails
// on a missed target (exit 0), only when it cannot run at all (exit 2).
// Run: bash Benchmarks/run.sh  (builds the release binary first, then runs this).
// Options: --binary PATH (default: the memorize-tui next to this executable);
//          --only headless|live|startup|themes|latency|cost (repeatable) to run some parts only;
//          --replayer PATH: the plain-ncurses lower bound (Benchmarks/replay/ncurses-replay.c).

let arguments = CommandLine.arguments
let only = Set(arguments.indices.filter { arguments[$0] == "--only" && $0 + 1 < arguments.count }.map { arguments[$0 + 1] })
func wanted(_ part: String) -> Bool { only.isEmpty || only.contains(part) }

guard let binary = BenchEnvironment.locate(arguments: arguments), let environment = BenchEnvironment(binary: binary) else {
    try? StandardStream.error.write("memorize-bench: no memorize-tui release binary; build it first: swift build -c release (or pass --binary PATH)\n")
    exit(2)
}

for line in Machine.header(binary: binary) { print(line) }
let report = Report()
if wanted("headless") { HeadlessFrameCost.report(into: report) }
let runs = wanted("live") ? LiveGameRun.report(into: report, environment: environment) : []
if wanted("latency") { InputLatency.report(into: report, environment: environment) }
if wanted("cost") {
    let replayer = arguments.firstIndex(of: "--replayer").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    FrameCost.report(into: report, environment: environment, replayer: replayer)
}
if wanted("startup") || wanted("themes") { LargeThemesStartup.report(into: report, environment: environment) }
if wanted("startup") { Startup.report(into: report, environment: environment, gamePeakRSSKiB: runs.map(\.peakRSSKiB).max()) }
report.printSummary()
print(Machine.loadLine(when: "end"))
environment.removeWorkDirectory()
exit(0)
