/// The window's flag help, shared by `duo --help` and the subcommands that take the same flags.
enum WindowHelp {
    static let deviceFlags = DeviceStateFlags.help
    static func gameFlags(games: DesktopGames) -> String { GameFlags.help(games: games) }
    static let networkFlags = NetworkFlags.help
}
