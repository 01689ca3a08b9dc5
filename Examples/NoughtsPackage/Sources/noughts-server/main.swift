// `noughts-server`: the engine's headless commands (match, merge, replay,
// serve, load) with Noughts registered, as `duo-server` runs them with the engine's games.
import DuoServerCommandLine
import Noughts

DuoServerCommand.main(games: [Noughts.catalogEntry])
