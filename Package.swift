// swift-tools-version: 6.0
// The Duo tabletop engine: a simulated foldable device, a game-agnostic
// engine core, a flagship game, an SDL2 desktop front end and a headless
// server. Only the toolchain's own modules and Debian's C libraries are used.
import PackageDescription

let package = Package(
    name: "DuoTabletop",
    products: [
        .executable(name: "duo", targets: ["duo"]),
        .executable(name: "duo-server", targets: ["duo-server"]),
        .executable(name: "duo-bench", targets: ["duo-bench"]),
        .library(name: "DuoPlatform", targets: ["DuoPlatform"]),
        .library(name: "TabletopEngine", targets: ["TabletopEngine"]),
    ],
    targets: [
        // SDL2 and SDL2_ttf from Debian, through pkg-config.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]
        ),
        // Command-line parsing shared by every executable.
        .target(name: "DuoArguments"),
        // The simulated foldable device: pure Swift, no SDL.
        .target(name: "DuoPlatform"),
        // Game-agnostic core: game protocol, seats, RNG, bots, matches, replays, HUD layout.
        .target(name: "TabletopEngine", dependencies: ["DuoPlatform"]),
        // The flagship game: rules, bots, HUD.
        .target(name: "Broadside", dependencies: ["TabletopEngine", "DuoPlatform"]),
        // The catalog of every game the programs know (`--game NAME`): the one
        // place that lists the games, so the engine and the runners name none.
        .target(name: "DuoGames", dependencies: ["DuoPlatform", "TabletopEngine", "Broadside", "MiniGolf"]),
        // The SDL2 desktop front end; it plays networked matches through DuoServerKit's MatchClient.
        .target(name: "DuoDesktop", dependencies: ["CSDL2", "DuoPlatform", "TabletopEngine", "Broadside", "DuoServerKit", "DuoNet"]),
        .executableTarget(
            name: "duo",
            dependencies: ["DuoArguments", "DuoPlatform", "TabletopEngine", "Broadside", "DuoDesktop", "MiniGolf", "MiniGolfDesktop",
                           "DuoServerKit", "DuoNet"]
        ),
        // Headless server: no rendering code anywhere below Server/.
        // epoll and eventfd from the C library (the Glibc module omits them).
        .systemLibrary(name: "CEpoll", path: "Server/CEpoll"),
        .target(name: "DuoNet", dependencies: ["CEpoll"], path: "Server/DuoNet"),
        .target(
            name: "DuoServerKit",
            dependencies: ["DuoNet", "TabletopEngine", "Broadside"],
            path: "Server/DuoServerKit"
        ),
        .executableTarget(
            name: "duo-server",
            dependencies: ["DuoArguments", "DuoServerKit", "TabletopEngine", "Broadside", "DuoGames", "DuoPlatform"],
            path: "Server/duo-server"
        ),
        .executableTarget(
            name: "duo-bench",
            dependencies: ["DuoArguments", "DuoPlatform", "TabletopEngine", "Broadside", "DuoDesktop", "DuoServerKit", "DuoGames", "MiniGolf"],
            path: "Benchmarks/duo-bench"
        ),
        // Helpers shared by the test targets (finding and running built executables).
        .target(name: "DuoTestSupport", path: "Tests/DuoTestSupport"),

        .testTarget(name: "DuoArgumentsTests", dependencies: ["DuoArguments"]),
        .testTarget(name: "DuoPlatformTests", dependencies: ["DuoPlatform"]),
        .testTarget(name: "TabletopEngineTests", dependencies: ["TabletopEngine", "DuoPlatform"]),
        .testTarget(name: "BroadsideTests", dependencies: ["Broadside", "TabletopEngine"]),
        .testTarget(name: "DuoDesktopTests", dependencies: ["DuoDesktop", "DuoPlatform", "Broadside", "TabletopEngine", "DuoTestSupport",
                                                            "DuoServerKit", "DuoNet"]),
        .testTarget(name: "DuoServerTests", dependencies: ["DuoServerKit", "DuoNet", "Broadside", "TabletopEngine"]),
        // End-to-end: run the real executables as a user would.
        // (DuoServerKit: its protocol schemas check every line the real server sends.)
        .testTarget(name: "EndToEndTests", dependencies: ["DuoTestSupport", "DuoServerKit", "duo", "duo-server"]),

        // The second game (issue 7): two-player mini golf with integer physics.
        .target(name: "MiniGolf", dependencies: ["TabletopEngine", "DuoPlatform"]),
        .testTarget(name: "MiniGolfTests", dependencies: ["MiniGolf", "TabletopEngine", "DuoPlatform"]),
        // Mini golf's desktop front end: its painter and its DesktopGame conformance.
        .target(name: "MiniGolfDesktop", dependencies: ["MiniGolf", "DuoDesktop", "DuoPlatform", "TabletopEngine"]),
        .testTarget(name: "MiniGolfDesktopTests", dependencies: ["MiniGolfDesktop", "MiniGolf", "DuoDesktop", "DuoPlatform", "TabletopEngine"]),

        // Examples (issue 7): one small program per feature, each under 200
        // lines, run and checked by ExamplesTests so they never rot.
        .executableTarget(name: "ExampleRegions", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop"], path: "Examples/Regions"),
        .executableTarget(name: "ExampleArrangements", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop"], path: "Examples/Arrangements"),
        .executableTarget(name: "ExampleHingeEffect", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop"], path: "Examples/HingeEffect"),
        .executableTarget(name: "ExampleHUD", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop", "TabletopEngine"], path: "Examples/FoldAwareHUD"),
        .executableTarget(name: "ExampleTicTacToe", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop", "TabletopEngine"], path: "Examples/TicTacToe"),
        .executableTarget(name: "ExampleServerClient", dependencies: ["DuoArguments", "DuoPlatform", "DuoDesktop"], path: "Examples/ServerClient"),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["DuoTestSupport", "ExampleRegions", "ExampleArrangements", "ExampleHingeEffect", "ExampleHUD", "ExampleTicTacToe",
                           "ExampleServerClient", "duo-server"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
