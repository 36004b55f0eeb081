// swift-tools-version:6.0
import PackageDescription

// Layers (imports never run upward):
//   Memorize (model) <- ThemeFormat (reading theme files; also the EmbedThemes build tool's)
//                          ^
//                       MemorizeStore (file formats, stores)   TerminalUI (toolkit; CNcurses only
//                                  \                            /     in its ncurses backend)
//                                   MemorizeApp (view model, views, pages)
//                                          |
//                                   memorize-tui (argument parsing only)
//   memorize-tui-server (SSH, on swift-nio-ssh) -> MemorizeServer -> CGameSpawn, Primitives: runs
//   each player's memorize-tui as its own process in a pty, so the game never links NIO.
// Release builds of our modules (measurements: Benchmarks/README.md, "Build settings"):
// - -cross-module-optimization: frames call the generic model and canvas across modules;
//   unspecialised, each card was copied through witness tables;
// - -disable-concrete-type-metadata-mangled-name-accessors: metadata by accessor, not by demangling
//   a name and scanning every conformance record of the static binary (10% of start-up);
// - -enforce-exclusivity=unchecked: exclusivity checked at compile time only (the run-time checks
//   were ~11% of a flip's instructions); the debug build the tests run keeps them.
let releaseOptimization: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                  "-enforce-exclusivity=unchecked"],
                 .when(configuration: .release)),
]

