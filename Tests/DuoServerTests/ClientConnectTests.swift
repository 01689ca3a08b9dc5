import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

@Suite struct ClientConnectTests {
    /// Reads a client's events by polling it, as a front end does each frame, keeping what one poll brought beyond the event wanted.
    final class Reader {
        let client: MatchClient
        private var pending: [ClientEvent] = []

        init(_ client: MatchClient) { self.client = client }

        /// Polls until `pick` accepts an event (the server answers on its own thread); skips the others.
        func next<Value>(sourceLocation: SourceLocation = #_sourceLocation, _ pick: (ClientEvent) -> Value?) -> Value? {
            let deadline = Date().addingTimeInterval(10)
            while true {
                while !pending.isEmpty {
                    if let value = pick(pending.removeFirst()) { return value }
                }
                guard Date() < deadline else { break }
                pending = client.poll()
                if pending.isEmpty { usleep(200) }
            }
            Issue.record("no such event within 10 s", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test func startConnectingReturnsAtOnceAndWhatWasSentMeanwhileGoesOutInOrder() throws {
        let server = try TestServer(sockets: true)
        defer { server.stop() }
        let client = MatchClient(address: server.address, clientName: "front-end")
        try client.startConnecting()
        // Asked before the connection is made: it waits, then follows hello.
        try client.create(bot: "random")
        let reader = Reader(client)
        let welcome = reader.next { if case .message(.welcome(let version, _, _)) = $0 { version } else { nil } }
        #expect(welcome == 1)
        #expect(!client.isConnecting)
        let seated = reader.next { if case .message(.seated(let kind, _, _, _, _, let opponent)) = $0 { "\(kind) \(opponent ?? "-")" } else { nil } }
        #expect(seated == "created bot:random")
        #expect(client.ticket != nil)
    }

    @Test func aRefusedConnectionIsReportedOnceWithItsReason() throws {
        let server = try TestServer(sockets: true)
        let address = server.address
        server.stop()
        let client = MatchClient(address: address)
        try client.startConnecting(match: "K7QF2M")
        try client.join(code: "K7QF2M")
        let dropped = Reader(client).next { $0 == .disconnected ? true : nil }
        #expect(dropped == true)
        #expect(client.lastError == .io(SocketError("connect", subject: address.description, code: ECONNREFUSED)))
        #expect(client.poll().isEmpty, "reported once")
        #expect(!client.isConnected)
    }

    @Test func theBlockingConnectStillWaitsForTheConnection() throws {
        let server = try TestServer(sockets: true)
        defer { server.stop() }
        let socket = try LineSocket(connectingTo: server.address)
        #expect(!socket.isConnecting && !socket.isClosed)
        let pending = try LineSocket(startingConnectionTo: server.address)
        #expect(try pending.finishConnecting(timeout: .seconds(10)))
        #expect(!pending.isConnecting)
    }
}
