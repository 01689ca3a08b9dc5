import DuoDesktop

/// The top-level `duo --help` text: the subcommands, the window's flags and its hotkeys.
enum DuoHelp {
    static func text(games: DesktopGames) -> String {
    """
    duo: the Duo tabletop engine's desktop program.

    Usage:
      duo [options]             open the window (the simulated foldable and the game)
      duo inspect [options]     print a device state and its reserved regions as JSON
      duo screenshot [options]  render a frame offscreen (no display needed) to a PNG file
      duo lint [options]        check the games' HUD layouts on every device situation
      duo --help                show this help

    Run 'duo inspect --help', 'duo screenshot --help' or 'duo lint --help' for their options.

    Window options (device state, as for 'duo inspect'):
    \(WindowHelp.deviceFlags)

    Window options (game and view):
    \(WindowHelp.gameFlags(games: games))
      --regions                start with the reserved regions overlay on
      --show-fps               start with the frame timing readout on (frames per second, whole frame time; F3)
      --photos DIR             folder for victory photos (default: the current directory)

    Networked play (docs/DESKTOP.md, "Networked play"):
    \(WindowHelp.networkFlags)

    Replays in the window (docs/DESKTOP.md, "Replays in the window"):
    \(ReplayFlags.help)

    Hotkeys in the window (also on screen with H or F1):
    \(Hotkeys.helpText(games: games.entries.map { ($0.title, $0.hotkeys) }))

    Examples:
      duo                              play \(games.defaultEntry.title) against its \(games.defaultEntry.defaultBot) bot, device in tabletop
      duo --posture book --seed 7
      duo --pass-and-play              two people on one device
      duo --game NAME                  play another game: \(games.names.joined(separator: ", "))
      duo --connect 127.0.0.1:7447 --create          host a match; the window shows the code
      duo --connect 127.0.0.1:7447 --join K7QF2M     take the other seat
      duo --resume ~/.local/state/duo/tickets/K7QF2M-seat1.json
      duo --replay match-000000.jsonl --seat 1 --move 20
      xvfb-run -a duo                  on a machine with no display

    """
    }
}
