/// Where the desktop session's game is played, behind the table it shows:
/// a match held here (``LocalGame``) or one held by a server
/// (``NetworkGame``, which also talks to the server). The session hands it
/// the person's input and the time; it hands back the table to draw.
/// Main-thread objects: the window's loop drives them, one call at a time.
public protocol DesktopGame: AnyObject {
    /// The table to draw now.
    var table: any DesktopTable { get }
    /// A few words for the window's status line (the connection), or nil.
    var statusNote: String? { get }
    /// Does what an input asks.
    func handle(_ input: TableInput)
    /// Lets time pass; a networked game also exchanges messages with its server here.
    func advance(by seconds: Double)
    /// Lets go of what the game holds outside the process (a connection).
    func close()
}

/// A match played here, in the process: a ``BroadsideTable`` and nothing else.
public final class LocalGame: DesktopGame {
    /// The match at the table.
    public private(set) var broadside: BroadsideTable

    /// A local game playing `table`.
    public init(_ table: BroadsideTable) {
        broadside = table
    }

    /// The table to draw now.
    public var table: any DesktopTable { broadside }
    /// A local game has nothing to say on the status line.
    public var statusNote: String? { nil }

    /// Does what an input asks.
    public func handle(_ input: TableInput) {
        broadside.handle(input)
    }

    /// Lets time pass: banners fade, the bot moves.
    public func advance(by seconds: Double) {
        broadside.advance(by: seconds)
    }

    /// Plays `turns` turns with bots on both seats (see ``BroadsideTable/playDemoTurns(_:)``).
    public func playDemoTurns(_ turns: Int) {
        broadside.playDemoTurns(turns)
    }

    /// Nothing to let go of.
    public func close() {}
}
