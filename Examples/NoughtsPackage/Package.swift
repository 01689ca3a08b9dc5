// swift-tools-version: 6.0
// Noughts: a game in its own package, on the Duo tabletop engine. It edits
// no file of the engine: it depends on the engine's library products and
// runs the engine's commands from its own executables with its game
// registered (docs/GETTING_STARTED.md builds this package step by step).
import PackageDescription

let package = Package(
    name: "NoughtsPackage",
    dependencies: [
        // The engine, by path (a game of its own would use `.package(url: ..., from: ...)`).
        .package(name: "DuoTabletop", path: "../..")
    ],
    targets: [
        // The rules, bots and HUD: no SDL, so the headless commands link them.
        .target(name: "Noughts", dependencies: [.product(name: "TabletopEngine", package: "DuoTabletop")]),
        // The desktop front end: the table the window plays, and its registration.
        .target(
            name: "NoughtsDesktop",
            dependencies: [
                "Noughts",
                .product(name: "DuoDesktop", package: "DuoTabletop"),
                .product(name: "TabletopEngine", package: "DuoTabletop"),
            ]),
        // `noughts`: the engine's `duo` commands (window, screenshot, lint, inspect) with Noughts registered.
        .executableTarget(
            name: "noughts",
            dependencies: [
                "NoughtsDesktop",
                .product(name: "DuoCommandLine", package: "DuoTabletop"),
                .product(name: "DuoDesktop", package: "DuoTabletop"),
            ]),
        // `noughts-server`: the engine's `duo-server` commands (match, replay, serve, load) with Noughts registered.
        .executableTarget(
            name: "noughts-server",
            dependencies: [
                "Noughts",
                .product(name: "DuoServerCommandLine", package: "DuoTabletop"),
            ]),
        .testTarget(
            name: "NoughtsTests",
            dependencies: [
                "Noughts", "NoughtsDesktop", .product(name: "TabletopEngine", package: "DuoTabletop"),
                .product(name: "DuoDesktop", package: "DuoTabletop"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
