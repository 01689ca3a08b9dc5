/// The window's flag help, shared by `duo --help` and the subcommands that take the same flags.
enum WindowHelp {
    static let deviceFlags = DeviceStateFlags.help
    static let gameFlags = GameFlags.help
    static let networkFlags = NetworkFlags.help
}
