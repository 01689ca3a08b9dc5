// swift-tools-version: 6.0
// The Duo tabletop engine: a simulated foldable device, a game-agnostic
// engine core, two games (each with its own desktop module), an SDL2 desktop
// front end that knows no game, a headless server and the commands as library
// entry points. Only the toolchain's own modules and Debian's C libraries are used.
import PackageDescription

let package = Package(
    name: "DuoTabletop",
    // What a game's own package depends on (docs/GETTING_STARTED.md): the
    // engine core, the desktop front end, hosting, and the `duo` and
    // `duo-server` commands as library entry points its `main.swift` runs
    // with its games registered.
    products: [
        .executable(name: "duo", targets: ["duo"]),
        .executable(name: "duo-server", targets: ["duo-server"]),
        .executable(name: "duo-server-launch", targets: ["duo-server-launch"]),
        .executable(name: "duo-bench", targets: ["duo-bench"]),
        .library(name: "DuoPlatform", targets: ["DuoSupport", "DuoPlatform"]),
        .library(name: "TabletopEngine", targets: ["DuoSupport", "DuoPlatform", "TabletopEngine"]),
        .library(name: "DuoDesktop", targets: ["DuoDesktop", "DuoClient"]),
        .library(name: "DuoServerKit", targets: ["DuoServerKit", "DuoClient"]),
        .library(name: "DuoCommandLine", targets: ["DuoCommandLine"]),
        .library(name: "DuoServerCommandLine", targets: ["DuoServerCommandLine"]),
    ],
    targets: [
        // SDL2, SDL2_ttf and SDL2_image from Debian (libsdl2-dev, libsdl2-ttf-dev, libsdl2-image-dev:
        // scripts/install-deps.sh). No pkg-config: the shim includes <SDL2/...> from the system's
        // include path and the module map links the libraries, while sdl2.pc's -D_REENTRANT (a flag
        // SwiftPM prohibits and drops) made every build of the engine, and of a game's package, warn.
        .systemLibrary(name: "CSDL2"),
        // Command-line parsing shared by every executable.
        .target(name: "DuoArguments", dependencies: ["DuoSupport"]),
        // Utilities every layer shares: the seeded generator and the strict data-file decoder.
        .target(name: "DuoSupport"),
        // The simulated foldable device: pure Swift, no SDL.
        .target(name: "DuoPlatform", dependencies: ["DuoSupport"]),
        // Game-agnostic core: game protocol, seats, RNG, bots, matches, replays, HUD layout.
        // It uses the device simulator only where the HUD lays out in a layout context (HUD/).
        .target(name: "TabletopEngine", dependencies: ["DuoSupport", "DuoPlatform"]),
        // The flagship game: rules, bots, HUD.
        .target(name: "Broadside", dependencies: ["TabletopEngine", "DuoPlatform", "DuoSupport"]),
        // The catalog of every game the programs know (`--game NAME`): the one
        // place that lists the games, so the engine and the runners name none.
        .target(name: "DuoGames", dependencies: ["DuoPlatform", "TabletopEngine", "Broadside", "MiniGolf"]),
        // The SDL2 desktop front end, knowing no game; it plays networked matches through DuoClient's MatchClient.
        .target(name: "DuoDesktop", dependencies: ["CSDL2", "CPixels", "DuoPlatform", "TabletopEngine", "DuoClient", "DuoNet"]),
        // The desktop's hot pixel loops, in C: SDL's software renderer's arithmetic, for drawing into memory (Canvas.drawsInMemory).
        .target(name: "CPixels"),
        // Broadside's desktop front end: its tables (local and networked), painter and news.
        .target(name: "BroadsideDesktop", dependencies: ["Broadside", "DuoDesktop", "DuoPlatform", "TabletopEngine", "DuoClient"]),
        // The `duo` commands as a library entry point (`DuoCommand.main(games:)`): the window, screenshot, lint, inspect.
        .target(
            name: "DuoCommandLine",
            dependencies: ["DuoArguments", "DuoSupport", "DuoPlatform", "TabletopEngine", "DuoDesktop", "DuoClient", "DuoNet"]),
        // The engine's own `duo`: the commands with the engine's games.
        .executableTarget(name: "duo", dependencies: ["DuoCommandLine", "DuoDesktop", "DuoSupport", "BroadsideDesktop", "MiniGolfDesktop"]),
        // Headless server: no rendering code anywhere below Server/.
        // epoll and eventfd from the C library (the Glibc module omits them).
        .systemLibrary(name: "CEpoll", path: "Server/CEpoll"),
        .target(name: "DuoNet", dependencies: ["CEpoll"], path: "Server/DuoNet"),
        // The protocol's messages as a client reads and writes them, and the client: what both the server and a window use.
        .target(name: "DuoClient", dependencies: ["DuoNet", "TabletopEngine"], path: "Server/DuoClient"),
        // Hosting: the match server, its storage and its side of the protocol.
        .target(
            name: "DuoServerKit",
            dependencies: ["DuoNet", "DuoClient", "TabletopEngine", "DuoSupport"],
            path: "Server/DuoServerKit"
        ),
        // The load tester (`duo-server load`): many bot clients against a server.
        .target(name: "DuoLoadTest", dependencies: ["DuoClient", "DuoNet", "TabletopEngine"], path: "Server/DuoLoadTest"),
        // The first code `duo-server serve` runs (a `.preinit_array` function,
        // before the Swift runtime starts): it blocks SIGTERM and SIGINT.
        .target(name: "CServerStart", path: "Server/CServerStart"),
        // The `duo-server` commands as a library entry point (`DuoServerCommand.main(games:)`).
        .target(
            name: "DuoServerCommandLine",
            dependencies: [
                "DuoArguments", "DuoServerKit", "DuoClient", "DuoLoadTest", "DuoNet", "TabletopEngine", "DuoPlatform", "DuoSupport", "CServerStart",
            ],
            path: "Server/DuoServerCommandLine"
        ),
        // The engine's own `duo-server`: the commands with the engine's games.
        .executableTarget(
            name: "duo-server", dependencies: ["DuoServerCommandLine", "DuoGames", "DuoSupport", "TabletopEngine"], path: "Server/duo-server"),
        // The launcher that blocks SIGTERM and SIGINT for `serve`, then execs `duo-server`
        // beside it: the signals are blocked a fraction of a millisecond after exec, not
        // after the dynamic loader's several (docs/EXIT_STATUS.md). C, linked statically so
        // that no loader runs at all. Its unsafe flag is allowed in a package used by version
        // because no library product holds this target: a game's package never builds it.
        .executableTarget(
            name: "duo-server-launch", path: "Server/duo-server-launch", linkerSettings: [.unsafeFlags(["-static-executable"])]),
        // The plain C reference loop `duo-bench limit` runs beside the engine's (classic Broadside, random and hunt bots).
        .target(name: "CBroadsideLimit", path: "Benchmarks/CBroadsideLimit"),
        .executableTarget(
            name: "duo-bench",
            dependencies: [
                "CBroadsideLimit", "DuoArguments", "DuoSupport", "DuoPlatform", "TabletopEngine", "Broadside", "BroadsideDesktop", "DuoDesktop",
                "DuoServerKit", "DuoClient", "DuoNet", "DuoLoadTest", "DuoGames", "MiniGolf", "MiniGolfDesktop",
            ],
            path: "Benchmarks/duo-bench"
        ),
        // Helpers shared by the test targets (finding and running built executables, reading PNG files with SDL2_image).
        .target(name: "DuoTestSupport", dependencies: ["CSDL2"], path: "Tests/DuoTestSupport"),

        .testTarget(name: "DuoArgumentsTests", dependencies: ["DuoArguments"]),
        .testTarget(name: "DuoPlatformTests", dependencies: ["DuoPlatform", "DuoSupport"]),
        .testTarget(name: "TabletopEngineTests", dependencies: ["TabletopEngine", "DuoPlatform", "DuoSupport", "DuoTestSupport"]),
        .testTarget(name: "BroadsideTests", dependencies: ["Broadside", "TabletopEngine", "DuoTestSupport"]),
        // The desktop's tests play Broadside as their sample game (and, for networked play, against a real MatchServer).
        .testTarget(
            name: "DuoDesktopTests",
            dependencies: [
                "DuoDesktop", "BroadsideDesktop", "MiniGolfDesktop", "MiniGolf", "DuoPlatform", "DuoSupport", "Broadside",
                "TabletopEngine", "DuoTestSupport", "DuoServerKit", "DuoClient", "DuoNet",
            ]),
        .testTarget(
            name: "DuoServerTests",
            dependencies: [
                "DuoServerKit", "DuoClient", "DuoLoadTest", "DuoNet", "Broadside", "TabletopEngine",
                "DuoTestSupport",
            ]),
        // End-to-end: run the real executables as a user would.
        // (DuoClient: its protocol schemas check every line the real server sends.)
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "DuoTestSupport", "DuoGames", "DuoClient", "TabletopEngine", "DuoArguments", "duo",
                "duo-server", "duo-server-launch", "duo-bench", "ExampleRegions", "ExampleArrangements", "ExampleHingeEffect",
                "ExampleHUD", "ExampleTicTacToe", "ExampleServerClient",
            ]),

        // The second game: two-player mini golf with integer physics (docs/MINIGOLF.md).
        .target(name: "MiniGolf", dependencies: ["TabletopEngine", "DuoPlatform", "DuoSupport"]),
        .testTarget(name: "MiniGolfTests", dependencies: ["MiniGolf", "TabletopEngine", "DuoPlatform", "DuoTestSupport"]),
        // Mini golf's desktop front end: its painter and its DesktopGame conformance.
        .target(name: "MiniGolfDesktop", dependencies: ["MiniGolf", "DuoDesktop", "DuoPlatform", "TabletopEngine", "DuoClient"]),
        .testTarget(
            name: "MiniGolfDesktopTests",
            dependencies: [
                "MiniGolfDesktop", "MiniGolf", "DuoDesktop", "DuoPlatform", "TabletopEngine",
                "DuoTestSupport",
            ]),

        // Examples: one small program per feature, each under 200
        // lines, run and checked by ExamplesTests so they never rot.
        .executableTarget(name: "ExampleRegions", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop"], path: "Examples/Regions"),
        .executableTarget(name: "ExampleArrangements", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop"], path: "Examples/Arrangements"),
        .executableTarget(name: "ExampleHingeEffect", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop"], path: "Examples/HingeEffect"),
        .executableTarget(
            name: "ExampleHUD", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop", "TabletopEngine"], path: "Examples/FoldAwareHUD"),
        .executableTarget(
            name: "ExampleTicTacToe", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop", "TabletopEngine"], path: "Examples/TicTacToe"),
        .executableTarget(name: "ExampleServerClient", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop"], path: "Examples/ServerClient"),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "DuoTestSupport", "ExampleRegions", "ExampleArrangements", "ExampleHingeEffect", "ExampleHUD", "ExampleTicTacToe",
                "ExampleServerClient", "duo-server",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
