// `duo`: the desktop program (the commands live in DuoCommandLine). This
// file only registers the engine's own games, each from its desktop module:
// the one place the engine's programs name them (with DuoGames for the
// headless ones).
import BroadsideDesktop
import DuoCommandLine
import DuoDesktop
import DuoSupport
import MiniGolfDesktop

DuoCommand.main(games: [.broadside, .miniGolf], version: EngineVersion.current)
