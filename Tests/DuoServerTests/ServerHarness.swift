import Broadside
import DuoClient
import DuoNet
import DuoServerKit
import DuoTestSupport
import Foundation
import TabletopEngine
import Testing

/// A match server with a manual clock and a private data directory, for one
/// test: on an ``EmbeddedEventLoop`` driven by the test's own thread (the
/// default: in-memory connections, no sleeps), or with `sockets: true` a
/// ``DuoServer`` on loopback, for tests where the socket is the point.
final class TestServer {
    /// The server under test.
    enum Host {
        case sockets(DuoServer)
        case embedded(EmbeddedDuoServer)
    }

    static let catalog = GameCatalog([Broadside.catalogEntry])
    static let assets = PackageRoot.assets

    let directory: URL
    let clock = ManualClock()
    let logLines = EventRecorder()
    let turnTimeout: Duration?
    let idleTimeout: Duration?
    let limits: ConnectionLimits
    let configure: @Sendable (inout ServerConfiguration) -> Void
    /// Whether the server runs on real sockets.
    let usesSockets: Bool
    private(set) var host: Host

    /// - Parameters:
    ///   - sockets: serve on loopback sockets from a thread of the server's own, not on an embedded loop.
    ///   - inMemory: keep the data directory on tmpfs (`/dev/shm`) when there is one, for tests that fsync by the
    ///     thousand (an embedded server always does: its journal syncs are meant to cost nothing).
    ///   - configure: changes to the configuration beyond these parameters.
    init(
        turnTimeout: Duration? = .seconds(60), idleTimeout: Duration? = .seconds(600),
        limits: ConnectionLimits = ConnectionLimits(), directory: URL? = nil, sockets: Bool = false, inMemory: Bool = false,
        configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
        batchSync: JournalSyncPool.BatchSync? = nil
    ) throws {
        let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let base = (inMemory || !sockets) && access(shm.path, W_OK) == 0 ? shm : FileManager.default.temporaryDirectory
        self.directory = directory ?? base.appendingPathComponent("duo-server-test-\(UUID().uuidString)")
        self.turnTimeout = turnTimeout
        self.idleTimeout = idleTimeout
        self.limits = limits
        self.usesSockets = sockets
        precondition(batchSync == nil || sockets, "an embedded server's syncs are held with its journalSync, not a batch sync")
        // A test's own batch sync (holding syncs back) is one more configuration change.
        self.configure = { configuration in
            if let batchSync { configuration.batchSync = batchSync }
            configure(&configuration)
        }
        host = try Self.start(
            directory: self.directory, clock: clock, log: logLines, turnTimeout: turnTimeout, idleTimeout: idleTimeout,
            limits: limits, configure: self.configure, sockets: sockets)
    }

    private static func start(
        directory: URL, clock: ManualClock, log: EventRecorder, turnTimeout: Duration?,
        idleTimeout: Duration?, limits: ConnectionLimits,
        configure: (inout ServerConfiguration) -> Void, sockets: Bool, port: UInt16 = 0,
        waitForRecovery: Bool = true
    ) throws -> Host {
        var configuration = ServerConfiguration(catalog: catalog, assets: assets)
        configuration.address = .loopback(port: port)
        configuration.dataDirectory = directory
        configuration.clock = clock
        configuration.turnTimeout = turnTimeout
        configuration.idleTimeout = idleTimeout
        configuration.limits = limits
        configuration.syncThreads = 2
        configuration.log = ServerLog { log.record($0) }
        configure(&configuration)
        guard sockets else {
            return .embedded(try EmbeddedDuoServer(configuration: configuration, clock: clock, recovering: waitForRecovery))
        }
        let server = try DuoServer(configuration: configuration)
        server.start()
        if waitForRecovery { server.waitUntilRecovered() }
        return .sockets(server)
    }

    /// The server on sockets (a test made with `sockets: true`).
    var server: DuoServer {
        guard case .sockets(let server) = host else { preconditionFailure("this test server is embedded: it has no DuoServer") }
        return server
    }