let package = Package(
    name: "memorize-tui",
    products: [
        .executable(name: "memorize-tui", targets: ["memorize-tui"]),
        .executable(name: "memorize-tui-server", targets: ["memorize-tui-server"]),
        // For the benchmark's own package (Benchmarks/Package.swift), which measures the game's
        // frames in process; a product builds nothing more here.
        .library(name: "MemorizeLibraries", targets: ["Memorize", "MemorizeStore", "TerminalUI", "MemorizeApp"]),
        // The leaderboard's benchmark's (a product of its own: the game's benchmark builds no database).
        .library(name: "LeaderboardLibraries", targets: ["MemorizeLeaderboard", "Memorize", "MemorizeStore", "ThemeFormat"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The SSH game server only (memorize-tui-server); the game never links them.
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The server's daily leaderboard only (MemorizeLeaderboard): SQLite, or PostgreSQL for
        // several servers behind one name. The game never links them.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // No pkgConfig: ncursesw's pkg-config cflags (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600) are
        // flags SwiftPM refuses for a system library, with a warning on every build. They only
        // switch on ncurses' wide-character API, which shim.h asks for itself; the libraries
        // come from module.modulemap (ncursesw, tinfo).
        .systemLibrary(name: "CNcurses"),
        // Decodes assets/themes.json (the only copy) at build time with the game's own reader
        // (ThemeFormat) into Swift values: the binary runs from any directory and parses no
        // themes at start-up; a broken file fails the build naming its line.
        .executableTarget(name: "ThemeCodegen", dependencies: ["ThemeFormat", "Memorize", "Primitives"]),
        .plugin(name: "EmbedThemes", capability: .buildTool(), dependencies: ["ThemeCodegen"]),
        // Writes the checkout's commit (git rev-parse --short HEAD) into memorize-tui for --version;
        // a build with no .git (a tarball) gets none. Reruns only when HEAD moves.
        .executableTarget(name: "CommitStamp"),
        .plugin(name: "StampCommit", capability: .buildTool(), dependencies: ["CommitStamp"]),
        .target(name: "Memorize", dependencies: ["Primitives"], swiftSettings: releaseOptimization),
        // Values every layer shares and none may own: RGB, JSON string quoting, code-point names,
        // the process environment (the layers above cannot import each other).
        .target(name: "Primitives", swiftSettings: releaseOptimization),
        // Reading theme files, without file I/O: the strict positioned JSON reader (no Foundation)
        // and ThemeLibrary.decode. Its own target so the EmbedThemes build tool links exactly the
        // reader the game uses for players' files.
        .target(name: "ThemeFormat", dependencies: ["Memorize"], swiftSettings: releaseOptimization),
        // Theme files, best scores, settings: the JSON writer, atomic writes, XDG paths, and the
        // built-in themes embedded from assets/.
        .target(name: "MemorizeStore", dependencies: ["Memorize", "ThemeFormat", "Primitives"], swiftSettings: releaseOptimization, plugins: ["EmbedThemes"]),
        // glibc's wcwidth, which Swift's Glibc module hides: column widths measured as ncurses measures them.
        .target(name: "CTextWidth"),
        // Signal handlers, the self-pipe and the crash restore: C state with one definition.
        .target(name: "CTerminalGuard"),
        .target(name: "TerminalUI", dependencies: ["CNcurses", "CTextWidth", "CTerminalGuard", "Primitives"], swiftSettings: releaseOptimization),
        .target(name: "MemorizeApp", dependencies: ["Memorize", "MemorizeStore", "ThemeFormat", "TerminalUI", "Primitives", "TableProtocol"], swiftSettings: releaseOptimization),
        .executableTarget(
            name: "memorize-tui",
            // TerminalUI for --version's and the manual's terminal-safe printing, Primitives for
            // SOURCE_DATE_EPOCH: imported directly, so declared.
            dependencies: [
                "MemorizeApp", "TerminalUI", "Primitives",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release: one static executable, so start-up maps no loader or libraries (under half
            // the time, Benchmarks/README.md); lld, as gold warns at every link about glibc's NSS.
            swiftSettings: [.unsafeFlags(["-static-executable", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                                         .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(configuration: .release))],
            plugins: ["StampCommit"]
        ),
        // The benchmarks are a package of their own (Benchmarks/Package.swift), built only by
        // `bash Benchmarks/run.sh` (and the leaderboard's by the command in Benchmarks/README.md).
        // memorize-tui-server: serves the game over SSH, one game process per session in its own
        // pty. GameSpawn is the fork/exec in C: between the two only async-signal-safe calls.
        .target(name: "CGameSpawn"),
        // The table channel's frames and messages (docs/tables.md), without NIO: the server's
        // sequencer and the game's table client both speak it.
        .target(name: "TableProtocol", dependencies: ["Memorize", "Primitives"]),
        .target(
            name: "MemorizeServer",
            dependencies: [
                "CGameSpawn", "Primitives", "TableProtocol", "Memorize", "MemorizeStore", "ThemeFormat", "MemorizeLeaderboard",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                // AES-CTR for the aes*-ctr transports (Transport/); postgres-nio links it already.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The daily leaderboard: one store protocol, SQLite (GRDB) and PostgreSQL (postgres-nio)
        // behind it, and the replay that recomputes a reported run's score through the model.
        .target(
            name: "MemorizeLeaderboard",
            dependencies: [
                "Memorize", "Primitives",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "memorize-tui-server",
            dependencies: [
                "MemorizeServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // NIO's Foundation dependency does not link with -static-executable (docs/hosting.md,
            // "Linking"): the Swift runtime and Foundation are linked in, glibc stays dynamic.
            // -static-stdlib alone leaves static Foundation's CoreFoundation and ICU unnamed
            // (SwiftPM's --static-swift-stdlib compiles every module against the static SDK, which
            // names them); lld, which needs no particular library order, takes them as listed.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld",
                                           "-lFoundationEssentials", "-lFoundationInternationalization", "-lCoreFoundation",
                                           "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections"],
                                          .when(configuration: .release))]
        ),
        // Helpers shared by the test targets: the seeded generator the fuzzers draw from, a
        // process runner that spawns children (tmux, the binary) with the signals a shell gives
        // them, the theme rules with the terminal's measures, and assets/themes.json's text.
        .target(name: "MemorizeTestSupport", dependencies: ["Memorize", "TerminalUI"], path: "Tests/Support"),
        .testTarget(name: "MemorizeTests", dependencies: ["Memorize", "TerminalUI", "MemorizeTestSupport"]),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"]),
        // The writer (MemorizeStore) only for round trips: what is written reads back the same.
        .testTarget(name: "ThemeFormatTests", dependencies: ["ThemeFormat", "Memorize", "MemorizeStore", "MemorizeTestSupport"]),
        .testTarget(name: "ThemeCodegenTests", dependencies: ["ThemeCodegen", "ThemeFormat", "Memorize", "MemorizeTestSupport"]),
        .testTarget(name: "MemorizeStoreTests", dependencies: ["MemorizeStore", "ThemeFormat", "Memorize", "Primitives", "TerminalUI", "MemorizeTestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "MemorizeTestSupport"]),
        // ssh-audit against a running memorize-tui-server (needs it built first, as EndToEndTests do).
        .testTarget(name: "ServerAuditTests", dependencies: ["MemorizeTestSupport"]),
        // Golden/ holds key scripts and expected screens, read from the source tree by path.
        .testTarget(name: "MemorizeAppTests", dependencies: ["MemorizeApp", "Memorize", "MemorizeStore", "ThemeFormat", "TerminalUI", "Primitives", "MemorizeTestSupport"],
                    exclude: ["Golden"]),
        // Drives memorize-tui-server with OpenSSH's ssh in tmux and with paramiko (Clients/*.py).
        // NIOEmbedded: GameSession's phases on an EmbeddedChannel.
        .testTarget(name: "ServerTests", dependencies: [
            "MemorizeServer", "MemorizeTestSupport", "TableProtocol", "Memorize", "CGameSpawn", "MemorizeLeaderboard", "ThemeFormat",
            // A seat's game mirrored in the test (the whole-game table test knows the faces).
            "MemorizeApp", "MemorizeStore", "TerminalUI",
            .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOSSH", package: "swift-nio-ssh"),
            .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Clients"]),
        // The same tests against SQLite and a real PostgreSQL (scripts/ci-postgres.sh).
        .testTarget(name: "LeaderboardTests", dependencies: [
            "MemorizeLeaderboard", "Memorize", "MemorizeStore", "ThemeFormat", "MemorizeTestSupport",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Drives the real binary in tmux; needs the executable built first (see README).
        .testTarget(name: "EndToEndTests", dependencies: ["MemorizeApp", "Memorize", "MemorizeStore", "ThemeFormat", "TerminalUI", "MemorizeTestSupport"]),
    ],
    // Swift 6 language mode: data races are compile errors (how the code stays race-free:
    // docs/architecture.md).
    swiftLanguageModes: [.v6]
)
