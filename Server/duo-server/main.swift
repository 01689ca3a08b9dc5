// duo-server: headless matches, shard merging, replay checks, hosting and
// load tests (the commands live in DuoServerCommandLine). This file only
// registers the engine's own games: the standard catalog of DuoGames.
import DuoGames
import DuoServerCommandLine
import DuoSupport
import TabletopEngine

DuoServerCommand.main(games: GameCatalog.standard.entries, version: EngineVersion.current)