    /// The server on the embedded loop (a test made without `sockets: true`).
    var embedded: EmbeddedDuoServer {
        guard case .embedded(let server) = host else { preconditionFailure("this test server runs on sockets") }
        return server
    }

    var address: SocketAddress {
        switch host {
        case .sockets(let server): server.address
        case .embedded(let server): server.address
        }
    }

    /// A new connection to the server, from `local` (nil: the system's choice).
    func connect(from local: SocketAddress? = nil, recordsTraffic: Bool = true) throws -> any TestConnection {
        switch host {
        case .sockets(let server):
            SocketConnection(try LineSocket(connectingTo: server.address, from: local, recordsTraffic: recordsTraffic))
        case .embedded(let server):
            MemoryConnection(server.connect(from: local), recordsTraffic: recordsTraffic)
        }
    }

    /// Moves the clock; an embedded server fires each timeout that falls due on the way, at its deadline.
    func advance(by duration: Duration) {
        switch host {
        case .sockets: clock.advance(by: duration)
        case .embedded(let server): server.advance(by: duration)
        }
    }

    /// What the server holds now (for an embedded server, once it has done all there is to do).
    func counts() -> ServerCounts {
        switch host {
        case .sockets(let server): server.counts()
        case .embedded(let server): server.counts
        }
    }

    /// Stops the server as a crash would: nobody is told, journals keep what was synced.
    func abandon() {
        switch host {
        case .sockets(let server):
            server.abandon()
            server.waitUntilStopped()
        case .embedded(let server):
            server.abandon()
        }
    }

    /// Begins a drain (as SIGTERM does); an embedded server runs it as far as it goes now.
    func beginDrain() {
        switch host {
        case .sockets(let server): server.drain()
        case .embedded(let server): server.drain()
        }
    }

    /// Waits for a drain to end; an embedded server must have ended it already.
    func waitUntilStopped() {
        switch host {
        case .sockets(let server): server.waitUntilStopped()
        case .embedded(let server):
            server.run()
            #expect(server.isStopped, "the embedded server has not stopped")
        }
    }

    private func restart(waitForRecovery: Bool = true) throws {
        host = try Self.start(
            directory: directory, clock: clock, log: logLines, turnTimeout: turnTimeout, idleTimeout: idleTimeout,
            limits: limits, configure: configure, sockets: usesSockets, waitForRecovery: waitForRecovery)
    }

    /// Stops the server as a crash would (no drain), then starts a new one on the same directory.
    func crashAndRestart() throws {
        abandon()
        try restart()
    }

    /// Like ``crashAndRestart()``, but returns as soon as the new server
    /// runs, while it may still be recovering its journals (an embedded one
    /// has not begun: the first connection's read runs it).
    func crashAndRestartWithoutWaiting() throws {
        abandon()
        try restart(waitForRecovery: false)
    }

    /// Drains the server as SIGTERM does, then starts a new one on the same directory.
    func drainAndRestart() throws {
        beginDrain()
        waitUntilStopped()
        try restart()
    }

    /// Descriptors of this process open on journals and replays of the
    /// data directory (deleted ones included), from `/proc/self/fd`; the
    /// directory's lock file, held while the server runs, is not counted.
    func descriptorsOnDataDirectory() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let roots = [journalsDirectory, replaysDirectory].flatMap { [$0.path, $0.resolvingSymlinksInPath().path] }
        return names.compactMap { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)") else { return nil }
            return roots.contains { target.hasPrefix($0 + "/") } ? target : nil
        }
    }

    func stop() {
        abandon()
        try? FileManager.default.removeItem(at: directory)
    }

    var journalsDirectory: URL { directory.appendingPathComponent("matches") }
    var replaysDirectory: URL { directory.appendingPathComponent("replays") }

    func journalLineCount(_ code: String) throws -> Int {
        try JournalFile.read(journalsDirectory.appendingPathComponent(code + ".jsonl")).lines.count
    }
}

