import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import Foundation
import MiniGolfDesktop
import TabletopEngine
import Testing

/// `Filmstrip`: a replay as one contact sheet, the library call `duo filmstrip` and the match report use.
@Suite("Filmstrip: a match at a glance")
struct FilmstripTests {
    /// A whole Broadside match, its hunt bot on both seats.
    static let replay: Data = {
        do {
            let game = try GameCatalogEntry(Broadside.self).load(variant: "classic", assets: try DesktopFixtures.assets.directory())
            return try DrawnTextLint.botReplay(of: game, bot: "hunt", seed: 3)
        } catch { fatalError("\(error)") }
    }()

    static func settings(_ selection: Filmstrip.Selection, viewer: Seat? = .first, posture: Posture = .tabletop) -> Filmstrip.Settings {
        Filmstrip.Settings(
            viewer: viewer, selection: selection, state: DeviceState(profile: DesktopFixtures.profile("duo"), posture: posture), scale: 0.2,
            assets: DesktopFixtures.assets)
    }

    @Test("Every N moves: the start, each Nth move and the last, each labelled with its mover and what the table told")
    func everyNMoves() throws {
        let strip = try Filmstrip.make(replay: Self.replay, fileName: "match.jsonl", registration: .broadside, settings: Self.settings(.every(30)))
        let last = strip.moveCount
        #expect(last > 60)
        #expect(strip.frames.map(\.step) == Array(stride(from: 0, through: last, by: 30)) + (last % 30 == 0 ? [] : [last]))
        #expect(strip.frames[0].caption == "the start" && strip.frames[0].mover == nil)
        // A shot is told as the seat saw it: its own as "You fired", the other seat's by its
        // name in a replay ("Player 2 fired", SeatSession.name(of:)).
        for frame in strip.frames.dropFirst() {
            let mover = try #require(frame.mover)
            if frame.news.isEmpty { continue }
            #expect(frame.caption == frame.news.joined(separator: " · "))
            #expect(frame.caption.contains(mover == .first ? "You" : "Player 2"), "\(frame)")
        }
        #expect(strip.frames.last?.caption.contains("you win") == true || strip.frames.last?.caption.contains("you lose") == true)
        // The sheet holds every frame, each a different picture of the match.
        #expect(strip.image.width > 200 && strip.image.height > 200)
        #expect(Set(strip.frames.indices.map { index in Self.cell(index, of: strip) }).count == strip.frames.count)
    }

    @Test("Events: the frames after the start are the moves the table told news of; a spectator sees no secret move")
    func events() throws {
        let strip = try Filmstrip.make(
            replay: Self.replay, fileName: "match.jsonl", registration: .broadside, settings: Self.settings(.events, viewer: nil, posture: .book))
        #expect(strip.frames.count > 10 && strip.frames.count < strip.moveCount + 1)
        #expect(strip.frames.dropFirst().dropLast().allSatisfy { !$0.news.isEmpty })
        // Placing the fleets tells a spectator nothing, and is not shown as a move's words either.
        #expect(!strip.frames.contains { $0.caption.contains("\"origin\"") })
    }

    @Test("A replay the game cannot read is a clear error, and a sheet too big is refused with the fix")
    func errors() throws {
        #expect(throws: DesktopError.self) {
            try Filmstrip.make(replay: Data("{}\n".utf8), fileName: "bad.jsonl", registration: .broadside, settings: Self.settings(.every(1)))
        }
        var huge = Self.settings(.every(1))
        huge.scale = 4
        do {
            _ = try Filmstrip.make(replay: Self.replay, fileName: "match.jsonl", registration: .broadside, settings: huge)
            Issue.record("a sheet of every move at scale 4 was drawn")
        } catch {
            #expect(error.fix.contains("--every N"), "\(error)")
        }
        // The replay of another game than the registration's.
        #expect(throws: DesktopError.self) {
            try Filmstrip.make(replay: Self.replay, fileName: "match.jsonl", registration: .miniGolf, settings: Self.settings(.every(1)))
        }
    }

    /// A hash of frame `index`'s picture on the sheet.
    static func cell(_ index: Int, of strip: Filmstrip) -> Int {
        let box = strip.frames[index].picture
        var hasher = Hasher()
        for y in stride(from: Int(box.minY), to: min(strip.image.height, Int(box.maxY)), by: 2) {
            for x in stride(from: Int(box.minX), to: min(strip.image.width, Int(box.maxX)), by: 2) {
                hasher.combine(strip.image.pixel(x: x, y: y))
            }
        }
        return hasher.finalize()
    }
}
