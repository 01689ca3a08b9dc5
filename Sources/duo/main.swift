import DuoArguments
CommandExit.failure("not built yet", tool: "duo")
