import DuoNet
import Foundation
import Testing

/// A handler for the embedded loop that echoes lines, closes on `bye`, and
/// records every event with the clock's time when it came.
private final class RecordingEcho: ConnectionHandler {
    unowned let loop: EmbeddedEventLoop
    var events: [String] = []

    init(loop: EmbeddedEventLoop) { self.loop = loop }

    func connectionOpened(_ connection: ConnectionID, peer: SocketAddress?) { events.append("open \(connection)") }

    func connection(_ connection: ConnectionID, received line: [UInt8]) {
        let text = String(decoding: line, as: UTF8.self)
        if text == "bye" {
            loop.send("goodbye", to: connection)
            loop.close(connection)
            events.append("bye sent \(connection)")
        } else {
            loop.send("echo:" + text, to: connection)
        }
    }

    func connection(_ connection: ConnectionID, framingFailed error: FramingError) {
        events.append("framing \(connection)")
        loop.send("error:\(error)", to: connection)
    }

    func connectionClosed(_ connection: ConnectionID, reason: CloseReason) { events.append("closed \(connection) \(reason)") }

    func refusalLine(for reason: RefusalReason, peer: SocketAddress?) -> [UInt8]? { Array("refused:\(reason)".utf8) }
}

/// The embedded loop keeps the rules a server can see on a socket loop,
/// with nothing but the test's thread and a manual clock.
@Suite struct EmbeddedEventLoopTests {
    private func echoLoop(_ limits: ConnectionLimits = ConnectionLimits(), accepting: Bool = true)
        throws -> (EmbeddedEventLoop, RecordingEcho, Listener)
    {
        let loop = EmbeddedEventLoop(limits: limits)
        let handler = RecordingEcho(loop: loop)
        let listener = try loop.listen(on: .loopback(port: 0), handler: handler, accepting: accepting)
        return (loop, handler, listener)
    }

    @Test func linesWrittenReachTheHandlerOnTheNextRunAndTheAnswersAreRead() throws {
        let (loop, handler, listener) = try echoLoop()
        let client = loop.connect(to: listener.address)
        #expect(handler.events == ["open \(client.id)"])
        try client.write("one")
        try client.write(bytes: Array("tw".utf8))
        #expect(handler.events.count == 1, "nothing is read before the loop runs")
        try client.write(bytes: Array("o\nthree\n".utf8))
        #expect(try client.readLine() == "echo:one")
        #expect(try client.readLine() == "echo:two")
        #expect(try client.readLine() == "echo:three")
        #expect(try client.readLine() == nil)
    }

    @Test func timersFireInDeadlineOrderEachAtItsOwnTime() throws {
        let loop = EmbeddedEventLoop()
        var fired: [String] = []
        let start = loop.clock.now
        loop.schedule(after: .seconds(30)) { fired.append("30s at \(start.duration(to: loop.clock.now))") }
        loop.schedule(after: .seconds(10)) {
            fired.append("10s at \(start.duration(to: loop.clock.now))")
            // A timer set by a timer, due within the same advance, fires in it too.
            loop.schedule(after: .seconds(5)) { fired.append("15s at \(start.duration(to: loop.clock.now))") }
        }
        let cancelled = loop.schedule(after: .seconds(20)) { fired.append("20s") }
        loop.cancel(cancelled)
        loop.advance(by: .seconds(9))
        #expect(fired.isEmpty)
        loop.advance(by: .seconds(25))
        #expect(fired == ["10s at 10.0 seconds", "15s at 15.0 seconds", "30s at 30.0 seconds"])
        #expect(start.duration(to: loop.clock.now) == .seconds(34))
    }

    @Test func aListenerThatDoesNotAcceptYetKeepsConnectionsInItsBacklog() throws {
        let (loop, handler, listener) = try echoLoop(accepting: false)
        let client = loop.connect(to: listener.address)
        try client.write("early")
        #expect(try client.readLine() == nil)
        #expect(handler.events.isEmpty)
        loop.startAccepting(listener)
        #expect(handler.events == ["open \(client.id)"])
        #expect(try client.readLine() == "echo:early")
    }

    @Test func connectingWhereNothingListensFails() throws {
        let loop = EmbeddedEventLoop()
        let client = loop.connect(to: .loopback(port: 9))
        #expect(client.closeReason == .connectFailed(ECONNREFUSED))
        #expect(throws: LineSocketError.closed) { try client.write("hello") }
    }

    @Test func overLongLineGetsAFramingErrorAndTheConnectionGoesOn() throws {
        let (loop, handler, listener) = try echoLoop(ConnectionLimits(maxLineBytes: 1024))
        let client = loop.connect(to: listener.address)
        try client.write(bytes: [UInt8](repeating: 0x78, count: 5000) + [0x0A])
        #expect(try client.readLine() == "error:line longer than 1024 bytes")
        try client.write("still here")
        #expect(try client.readLine() == "echo:still here")
        #expect(handler.events.filter { $0.hasPrefix("framing") }.count == 1)
    }

