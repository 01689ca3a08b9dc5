import DuoNet
import Foundation
import Testing

/// A handler that echoes lines, answers framing errors, and floods on request.
private final class EchoHandler: ConnectionHandler, @unchecked Sendable {
    // Safe: only the loop thread calls the handler.
    unowned let loop: EpollEventLoop
    let recorder: EventRecorder

    init(loop: EpollEventLoop, recorder: EventRecorder) {
        self.loop = loop
        self.recorder = recorder
    }

    func connectionOpened(_ connection: ConnectionID, peer: SocketAddress?) {
        recorder.record("open \(connection)")
    }

    func connection(_ connection: ConnectionID, received line: [UInt8]) {
        let text = String(decoding: line, as: UTF8.self)
        switch text {
        case let comment where comment.hasPrefix("#"): break  // not echoed: a burst's filler
        case "flood": flood(connection)
        case "bye":
            loop.send("goodbye", to: connection)
            loop.close(connection)
        default: loop.send("echo:" + text, to: connection)
        }
    }

    func connection(_ connection: ConnectionID, framingFailed error: FramingError) {
        recorder.record("framing \(connection)")
        loop.send("error:\(error)", to: connection)
    }

    func connectionClosed(_ connection: ConnectionID, reason: CloseReason) {
        recorder.record("closed \(connection) \(reason)")
    }

    func refusalLine(for reason: RefusalReason, peer: SocketAddress?) -> [UInt8]? {
        Array("refused:\(reason)".utf8)
    }

    /// Sends 1 KiB lines until the loop refuses one (the peer never reads).
    private func flood(_ connection: ConnectionID) {
        let line = [UInt8](repeating: 0x61, count: 1024)
        for _ in 0..<256 {
            guard loop.send(line, to: connection) else {
                recorder.record("flood stopped \(connection)")
                return
            }
        }
        // Yield to the loop so the socket drains into the kernel, then go on.
        loop.schedule(after: .zero) { [self] in flood(connection) }
    }
}

@Suite struct EventLoopTests {
    private func startEchoServer(limits: ConnectionLimits = ConnectionLimits(), clock: any LoopClock = SystemClock()) throws -> (
        LoopHarness, SocketAddress, EventRecorder
    ) {
        let harness = try LoopHarness(clock: clock, limits: limits)
        let recorder = EventRecorder()
        let handler = EchoHandler(loop: harness.loop, recorder: recorder)
        let listener = try harness.loop.listen(on: .loopback(port: 0), handler: handler)
        harness.start()
        return (harness, listener.address, recorder)
    }

    @Test func linesAreEchoedOnLoopback() throws {
        let (harness, address, _) = try startEchoServer()
        defer { harness.stop() }
        let client = try LineSocket(connectingTo: address)
        try client.send("one")
        try client.sendRaw(Array("tw".utf8))
        try client.sendRaw(Array("o\nthree\n".utf8))
        #expect(try client.receiveLine() == "echo:one")
        #expect(try client.receiveLine() == "echo:two")
        #expect(try client.receiveLine() == "echo:three")
    }

    @Test("the loop thread's CPU time is readable from another thread while it runs, and grows with work")
    func threadCPUTimeIsTheLoopThreads() throws {
        let harness = try LoopHarness()
        #expect(harness.loop.threadCPUTime == nil, "no thread runs it yet")
        harness.start()
        // A busy task on the loop: its thread's CPU time, not this one's, must grow by about that much.
        let done = DispatchSemaphore(value: 0)
        harness.loop.execute {
            // Spin until this thread itself has used 60 ms of CPU (wall time
            // would give less on a loaded machine).
            var start = timespec()
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            repeat {
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            } while (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec) < 60_000_000
            done.signal()
        }
        done.wait()
        let busy = try #require(harness.loop.threadCPUTime)
        #expect(busy >= .milliseconds(60), "\(busy)")
        Thread.sleep(forTimeInterval: 0.05)
        let idle = try #require(harness.loop.threadCPUTime)
        #expect(idle - busy < .milliseconds(20), "an idle loop waits in epoll: \(idle - busy)")
        harness.stop()
        #expect(harness.loop.threadCPUTime == nil, "its thread has left run()")
    }

