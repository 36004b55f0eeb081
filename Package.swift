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
// Release builds of our modules:
// - optimise across modules in full (not only what the default, conservative cross-module
//   optimisation exposes): a frame calls the generic model (MemoryGame<String>) and the toolkit's
//   generic retained canvas from the app, and unspecialised calls copied each card through
//   witness tables;
// - get generic types' metadata from accessor calls rather than by mangled name: a mangled name
//   is demangled at run time and each protocol requirement in it (String: Equatable for
//   MemoryGame<String>.Card...) looked up by scanning all ~3,400 conformance records of the
//   static binary, ~150k instructions apiece; 10% of start-up;
// - check exclusive access at compile time only: the run-time checks (swift_beginAccess on every
//   class property and global touched) were ~11% of our own instructions in a flip's frames.
//   The debug build the tests run keeps them, so an overlapping access still fails a test.
// Debug builds, which the tests use, are unaffected.
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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The SSH game server only (memorize-tui-server); the game never links them.
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
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
        // reader the game uses for players' files. MemorizeStore re-exports it.
        .target(name: "ThemeFormat", dependencies: ["Memorize"], swiftSettings: releaseOptimization),
        // Theme files, best scores, settings: the JSON writer, atomic writes, XDG paths, and the
        // built-in themes embedded from assets/.
        .target(name: "MemorizeStore", dependencies: ["Memorize", "ThemeFormat", "Primitives"], swiftSettings: releaseOptimization, plugins: ["EmbedThemes"]),
        // glibc's wcwidth, which Swift's Glibc module hides: column widths measured as ncurses measures them.
        .target(name: "CTextWidth"),
        // Signal handlers, the self-pipe and the crash restore: C state with one definition.
        .target(name: "CTerminalGuard"),
        .target(name: "TerminalUI", dependencies: ["CNcurses", "CTextWidth", "CTerminalGuard", "Primitives"], swiftSettings: releaseOptimization),
        .target(name: "MemorizeApp", dependencies: ["Memorize", "MemorizeStore", "TerminalUI"], swiftSettings: releaseOptimization),
        .executableTarget(
            name: "memorize-tui",
            dependencies: [
                "MemorizeApp",
                "Primitives",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release build players run is one static executable (Swift runtime, ncursesw and
            // glibc linked in): no dynamic loader, no relocations, no libstdc++ to map, so it
            // starts in well under half the time (README "Performance"). lld, because gold warns
            // at every link about glibc calls (getpwuid) that need glibc's NSS at run time, which
            // the machine that built it has. Debug builds, which the tests use, stay dynamic.
            swiftSettings: [.unsafeFlags(["-static-executable", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                                         .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(configuration: .release))],
            plugins: ["StampCommit"]
        ),
        // The performance benchmark (README "Performance"): `swift run -c release memorize-bench`.
        .executableTarget(
            name: "memorize-bench",
            dependencies: ["MemorizeApp", "Memorize", "MemorizeStore", "TerminalUI"],
            path: "Benchmarks/memorize-bench"
        ),
        // memorize-tui-server: serves the game over SSH, one game process per session in its own
        // pty. GameSpawn is the fork/exec in C: between the two only async-signal-safe calls.
        .target(name: "CGameSpawn"),
        .target(
            name: "MemorizeServer",
            dependencies: [
                "CGameSpawn", "Primitives",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "memorize-tui-server",
            dependencies: [
                "MemorizeServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // NIO's Foundation dependency does not link with -static-executable (DESIGN.md §7): the
            // Swift runtime is linked in, glibc stays dynamic.
            // -static-stdlib alone leaves Foundation's own static dependencies out (CoreFoundation,
            // _FoundationCollections, ICU...: "undefined reference to _CFOpenFile"), which
            // --static-swift-stdlib would add for the whole package; named here for this target.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld",
                                           "-lFoundationInternationalization", "-l_FoundationICU", "-lCoreFoundation",
                                           "-l_FoundationCollections", "-lFoundationEssentials", "-l_FoundationCShims"],
                                          .when(configuration: .release))]
        ),
        // Helpers shared by the test targets: the seeded generator the fuzzers draw from, and a
        // process runner that spawns children (tmux, the binary) with the signals a shell gives them.
        .target(name: "MemorizeTestSupport", dependencies: ["Memorize"], path: "Tests/Support"),
        .testTarget(name: "MemorizeTests", dependencies: ["Memorize", "MemorizeTestSupport"]),
        .testTarget(name: "ThemeCodegenTests", dependencies: ["ThemeCodegen", "ThemeFormat", "Memorize", "MemorizeTestSupport"]),
        .testTarget(name: "MemorizeStoreTests", dependencies: ["MemorizeStore", "Memorize", "Primitives", "TerminalUI", "MemorizeTestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "MemorizeTestSupport"]),
        // Golden/ holds key scripts and expected screens, read from the source tree by path.
        .testTarget(name: "MemorizeAppTests", dependencies: ["MemorizeApp", "Memorize", "MemorizeStore", "TerminalUI", "MemorizeTestSupport"],
                    exclude: ["Golden"]),
        // Drives the real binary in tmux; needs the executable built first (see README).
        // Drives memorize-tui-server with OpenSSH's ssh in tmux and with paramiko (Clients/*.py).
        .testTarget(name: "ServerTests", dependencies: ["MemorizeServer", "MemorizeTestSupport"], exclude: ["Clients"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MemorizeApp", "Memorize", "MemorizeStore", "TerminalUI", "MemorizeTestSupport"]),
    ],
    // Swift 6 language mode: data races are compile errors. No global mutable state is left
    // unchecked: the screen registry, the clocks and the test counters are behind Mutex, the
    // atexit registration is a lazy let, ncurses gets its own FILE streams (not the C library's
    // stdout/stdin globals). The run loop, views and screens are not Sendable and never leave
    // the thread that made them, which the compiler checks. The one @unchecked Sendable,
    // NcursesScreen.WeakScreen, is only touched under its Mutex (a weak reference is not Sendable).
    // C state (signal flags, the self-pipe) lives in CTerminalGuard, where handlers touch only
    // sig_atomic_t and async-signal-safe calls.
    swiftLanguageModes: [.v6]
)
