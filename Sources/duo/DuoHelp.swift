/// The top-level `duo --help` text: the subcommands.
enum DuoHelp {
    static let text = """
    duo: the Duo tabletop engine's desktop program.

    Usage:
      duo [options]          open the window (the simulated foldable and the game)
      duo inspect [options]  print a device state and its reserved regions as JSON
      duo --help             show this help

    Run 'duo inspect --help' for the inspect options.

    """
}
