// swift-tools-version:6.0
import PackageDescription

// The performance benchmark, a package of its own so that a plain `swift build` of the game never
// builds it: `bash Benchmarks/run.sh` builds it (release, in Benchmarks/.build) after the game's
// own release build, which it measures (Benchmarks/README.md has the method and the history).
// It uses the game's libraries from the checkout above, built with the settings Package.swift
// gives them there (release: cross-module optimisation, as players get).
let package = Package(
    name: "memorize-bench",
    dependencies: [
        .package(name: "memorize-tui", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "memorize-bench",
            dependencies: [
                .product(name: "MemorizeLibraries", package: "memorize-tui"),
            ],
            path: "memorize-bench"
        ),
        // The leaderboard's: replaying a run (µs) and `scores` with 100,000 runs stored.
        .executableTarget(
            name: "leaderboard-bench",
            dependencies: [
                .product(name: "LeaderboardLibraries", package: "memorize-tui"),
            ],
            path: "leaderboard-bench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
