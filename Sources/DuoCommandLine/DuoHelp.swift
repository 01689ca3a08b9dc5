import DuoArguments
import DuoDesktop

/// The top-level `duo --help` text, which is the window's declaration: the subcommands, the window's flags and its hotkeys.
enum DuoHelp {
    static let regions: Option<Bool> = .flag("regions", help: "start with the reserved regions overlay on")
    static let showFPS: Option<Bool> = .flag(
        "show-fps", help: "start with the frame timing readout on (frames per second, whole frame time; F3)")
    static let maxFPS: Option<Int> = .integer(
        "max-fps", in: 1...240, default: 60, help: "draw at most N frames a second (fewer leave the CPU to other work)")

    /// `duo` with no subcommand, declared: every flag of the window, and the help around them.
    static func command(games: DesktopGames) -> CommandSpec {
        CommandSpec(
            DuoCommand.tool, acceptsPositionals: true,
            sections: [
                .text(
                    """
                    \(DuoCommand.tool): the Duo tabletop engine's desktop program.

                    Usage:
                      \(DuoCommand.tool) [options]             open the window (the simulated foldable and the game)
                      \(DuoCommand.tool) inspect [options]     print a device state and its reserved regions as JSON
                      \(DuoCommand.tool) screenshot [options]  render a frame offscreen (no display needed) to a PNG file
                      \(DuoCommand.tool) lint [options]        check the games' HUD layouts and every text drawn in whole matches
                      \(DuoCommand.tool) filmstrip [options]   render a replay as one contact sheet, a frame per move, to a PNG file
                      \(DuoCommand.tool) --help                show this help
                      \(DuoCommand.tool) --version             print the version

                    Run '\(DuoCommand.tool) COMMAND --help' (inspect, screenshot, lint, filmstrip) for their options.
                    """),
                .options("Window options (device state, as for '\(DuoCommand.tool) inspect'):", DeviceStateFlags.specs),
                .options(
                    "Window options (game and view):",
                    GameFlags.specs(games: games) + [regions.spec, showFPS.spec, maxFPS.spec, PhotoFolderFlag.photos.spec]),
                .options("Networked play (docs/DESKTOP.md, \"Networked play\"):", NetworkFlags.specs),
                .options("Replays in the window (docs/DESKTOP.md, \"Replays in the window\"):", ReplayFlags.specs + [OptionSpec.helpFlag]),
                .deferred {
                    "Hotkeys in the window (also on screen with H or F1):\n" + Hotkeys.helpText(games: games.entries.map { ($0.title, $0.hotkeys) })
                },
                .list(
                    "Examples:",
                    [
                        "\(DuoCommand.tool)                              play \(games.defaultEntry.title) against its \(games.defaultEntry.defaultBot) bot, "
                            + "device in tabletop",
                        "\(DuoCommand.tool) --posture book --seed 7",
                        "\(DuoCommand.tool) --pass-and-play              two people on one device",
                        "\(DuoCommand.tool) --game NAME                  play another game: \(games.names.joined(separator: ", "))",
                        "\(DuoCommand.tool) --connect 127.0.0.1:7447 --create          host a match; the window shows the code",
                        "\(DuoCommand.tool) --connect 127.0.0.1:7447 --join K7QF2M     take the other seat",
                        "\(DuoCommand.tool) --resume ~/.local/state/\(DuoCommand.tool)/tickets/K7QF2M-seat1.json",
                        "\(DuoCommand.tool) --replay match-000000.jsonl --seat 1 --move 20",
                        "xvfb-run -a \(DuoCommand.tool)                  on a machine with no display",
                    ]),
            ])
    }
}
