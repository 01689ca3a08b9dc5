import Foundation
import Testing

@testable import TabletopEngine

@Suite struct SessionAndCatalogTests {
    let rules = Data(#"{"pile": 7, "maximumTake": 3}"#.utf8)

    func session() throws -> any GameSession {
        let game = try TakeAway.catalogEntry.load(variant: "small", rulesData: rules)
        return game.makeSession(setup: MatchSetup(seed: 1), players: SeatPair("alice", "bob"))
    }

    @Test func movesArriveAsJSONAndRefusalsCarryStableCodes() throws {
        let match = try session()
        #expect(match.submit(Data("{\"nonsense\":1}".utf8), by: .first).failure?.code == SessionRejection.badMoveCode)
        #expect(match.submit(Data(#"{"take":{"_0":1}}"#.utf8), by: .first).failure?.code == "notReadyYet")
        #expect(try match.submit(Data(#"{"ready":{"note":3}}"#.utf8), by: .first).get().number == 1)
        #expect(match.submit(Data(#"{"ready":{"note":3}}"#.utf8), by: .first).failure?.code == SessionRejection.notYourTurnCode)
        _ = match.submit(Data(#"{"ready":{"note":4}}"#.utf8), by: .second)
        #expect(match.seatsToMove == .first)
        let hash = match.stateHash
        #expect(match.submit(Data(#"{"take":{"_0":3}}"#.utf8), by: .second).failure?.code == SessionRejection.notYourTurnCode)
        #expect(match.stateHash == hash)
    }

    @Test func legalMovesAreListedWhenTheyFitAndCountedWhenTheyDoNot() throws {
        let match = try session()
        _ = match.submit(Data(#"{"ready":{"note":1}}"#.utf8), by: .first)
        _ = match.submit(Data(#"{"ready":{"note":2}}"#.utf8), by: .second)
        guard case .listed(let list) = match.legalMoves(for: .first, maxBytes: 65_536) else {
            Issue.record("three takes were not listed")
            return
        }
        #expect(String(decoding: list, as: UTF8.self) == #"[{"take":{"_0":1}},{"take":{"_0":2}},{"take":{"_0":3}}]"#)
        #expect(match.legalMoves(for: .first, maxBytes: list.count) == .listed(list), "a list of exactly the cap fits")
        #expect(
            match.legalMoves(for: .first, maxBytes: list.count - 1)
                == .described(MoveSpace(count: 3, summary: "3 moves: too many to list in \(list.count - 1) bytes")))
        #expect(match.legalMoves(for: .second, maxBytes: 2) == .listed(Data("[]".utf8)), "a seat that may not move has none")
    }

    @Test func aMoveSpaceOfFieldsCountsEveryCombination() throws {
        let space = MoveSpace(everyCombinationOf: [MoveSpace.Field("x", 0...9), MoveSpace.Field("y", 1...4)])
        #expect(space.count == 40)
        #expect(space.summary == "40 moves: every combination of x 0...9, y 1...4")
        let json = String(decoding: try JSONEncoder().encode(MoveSpace(count: 2, summary: "s", fields: [MoveSpace.Field("x", 0...1)])), as: UTF8.self)
        #expect(json.contains(#""fields":[{"#) && json.contains(#""minimum":0"#) && json.contains(#""maximum":1"#))
    }

    @Test func eachSeatGetsItsOwnViewAndTheEndWritesAResultLine() throws {
        let match = try session()
        _ = match.submit(Data(#"{"ready":{"note":42}}"#.utf8), by: .first)
        _ = match.submit(Data(#"{"ready":{"note":17}}"#.utf8), by: .second)
        #expect(String(decoding: match.seatViewJSON(for: .first), as: UTF8.self).contains("\"note\":42"))
        #expect(!String(decoding: match.seatViewJSON(for: .second), as: UTF8.self).contains("42"))
        #expect(!String(decoding: match.publicViewJSON(), as: UTF8.self).contains("note"))
        // A game that only encodes its views is written into a host's buffer as the same bytes.
        var output = JSONOutput(capacity: 4)
        output.raw("[")
        match.writeSeatViewJSON(for: .first, to: &output)
        match.writePublicViewJSON(to: &output)
        #expect(output.withUnsafeBytes { Data($0) } == Data("[".utf8) + match.seatViewJSON(for: .first) + match.publicViewJSON())
        try match.attachBot(named: "greedy", to: .first)
        try match.attachBot(named: "greedy", to: .second)
        var receipt: SessionReceipt?
        while match.result == nil {
            let seat: Seat = match.seatsToMove.contains(.first) ? .first : .second
            receipt = try match.submit(#require(match.botMoveJSON(for: seat)), by: seat).get()
        }
        #expect(receipt?.resultLine != nil)
        #expect(match.submit(Data(#"{"take":{"_0":1}}"#.utf8), by: .first).failure?.code == SessionRejection.matchOverCode)
        #expect(throws: UnknownBotError.self) { try match.attachBot(named: "oracle", to: .first) }
    }

    @Test func aSessionResumesFromItsReplayLinesWhereItWas() throws {
        let match = try session()
        _ = match.submit(Data(#"{"ready":{"note":1}}"#.utf8), by: .second)
        _ = match.submit(Data(#"{"ready":{"note":2}}"#.utf8), by: .first)
        _ = match.submit(Data(#"{"take":{"_0":2}}"#.utf8), by: .first)
        let game = try TakeAway.catalogEntry.load(variant: "small", rulesData: rules)
        let resumed = try game.resumeSession(from: match.replay)
        #expect(resumed.stateHash == match.stateHash)
        #expect(resumed.moveCount == 3)
        #expect(resumed.players == SeatPair("alice", "bob"))
        #expect(resumed.seatsToMove == .second)
        #expect(resumed.replay == match.replay)
    }

    @Test("A program registering two games under one name, or none, gets a clear error at start-up")
    func registeringTwoGamesWithOneNameIsAnError() throws {
        #expect(throws: CatalogError.duplicateGame(name: "takeaway")) {
            try GameCatalog(registering: [TakeAway.catalogEntry, TakeAway.catalogEntry])
        }
        #expect(
            CatalogError.duplicateGame(name: "takeaway").description
                == "two games are registered as 'takeaway': each game needs a name of its own")
        #expect(throws: CatalogError.noGames) { try GameCatalog(registering: []) }
        #expect(try GameCatalog(registering: [TakeAway.catalogEntry]).names == ["takeaway"])
    }

    @Test func theCatalogFindsGamesAndVariantsByNameAndListsTheKnownOnes() throws {
        let catalog = GameCatalog([TakeAway.catalogEntry])
        #expect(catalog.defaultGame == "takeaway")
        #expect(throws: CatalogError.unknownGame(name: "chess", known: ["takeaway"])) { try catalog.entry(named: "chess") }
        let assets = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: assets) }
        let folder = assets.appendingPathComponent("games/takeaway")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try rules.write(to: folder.appendingPathComponent("small.json"))
        try Data(#"{"pile": 0, "maximumTake": 1}"#.utf8).write(to: folder.appendingPathComponent("broken.json"))
        let entry = try catalog.entry(named: "takeaway")
        #expect(entry.variants(in: assets) == ["broken", "small"])
        #expect(try entry.load(assets: assets).variant == "small")
        #expect {
            try entry.load(variant: "large", assets: assets)
        } throws: { error in
            guard case .unknownVariant(_, "large", ["broken", "small"], _) = error as? CatalogError else { return false }
            return true
        }
        #expect {
            try entry.load(variant: "broken", assets: assets)
        } throws: { ($0 as? CatalogError)?.description.hasSuffix("broken.json: pile: must be positive") == true }
    }

    @Test func theErasedGameRunsBatchesAndVerifiesReplays() throws {
        let game = try TakeAway.catalogEntry.load(variant: "small", rulesData: rules)
        let report = try game.runBatch(BatchConfiguration(games: 40, seed: 8, bots: SeatPair("random", "greedy"), jobs: 2))
        #expect(report.game == "takeaway")
        #expect(report.variant == "small")
        let match = game.makeSession(setup: MatchSetup(seed: 1), players: SeatPair("a", "b"))
        _ = match.forfeit(by: .first)
        #expect(try game.verifyReplay(match.replay).result.winner == .second)
        #expect(throws: UnknownBotError.self) { try game.checkBot(named: "nobody") }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