    @Test func connectionsPerAddressAreCappedWithARefusalLine() throws {
        let (loop, _, listener) = try echoLoop(ConnectionLimits(maxConnectionsPerAddress: 2))
        let host = try SocketAddress(host: "127.0.0.9", port: 0)
        let first = loop.connect(to: listener.address, from: host)
        let second = loop.connect(to: listener.address, from: host)
        let third = loop.connect(to: listener.address, from: host)
        #expect(try third.readLine() == "refused:tooManyFromAddress")
        #expect(throws: LineSocketError.closed) { try third.readLine() }
        #expect(!first.isClosed && !second.isClosed && loop.connectionCount == 2)
        // Another address has its own allowance; a closed connection gives its slot back.
        #expect(!loop.connect(to: listener.address).isClosed)
        first.close()
        loop.run()
        #expect(!loop.connect(to: listener.address, from: host).isClosed)
    }

    @Test func aPeerThatDoesNotReadIsDroppedAsASlowReader() throws {
        let (loop, handler, listener) = try echoLoop(ConnectionLimits(maxQueuedBytes: 1024))
        let client = loop.connect(to: listener.address)
        let line = String(repeating: "a", count: 100)
        var sent = 0
        while loop.send(line, to: client.id) { sent += 1 }
        #expect(sent == 10, "ten lines of 101 bytes fit in 1 KiB, an eleventh does not")
        #expect(client.closeReason == .slowReader)
        #expect(handler.events.last == "closed \(client.id) \(CloseReason.slowReader)")
        // What was sent before the drop is still there to read.
        for _ in 0..<sent { #expect(try client.readLine() == line) }
        #expect(throws: LineSocketError.closed) { try client.readLine() }
    }

    @Test func closeAfterASendEndsTheConnectionWhenTheRoundIsOver() throws {
        let (loop, handler, listener) = try echoLoop()
        let client = loop.connect(to: listener.address)
        try client.write("bye")
        try client.write("ignored: the connection is closing")
        loop.run()
        // The close came after the rest of the round, and nothing after `bye` was read.
        #expect(handler.events == ["open \(client.id)", "bye sent \(client.id)", "closed \(client.id) closed"])
        #expect(try client.readLine() == "goodbye")
        #expect(throws: LineSocketError.closed) { try client.readLine() }
    }

    @Test func aPeerCloseComesAfterWhatItWroteAndIsReportedOnce() throws {
        let (loop, handler, listener) = try echoLoop()
        let client = loop.connect(to: listener.address)
        try client.write("last words")
        client.close()
        loop.run()
        loop.run()
        #expect(handler.events == ["open \(client.id)", "closed \(client.id) closed by peer"])
        #expect(try client.readLine() == "echo:last words")
    }

    @Test func stopClosesEveryConnectionAtTheNextRun() throws {
        let (loop, handler, listener) = try echoLoop()
        let clients = [loop.connect(to: listener.address), loop.connect(to: listener.address)]
        loop.stop()
        #expect(loop.connectionCount == 2)
        loop.run()
        #expect(clients.allSatisfy { $0.closeReason == .loopStopped })
        #expect(handler.events.filter { $0.hasSuffix("server stopped") }.count == 2)
        #expect(loop.connect(to: listener.address).closeReason == .connectFailed(ECONNREFUSED), "the listener is gone")
    }

    @Test func tasksPostedFromAnotherThreadRunOnTheNextRunOnTheLoopsThread() throws {
        let loop = EmbeddedEventLoop()
        let recorder = EventRecorder()
        let posted = DispatchSemaphore(value: 0)
        let thread = Thread {
            recorder.record("other thread in loop: \(loop.inEventLoop)")
            loop.execute { recorder.record("task in loop: \(loop.inEventLoop)") }
            posted.signal()
        }
        thread.start()
        posted.wait()
        #expect(recorder.all == ["other thread in loop: false"])
        loop.run()
        #expect(recorder.all == ["other thread in loop: false", "task in loop: true"])
    }
}

/// A handler that tells every other connection when one closes (as a match
/// server tells the other seat), for the rules of a round's writes.
private final class Announcer: ConnectionHandler {
    unowned let loop: EmbeddedEventLoop
    var open: [ConnectionID] = []
    var closed: [ConnectionID] = []

    init(loop: EmbeddedEventLoop) { self.loop = loop }