/// The protocol's schemas (`Assets/schemas/`), which every line a test receives is held to.
enum TestSchemas {
    static let loaded = Result { try ProtocolSchemas(directory: TestServer.assets.appendingPathComponent("schemas")) }

    /// Records an issue for every way `line` breaks its schema.
    static func check(_ line: String, game: String?, sourceLocation: SourceLocation) {
        switch loaded {
        case .failure(let error):
            Issue.record("the schemas do not load: \(error)", sourceLocation: sourceLocation)
        case .success(let schemas):
            for problem in schemas.violations(ofServerLine: Array(line.utf8), game: game) {
                Issue.record("schema: \(problem) in \(line.prefix(300))", sourceLocation: sourceLocation)
            }
        }
    }
}

/// A client's end of a connection to a ``TestServer``: a loopback socket, or
/// an ``EmbeddedConnection``.
protocol TestConnection: AnyObject {
    /// Sends `line` and a newline.
    func send(_ line: String) throws
    /// Sends raw bytes.
    func sendRaw(_ bytes: [UInt8]) throws
    /// The next line; nil when none came within `timeout` (a socket) or
    /// once the loop had nothing left to do (in memory).
    /// - Throws: ``LineSocketError/closed`` once the server has closed the connection.
    func receiveLine(timeout: Duration) throws -> String?
    /// Every byte received so far.
    var receivedBytes: [UInt8] { get }
    /// Closes the client's end.
    func close()
}

extension TestConnection {
    /// The next line, waiting up to 10 s on a socket.
    func receiveLine() throws -> String? { try receiveLine(timeout: .seconds(10)) }
}

/// A loopback socket to a server on an ``EpollEventLoop``.
final class SocketConnection: TestConnection {
    let socket: LineSocket
    init(_ socket: LineSocket) { self.socket = socket }
    func send(_ line: String) throws { try socket.send(line) }
    func sendRaw(_ bytes: [UInt8]) throws { try socket.sendRaw(bytes) }
    func receiveLine(timeout: Duration) throws -> String? { try socket.receiveLine(timeout: timeout) }
    var receivedBytes: [UInt8] { socket.receivedBytes }
    func close() { socket.close() }
}

/// An in-memory connection to an ``EmbeddedDuoServer``: reading runs the
/// server's loop first; dropping it closes it, as dropping a socket does.
final class MemoryConnection: TestConnection {
    let connection: EmbeddedConnection
    init(_ connection: EmbeddedConnection, recordsTraffic: Bool) {
        self.connection = connection
        connection.recordsTraffic = recordsTraffic
    }
    deinit { connection.close() }
    func send(_ line: String) throws { try connection.write(line) }
    func sendRaw(_ bytes: [UInt8]) throws { try connection.write(bytes: bytes) }
    func receiveLine(timeout: Duration) throws -> String? { try connection.readLine() }
    var receivedBytes: [UInt8] { connection.receivedBytes }
    func close() { connection.close() }
}

/// A raw protocol client that keeps every byte it receives, and holds
/// every line to the protocol's schemas.
final class TestPlayer {
    let connection: any TestConnection
    private(set) var ticket: SeatTicket?
    /// The game of the connection's match, once seated or watching.
    private(set) var game: String?

    init(_ server: TestServer, hello: Bool = true, from local: SocketAddress? = nil, recordsTraffic: Bool = true) throws {
        connection = try server.connect(from: local, recordsTraffic: recordsTraffic)
        try greet(hello)
    }

    /// A client of a server on sockets at `address`.
    init(address: SocketAddress, hello: Bool = true, from local: SocketAddress? = nil, recordsTraffic: Bool = true) throws {
        connection = SocketConnection(try LineSocket(connectingTo: address, from: local, recordsTraffic: recordsTraffic))
        try greet(hello)
    }