    /// The loop reads a socket a bounded amount per round and is told of it
    /// only when it becomes readable again (edge-triggered): a burst longer
    /// than one round's read must still be read to its end, with nothing
    /// more arriving to wake the loop.
    @Test func aBurstLongerThanOneRoundsReadIsReadToItsEnd() throws {
        let (harness, address, _) = try startEchoServer()
        defer { harness.stop() }
        let client = try LineSocket(connectingTo: address)
        try client.send("hello")
        #expect(try client.receiveLine() == "echo:hello")
        // The loop is held while the burst goes out, so its socket queues as much of it as the kernel keeps.
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        harness.loop.execute {
            held.signal()
            release.wait()
        }
        held.wait()
        let filler = Array("#".utf8) + [UInt8](repeating: 0x2E, count: 1022) + [0x0A]
        let burst = Array([[UInt8]](repeating: filler, count: 4096).joined()) + Array("ping\n".utf8)
        // Let go of the loop a moment after the burst starts: by then its socket holds what the kernel queues.
        Thread {
            Thread.sleep(forTimeInterval: 0.2)
            release.signal()
        }.start()
        try client.sendRaw(burst, timeout: .seconds(60))
        #expect(try client.receiveLine() == "echo:ping")
    }

    @Test func overLongLineGetsAnErrorAndTheConnectionGoesOn() throws {
        let (harness, address, recorder) = try startEchoServer(limits: ConnectionLimits(maxLineBytes: 1024))
        defer { harness.stop() }
        let client = try LineSocket(connectingTo: address)
        try client.sendRaw([UInt8](repeating: 0x78, count: 5000) + [0x0A])
        #expect(try client.receiveLine() == "error:line longer than 1024 bytes")
        try client.send("still here")
        #expect(try client.receiveLine() == "echo:still here")
        #expect(recorder.all.filter { $0.hasPrefix("framing") }.count == 1)
    }

    @Test func connectionsPerAddressAreCappedWithARefusalLine() throws {
        let (harness, address, _) = try startEchoServer(limits: ConnectionLimits(maxConnectionsPerAddress: 2))
        defer { harness.stop() }
        let first = try LineSocket(connectingTo: address)
        let second = try LineSocket(connectingTo: address)
        try first.send("a")
        try second.send("b")
        #expect(try first.receiveLine() == "echo:a")
        #expect(try second.receiveLine() == "echo:b")
        let third = try LineSocket(connectingTo: address)
        #expect(try third.receiveLine() == "refused:tooManyFromAddress")
        #expect(throws: LineSocketError.closed) { try third.receiveLine() }
        // Another loopback address has its own allowance.
        let other = try LineSocket(connectingTo: address, from: SocketAddress(host: "127.0.0.2", port: 0))
        try other.send("c")
        #expect(try other.receiveLine() == "echo:c")
    }

    @Test func slowReaderIsDroppedWhileOthersAreStillServed() throws {
        let (harness, address, recorder) = try startEchoServer(limits: ConnectionLimits(maxQueuedBytes: 64 * 1024))
        defer { harness.stop() }
        let stalled = try LineSocket(connectingTo: address)
        let healthy = try LineSocket(connectingTo: address)
        try stalled.send("flood")
        // The stalled client never reads; the healthy one keeps talking meanwhile.
        var answers = 0
        for index in 0..<20 {
            try healthy.send("ping \(index)")
            if try healthy.receiveLine() == "echo:ping \(index)" { answers += 1 }
        }
        #expect(answers == 20)
        #expect(recorder.waitUntil { events in events.contains { $0.contains("slow reader") } })
        #expect(recorder.all.contains { $0.hasPrefix("flood stopped") })
    }

