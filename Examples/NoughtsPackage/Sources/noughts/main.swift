// `noughts`: the engine's desktop commands (the window, screenshot, lint,
// inspect) with Noughts registered, as `duo` runs them with the engine's games.
import DuoCommandLine
import DuoDesktop
import NoughtsDesktop

DuoCommand.main(games: [.noughts])
