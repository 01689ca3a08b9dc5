import DuoPlatform
import Foundation
import TabletopEngine

extension DrawnTextLint {
    /// The truth-over-time check (``TableTruthCheck``) of the matches a walk plays, on the frames
    /// it draws: each seat's table of a match on this device at every frame, against the match's
    /// replay once it ends; a replay's steps reached back and by a jump, against the same step reached forward.
    struct TruthRecorder {
        let registration: DesktopGameRegistration
        let assets: AssetLocator
        let mode: Mode
        /// The most moves the walk plays: a replay's steps compared are spread over those it reaches.
        let maxMoves: Int
        /// Each seat table's moments of the match under way.
        var moments: [[TableTruthCheck.Moment]] = []
        /// Each seat table's news entries when the last match ended (the entries of earlier matches; none before the first).
        var newsBefore: [Int] = []
        /// Each seat table's session when the match started (its wins before it), once seated.
        var sessions: [SeatSession?] = []
        var report = TableTruthCheck.Report()

        init(registration: DesktopGameRegistration, assets: AssetLocator, mode: Mode, maxMoves: Int) {
            self.registration = registration
            self.assets = assets
            self.mode = mode
            self.maxMoves = maxMoves
        }

        /// Replay steps compared in a replay of `moveCount` moves walked up to `maxMoves`: the middle and the
        /// end of the steps walked, and the last (stepping back and jumping play every step before again,
        /// a golf ball's roll each: two keep it cheap).
        static func comparesReplayStep(_ step: Int, of moveCount: Int, maxMoves: Int) -> Bool {
            step == moveCount || step % max(1, min(moveCount, maxMoves) / 2) == 0
        }

        /// A match on this device starts at the table.
        mutating func startMatch(_ game: any DesktopGame) {
            guard let local = game as? LintPlayedMatch else { return }
            let seats = local.seatGames
            moments = seats.map { _ in [] }
            if newsBefore.count != seats.count { newsBefore = seats.map { _ in 0 } }
            sessions = seats.map { _ in nil }
        }

        /// What each seat's table of a match on this device says at this frame (and drew, when it shows).
        mutating func record(_ session: DesktopSession, frame: TracedFrame, index: Int, move: Int) {
            guard let local = session.game as? LintPlayedMatch else { return }
            // The table's own screen only: the privacy screen and the victory photo draw other words.
            let drawsTable = frame.screen != PrivacyScreen.screen.name && !session.victoryPhotos.flow.isOpen
            let seats = local.seatGames
            let drawnSeats = seats.indices.filter { drawsTable && local.isDrawn(seat: $0) }
            // With a seat on each half the trace keeps the banner drawn last: either drawn table's is each one's.
            let drawnBanners = Set(drawnSeats.compactMap { seats[$0].readout.banner })
            for (number, seat) in seats.enumerated() where moments.indices.contains(number) {
                if sessions[number] == nil, seat.session.connection.isSeated { sessions[number] = seat.session }
                let readout = seat.readout
                let full = readout.news.count >= NewsFeed.limit
                let ofMatch = full ? readout.news.count : max(0, readout.news.count - newsBefore[number])
                var drawn = drawnSeats.contains(number) ? frame.trace : nil
                if drawnSeats.count > 1, let banner = drawn?.banner, drawnBanners.contains(banner) { drawn?.banner = readout.banner }
                moments[number].append(TableTruthCheck.Moment(frame: index, move: move, readout: readout, newsOfMatch: ofMatch, drawn: drawn))
                report.momentCount += 1
            }
        }

        /// The match on this device is over (or the walk ends): each seat's moments against its seat's views.
        mutating func endMatch(_ game: any DesktopGame) throws {
            guard let local = game as? LintPlayedMatch, let replay = local.matchReplay, moments.contains(where: { !$0.isEmpty }) else { return }
            for (number, seat) in local.seatGames.enumerated() where moments.indices.contains(number) && !moments[number].isEmpty {
                let viewer = seat.session.isSpectator ? nil : seat.session.seat
                let references = try TableTruthCheck.references(
                    replay: replay, of: registration, viewer: viewer, like: sessions[number] ?? seat.session, assets: assets)
                report.add(
                    TableTruthCheck.findings(
                        in: moments[number], references: references, game: registration.name, match: mode.title,
                        table: viewer.map { "seat \($0.index)" } ?? "spectator"))
            }
            report.matchCount += 1
            moments = moments.map { _ in [] }
            newsBefore = local.seatGames.map { $0.readout.news.count }
        }

        /// A replay's step was reached forward and drawn (`forward`): reached again stepping back
        /// (from the next step) and by a jump (from the start), it must draw the same frame and say the same.
        mutating func compareReplayStep(
            _ session: DesktopSession, replay: ReplayGame, forward: TracedFrame, index: Int, tracer: FrameTracer
        ) throws {
            let step = replay.step
            let count = replay.transport.steps.moveCount
            guard Self.comparesReplayStep(step, of: count, maxMoves: maxMoves), let seat = replay.table as? any SeatGame else { return }
            let readout = seat.readout
            let table = replay.transport.steps.viewer.map { "seat \($0.index)" } ?? "spectator"
            func compare(_ how: String) throws {
                session.advance(by: 0)
                let frame = try tracer.frame(of: session, whole: false)
                var found: [TableTruthCheck.Finding] = []
                func finding(_ text: String, _ detail: String) -> TableTruthCheck.Finding {
                    TableTruthCheck.Finding(
                        game: registration.name, match: mode.title, table: table, frame: index, step: step, rule: .replayStep, text: text,
                        detail: detail)
                }
                if seat.readout != readout {
                    found.append(finding(seat.readout.description, "reached \(how), the table says this; reached forward: \(readout)"))
                }
                if let difference = TableTruthCheck.difference(between: frame.trace, and: forward.trace) {
                    found.append(finding(how, "the frame drawn reached \(how) differs from the one reached forward: \(difference)"))
                }
                report.add(found)
            }
            if step < count { replay.show(step: step + 1) }
            replay.show(step: step)
            try compare("stepping back from move \(step + 1)")
            replay.show(step: 0)
            replay.show(step: step)
            try compare("jumping from the start")
            report.replayStepCount += 1
        }
    }
}