    private func greet(_ hello: Bool) throws {
        if hello {
            try send(#"{"type":"hello","version":1,"client":"test"}"#)
            _ = try expect("welcome")
        }
    }

    func send(_ line: String) throws {
        try connection.send(line)
    }

    func sendMove(_ move: String) throws {
        try send(#"{"type":"move","move":\#(move)}"#)
    }

    /// The next message; a timeout or a closed connection fails the test.
    func receive(sourceLocation: SourceLocation = #_sourceLocation) throws -> ServerMessage {
        guard let line = try connection.receiveLine(timeout: .seconds(10)) else {
            Issue.record("no message (within 10 s on a socket; with nothing left to do in memory)", sourceLocation: sourceLocation)
            throw LineSocketError.timedOut
        }
        TestSchemas.check(line, game: game, sourceLocation: sourceLocation)
        let message = try ServerMessage(line: Array(line.utf8))
        if case .seated(_, let seatTicket, let name, _, _, _) = message {
            ticket = seatTicket
            game = name
        }
        if case .watching(_, let name, _, _) = message { game = name }
        return message
    }

    /// Reads messages until one of `type` arrives, returning it.
    @discardableResult
    func expect(_ type: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ServerMessage {
        while true {
            let message = try receive(sourceLocation: sourceLocation)
            if message.typeName == type { return message }
            if case .error(let error) = message {
                Issue.record("expected \(type), got error \(error)", sourceLocation: sourceLocation)
                throw error
            }
        }
    }

    /// The next message must be an error with `code`; returns it.
    @discardableResult
    func expectError(_ code: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProtocolError {
        let message = try receive(sourceLocation: sourceLocation)
        guard case .error(let error) = message else {
            Issue.record("expected error \(code), got \(message)", sourceLocation: sourceLocation)
            throw ProtocolError(code: "unexpected", message: "\(message)")
        }
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        return error
    }

    /// Waits for the next view of this player's seat (or the public view).
    func nextView(sourceLocation: SourceLocation = #_sourceLocation) throws -> ViewUpdate {
        guard case .view(let update) = try expect("view", sourceLocation: sourceLocation) else { fatalError() }
        return update
    }

    /// Asks for the legal moves and returns them.
    func legalMoves() throws -> [JSONValue] {
        try send(#"{"type":"legal"}"#)
        let message = try expect("legal")
        guard case .legal(let moves) = message else {
            Issue.record("expected legal, got \(message)")
            throw ProtocolError(code: "unexpected", message: "\(message)")
        }
        return moves
    }

    /// Every line received so far.
    var receivedLines: [String] {
        String(decoding: connection.receivedBytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

extension ServerMessage {
    /// The parts of a `created`, `joined` or `resumed` message, nil for any
    /// other message (for `try #require`, so a test cannot skip its checks).
    var seated: (kind: String, ticket: SeatTicket, game: String, variant: String, opponent: String?)? {
        if case .seated(let kind, let ticket, let game, let variant, _, let opponent) = self { return (kind, ticket, game, variant, opponent) }
        return nil
    }

    /// The ticket of a `created`, `joined` or `resumed` message.
    var seatTicket: SeatTicket? { seated?.ticket }

    /// The match code and result of an `ended` message, nil for any other.
    var ended: (code: String, result: MatchResult)? {
        if case .ended(let code, let result) = self { return (code, result) }
        return nil
    }

    /// The message's `type` as sent.
    var typeName: String {
        switch self {
        case .welcome: "welcome"
        case .seated(let kind, _, _, _, _, _): kind
        case .watching: "watching"
        case .view: "view"
        case .accepted: "accepted"
        case .opponent: "opponent"
        case .ended: "ended"
        case .legal: "legal"
        case .hint: "hint"
        case .pong: "pong"
        case .error: "error"
        }
    }
}

extension JSONValue {
    /// The compact JSON text.
    var text: String { String(decoding: serialized, as: UTF8.self) }
}