    func connectionOpened(_ connection: ConnectionID, peer: SocketAddress?) { open.append(connection) }
    func connection(_ connection: ConnectionID, received line: [UInt8]) {
        // `all` sends the line to every connection, in the order they opened.
        for other in open { loop.send(line, to: other) }
    }
    func connection(_ connection: ConnectionID, framingFailed error: FramingError) {}
    func connectionClosed(_ connection: ConnectionID, reason: CloseReason) {
        closed.append(connection)
        open.removeAll { $0 == connection }
        for other in open { loop.send("gone \(connection)", to: other) }
    }
}

/// Connections with a socket buffer are written as sockets are: at the end
/// of the round, as far as the peer has room.
@Suite struct BufferedEmbeddedConnectionTests {
    private func announcer(_ limits: ConnectionLimits = ConnectionLimits()) throws -> (EmbeddedEventLoop, Announcer, Listener) {
        let loop = EmbeddedEventLoop(limits: limits)
        let handler = Announcer(loop: loop)
        let listener = try loop.listen(on: .loopback(port: 0), handler: handler, accepting: true)
        return (loop, handler, listener)
    }

    private func buffered(_ loop: EmbeddedEventLoop, _ listener: Listener, _ bytes: Int) -> EmbeddedConnection {
        let connection = loop.connect(to: listener.address)
        connection.socketBuffer = bytes
        return connection
    }

    @Test func whatAPeerHasNoRoomForWaitsUntilItReads() throws {
        let (loop, _, listener) = try announcer()
        let reader = buffered(loop, listener, 16)
        try reader.write(String(repeating: "x", count: 40))
        loop.run()
        // 16 of the 41 bytes are in the peer's buffer; the rest waits at the loop.
        #expect(loop.queuedByteCount(reader.id) == 25)
        #expect(reader.takeLine() == nil)
        #expect(loop.unflushedConnections.isEmpty, "what waits, waits for room, not for a wake-up")
        var line: [UInt8]?
        for _ in 0..<4 where line == nil {
            loop.run()
            line = reader.takeLine()
        }
        #expect(line.map { String(decoding: $0, as: UTF8.self) } == String(repeating: "x", count: 40))
        #expect(loop.queuedByteCount(reader.id) == 0)
    }

    @Test func aPeerThatDoesNotReadIsDroppedOnceTheLoopsQueuePassesTheCap() throws {
        let (loop, handler, listener) = try announcer(ConnectionLimits(maxQueuedBytes: 200))
        let sleeper = buffered(loop, listener, 10)
        let talker = buffered(loop, listener, 4096)
        // Two lines a round: the talker's buffer takes them, the sleeper's queue grows.
        for _ in 0..<5 {
            for _ in 0..<2 { try talker.write(String(repeating: "y", count: 30)) }
            loop.run()
        }
        #expect(sleeper.closeReason == .slowReader)
        #expect(handler.closed == [sleeper.id])
        #expect(!talker.isClosed)
    }

    /// A write that fails in a round's flush closes its connection; what
    /// the close handler sends to a connection written earlier in the same
    /// flush goes out in that flush too, not at the loop's next wake-up
    /// (which can be as late as its next timer): the stall the simulation found.
    @Test func aSendMadeByACloseDuringTheFlushIsWrittenInThatFlush() throws {
        let (loop, handler, listener) = try announcer()
        let first = buffered(loop, listener, 4096)
        let second = buffered(loop, listener, 4096)
        loop.run()
        // The second connection's reset reaches the loop in its next busy round, after its poll.
        second.reset(late: true)
        try first.write("all")
        loop.run()
        #expect(handler.closed == [second.id])
        #expect(loop.unflushedConnections.isEmpty)
        #expect(first.takeLine().map { String(decoding: $0, as: UTF8.self) } == "all")
        #expect(first.takeLine().map { String(decoding: $0, as: UTF8.self) } == "gone \(second.id)")
    }

    @Test func aCloseWithFlushEndsOnceTheOutputIsOutOrTheLingerIsOver() throws {
        let (loop, handler, listener) = try announcer(ConnectionLimits(closeLinger: .seconds(5)))
        let reader = buffered(loop, listener, 8)
        try reader.write("a long line to be written")
        loop.run()
        loop.close(reader.id, flush: true)
        loop.run()
        #expect(!reader.isClosed, "closing: the output still waits for room")
        loop.advance(by: .seconds(6))
        #expect(reader.closeReason == .closedLocally)
        #expect(handler.closed == [reader.id])
    }

    /// A closing connection whose peer hangs up before taking the rest ends
    /// at once, as a socket loop's does on `EPOLLHUP`, not at the linger's end.
    @Test func aClosingConnectionWhosePeerHangsUpEndsAtOnce() throws {
        let (loop, handler, listener) = try announcer(ConnectionLimits(closeLinger: .seconds(5)))
        let reader = buffered(loop, listener, 8)
        try reader.write("a long line to be written")
        loop.run()
        loop.close(reader.id, flush: true)
        loop.run()
        #expect(handler.closed.isEmpty, "closing: the output still waits for room")
        reader.close()
        loop.run()
        #expect(handler.closed == [reader.id])
        #expect(loop.connectionCount == 0)
    }
}