    @Test func closeWithFlushDeliversTheLastLine() throws {
        let (harness, address, recorder) = try startEchoServer()
        defer { harness.stop() }
        let client = try LineSocket(connectingTo: address)
        try client.send("bye")
        #expect(try client.receiveLine() == "goodbye")
        #expect(throws: LineSocketError.closed) { try client.receiveLine() }
        #expect(recorder.waitUntil { $0.contains { $0.hasSuffix("closed") } })
    }

    @Test func peerCloseIsReportedOnce() throws {
        let (harness, address, recorder) = try startEchoServer()
        defer { harness.stop() }
        let client = try LineSocket(connectingTo: address)
        try client.send("x")
        _ = try client.receiveLine()
        client.close()
        #expect(recorder.waitUntil { $0.contains { $0.hasSuffix("closed by peer") } })
        #expect(recorder.all.filter { $0.hasPrefix("closed") }.count == 1)
    }

    @Test func outgoingConnectionsWorkThroughTheSameLoop() throws {
        let (server, address, _) = try startEchoServer()
        defer { server.stop() }
        let clientLoop = try LoopHarness()
        let recorder = EventRecorder()
        let client = LineCollector(recorder: recorder)
        let id = try clientLoop.loop.connect(to: address, handler: client)
        // Queued before the connect completes: sent once it does.
        clientLoop.loop.send("early", to: id)
        clientLoop.start()
        defer { clientLoop.stop() }
        #expect(recorder.waitUntil { $0.contains("line echo:early") })
        #expect(recorder.all.first == "open")
    }

    @Test func connectToAClosedPortFails() throws {
        // Find a free port by binding and closing it.
        let probe = try LoopHarness()
        let port = try probe.loop.listen(on: .loopback(port: 0), handler: LineCollector(recorder: EventRecorder())).address.port
        probe.loop.stopListening()
        let recorder = EventRecorder()
        let clientLoop = try LoopHarness()
        try clientLoop.loop.connect(to: .loopback(port: port), handler: LineCollector(recorder: recorder))
        clientLoop.start()
        defer { clientLoop.stop() }
        #expect(recorder.waitUntil { $0.contains { $0.hasPrefix("closed connect failed") } })
        #expect(!recorder.all.contains("open"))
    }

    @Test func timersFireOnlyWhenTheManualClockReachesThem() throws {
        let clock = ManualClock()
        let harness = try LoopHarness(clock: clock)
        let recorder = EventRecorder()
        harness.start()
        defer { harness.stop() }
        let early = try harness.onLoop { [loop = harness.loop] in
            loop.schedule(after: .seconds(30)) { recorder.record("30s") }
            loop.schedule(after: .seconds(10)) { recorder.record("10s") }
            return loop.schedule(after: .seconds(20)) { recorder.record("20s") }
        }
        try harness.onLoop { [loop = harness.loop] in loop.cancel(early) }
        clock.advance(by: .seconds(9))
        // A round trip through the loop proves it has looked at its timers.
        try harness.onLoop { () -> Void in }
        #expect(recorder.all.isEmpty)
        clock.advance(by: .seconds(25))
        #expect(recorder.waitUntil { $0 == ["10s", "30s"] })
    }
}

/// A client-side handler that records what it sees.
private final class LineCollector: ConnectionHandler, @unchecked Sendable {
    // Safe: only the loop thread calls the handler.
    let recorder: EventRecorder
    init(recorder: EventRecorder) { self.recorder = recorder }
    func connectionOpened(_ connection: ConnectionID, peer: SocketAddress?) { recorder.record("open") }
    func connection(_ connection: ConnectionID, received line: [UInt8]) {
        recorder.record("line " + String(decoding: line, as: UTF8.self))
    }
    func connection(_ connection: ConnectionID, framingFailed error: FramingError) { recorder.record("framing") }
    func connectionClosed(_ connection: ConnectionID, reason: CloseReason) { recorder.record("closed \(reason)") }
}
