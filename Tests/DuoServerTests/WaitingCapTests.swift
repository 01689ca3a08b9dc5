import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// Matches waiting for an opponent are bounded per address and in all, and
/// expire; one address flooding `create` cannot keep others from playing.
@Suite struct WaitingCapTests {
    private static func alias(_ fourth: Int) -> SocketAddress {
        try! SocketAddress(host: "127.0.7.\(fourth)", port: 0)
    }

    @Test func aCreateAndDropFloodFromOneAddressIsRefusedPastItsCapWhileOthersPlay() throws {
        let server = try TestServer(turnTimeout: nil, idleTimeout: .seconds(600), inMemory: true) { configuration in
            configuration.maxWaitingPerAddress = 4
            configuration.waitingTimeout = .seconds(60)
        }
        defer { server.stop() }
        var created = 0
        var refused = 0
        for _ in 0..<300 {
            let flooder = try TestPlayer(server, from: Self.alias(1), recordsTraffic: false)
            try flooder.send(#"{"type":"create"}"#)
            switch try flooder.receive() {
            case .seated(let kind, _, _, _, _, _) where kind == "created": created += 1
            case .error(let error) where error.code == "tooManyWaiting": refused += 1
            case let other: Issue.record("unexpected answer \(other)")
            }
            flooder.connection.close()
        }
        #expect(created == 4 && refused == 296)
        // The abandoned matches hold no descriptor once their creators are gone.
        let afterFlood = server.counts()
        #expect(afterFlood.waitingMatches == 4 && afterFlood.openJournals == 0, "\(afterFlood)")
        #expect(server.descriptorsOnDataDirectory().isEmpty)

        // Another address still creates, is joined and plays.
        var pair = try SeatedPair.start(server, from: Self.alias(2))
        let seat = try #require(pair.seatToMove)
        try pair.playOne(seat)
        #expect(server.descriptorsOnDataDirectory().count == 1, "only the match in play holds its journal")

        // Once the waiting matches expire, the flooding address may create again.
        server.advance(by: .seconds(61))
        #expect(server.counts().waitingMatches == 0)
        let again = try TestPlayer(server, from: Self.alias(1))
        try again.send(#"{"type":"create"}"#)
        try again.expect("created")
        #expect(server.logLines.all.contains { $0.contains("nobody joined within") })
    }

    @Test func theServerWideCapOnWaitingMatchesHolds() throws {
        let server = try TestServer(inMemory: true) { configuration in
            configuration.maxWaitingPerAddress = 4
            configuration.maxWaitingMatches = 10
        }
        defer { server.stop() }
        var answers: [String] = []
        var players: [TestPlayer] = []
        for address in 3...5 {
            for _ in 0..<4 {
                let player = try TestPlayer(server, from: Self.alias(address))
                try player.send(#"{"type":"create"}"#)
                switch try player.receive() {
                case .seated(let kind, _, _, _, _, _): answers.append(kind)
                case .error(let error): answers.append(error.code)
                default: answers.append("?")
                }
                players.append(player)
            }
        }
        #expect(answers.filter { $0 == "created" }.count == 10)
        #expect(answers.suffix(2) == ["tooManyWaiting", "tooManyWaiting"])
        // A match against a bot waits for nobody: it is not capped by this.
        let botMatch = try TestPlayer(server, from: Self.alias(5))
        try botMatch.send(#"{"type":"create","bot":"hunt"}"#)
        try botMatch.expect("created")
    }
}

/// Caps one party cannot turn against everyone: a waiting match whose
/// creator is gone gives its place under the cap after a short grace, and
/// closed connections stop counting against their address's cap at once.
@Suite struct AbandonedWaitingTests {
    /// `127.A.B.C` for client `index` (the whole of 127.0.0.0/8 is loopback).
    private static func address(_ index: Int) -> SocketAddress {
        try! SocketAddress(host: "127.1.\(index / 250).\(index % 250 + 1)", port: 0)
    }

    private static func create(_ player: TestPlayer) throws -> String {
        try player.send(#"{"type":"create"}"#)
        switch try player.receive() {
        case .seated(let kind, _, _, _, _, _): return kind
        case .error(let error): return error.code
        default: return "?"
        }
    }

    @Test func anAbandonedWaitingMatchGivesItsPlaceAfterTheGraceAndIsStillResumableUntilThen() throws {
        let server = try TestServer(inMemory: true) { configuration in
            configuration.maxWaitingMatches = 3
            configuration.maxWaitingPerAddress = 4
            configuration.abandonedWaitingGrace = .seconds(10)
        }
        defer { server.stop() }
        var tickets: [SeatTicket] = []
        var stays: TestPlayer?
        for index in 0..<3 {
            let creator = try TestPlayer(server, from: Self.address(index))
            try creator.send(#"{"type":"create"}"#)
            tickets.append(try #require(try creator.expect("created").seatTicket))
            // The first stays connected; the other two leave.
            if index == 0 { stays = creator } else { creator.connection.close() }
        }
        // Within the grace the cap holds: the newcomer is refused.
        let newcomer = try TestPlayer(server, from: Self.address(10))
        #expect(try Self.create(newcomer) == "tooManyWaiting")
        // An abandoned match is still its creator's: resumed, it is no longer abandoned.
        let back = try TestPlayer(server, from: Self.address(1))
        try back.send(#"{"type":"resume","code":"\#(tickets[1].code)","seat":\#(tickets[1].seat.index),"token":"\#(tickets[1].token)"}"#)
        try back.expect("resumed")
        server.advance(by: .seconds(11))
        // Past the grace, the one abandoned longest ago makes room (the connected one and the resumed one stay).
        #expect(try Self.create(newcomer) == "created")
        #expect(server.counts().waitingMatches == 3)
        #expect(server.logLines.all.contains { $0.contains("match \(tickets[2].code): abandoned while waiting") })
        let late = try TestPlayer(server, from: Self.address(2))
        try late.send(#"{"type":"resume","code":"\#(tickets[2].code)","seat":\#(tickets[2].seat.index),"token":"\#(tickets[2].token)"}"#)
        try late.expect("resumed")
        #expect(try late.expect("ended").ended?.result.reason == "forfeit")
        // With no abandoned match left, the cap holds again.
        let another = try TestPlayer(server, from: Self.address(11))
        #expect(try Self.create(another) == "tooManyWaiting")
        #expect(stays != nil)
    }

    /// 250 addresses (127.1.0.1 to 127.1.0.250 and on) each create and drop
    /// four matches, filling the cap of 1,000; once their grace is over, a
    /// new player's `create` from another address still succeeds, on sockets.
    @Test func twoHundredFiftyAddressesCreatingAndDroppingCannotStopANewPlayersCreate() throws {
        let server = try TestServer(sockets: true, inMemory: true) { configuration in
            configuration.maxWaitingMatches = 1_000
            configuration.maxWaitingPerAddress = 4
            configuration.abandonedWaitingGrace = .seconds(10)
        }
        defer { server.stop() }
        for index in 0..<250 {
            for _ in 0..<4 {
                let flooder = try TestPlayer(server, from: Self.address(index))
                #expect(try Self.create(flooder) == "created")
                flooder.connection.close()
            }
        }
        #expect(server.counts().waitingMatches == 1_000)
        let newcomer = try TestPlayer(server, from: Self.address(400))
        #expect(try Self.create(newcomer) == "tooManyWaiting", "within the grace the cap holds")
        server.advance(by: .seconds(11))
        #expect(try Self.create(newcomer) == "created")
        #expect(server.counts().waitingMatches == 1_000)
    }

    /// Right after a burst of connections from one address that connect and
    /// close at once, the next one is accepted: closes the loop has not read
    /// yet do not count against the address's cap.
    @Test func closedConnectionsStopCountingAgainstTheirAddressAtOnce() throws {
        let server = try TestServer(limits: ConnectionLimits(maxConnectionsPerAddress: 8), sockets: true, inMemory: true)
        defer { server.stop() }
        let host = Self.address(600)
        for round in 0..<25 {
            for _ in 0..<8 {
                let socket = try LineSocket(connectingTo: server.address, from: host)
                socket.close()
            }
            let next = try TestPlayer(server, from: host)
            try next.send(#"{"type":"ping"}"#)
            #expect(try next.receive() == .pong, "round \(round): the next connection was refused")
            next.connection.close()
        }
    }
}
