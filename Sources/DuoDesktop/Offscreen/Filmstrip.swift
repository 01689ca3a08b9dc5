import DuoPlatform
import Foundation
import TabletopEngine

/// A match at a glance: a replay drawn as one contact sheet, a frame per
/// move (or every few moves, or per news event), each labelled with the move
/// and what happened, as one seat or a spectator saw it, on a device in any
/// posture, fold and orientation. What `duo filmstrip` writes; a library
/// call too, for any registered game with a networked table (the frames are
/// the window's own, drawn offscreen from the seat's views only).
///
/// "What happened" is the news the table added at that move (the engine's
/// news log, newest last), or, for a table with no news log, the move as the
/// viewer could see it.
///
///     let strip = try Filmstrip.make(replay: data, fileName: "match.jsonl", registration: .noughts,
///                                    settings: Filmstrip.Settings(state: DeviceState(profile: duo, posture: .tabletop)))
///     try strip.image.writePNG(to: URL(fileURLWithPath: "match.png"))
public struct Filmstrip: Sendable {
    /// Which steps of the match get a frame.
    public enum Selection: Sendable, Hashable {
        /// The start and every `n`th move (and the last one).
        case every(Int)
        /// The start, each move after which the table told news (and the last one).
        case events
    }

    /// How the filmstrip is made.
    public struct Settings: Sendable {
        /// The seat whose views are shown (nil: a spectator's).
        public var viewer: Seat?
        /// Which steps get a frame.
        public var selection: Selection
        /// The device: profile, posture, orientation, fold position, direction, camera.
        public var state: DeviceState
        /// Pixels per point of each frame's picture of the device.
        public var scale: Double
        /// Frames per row (nil: as many as make the sheet about as wide as it is tall).
        public var columns: Int?
        /// The table's own randomness.
        public var seed: UInt64
        /// Where `Assets/` is (the replay's rules are read there).
        public var assets: AssetLocator

        /// Settings from their parts.
        public init(
            viewer: Seat? = .first, selection: Selection = .every(1), state: DeviceState, scale: Double = 0.4, columns: Int? = nil,
            seed: UInt64 = 1, assets: AssetLocator = .standard()
        ) {
            self.assets = assets
            self.viewer = viewer
            self.selection = selection
            self.state = state
            self.scale = scale
            self.columns = columns
            self.seed = seed
        }
    }

    /// One frame of the sheet.
    public struct Frame: Sendable, Hashable {
        /// The step shown: moves played (0: the start).
        public var step: Int
        /// Who made that move (nil at the start).
        public var mover: Seat?
        /// What happened, in words: the news the table told at that move, or the move itself.
        public var caption: String
        /// The news lines the table added at that move, oldest first.
        public var news: [String]
        /// Where the frame's picture is on the sheet, in pixels (its label is just below).
        public var picture: Rect
    }

    /// The contact sheet.
    public var image: PixelImage
    /// The frames on it, in order.
    public var frames: [Frame]
    /// The moves in the replay.
    public var moveCount: Int

    /// Height of a frame's label under its picture, in pixels.
    static let labelHeight = 44.0
    /// Height of the title over the sheet, in pixels.
    static let titleHeight = 34.0
    /// Space around and between frames, in pixels.
    static let gap = 10.0
    static let moveStyle = TextStyle(size: 12, bold: true, color: Palette.statusText)
    static let captionStyle = TextStyle(size: 11, color: Palette.statusLine)
    static let titleStyle = TextStyle(size: 15, bold: true, color: Palette.statusText)

    /// Films `replay` of `registration`'s game.
    /// - Parameters:
    ///   - replay: the replay's bytes (verified first).
    ///   - fileName: the file's name or path, for the title and the messages.
    ///   - registration: the game that played it (``DesktopGameRegistration/registration(forReplay:fileName:in:serverProgram:)`` finds it).
    ///   - settings: the viewer, the frames, the device, the scale and the columns.
    ///   - faces: the fonts (located with ``FontLocator`` when nil).
    ///   - serverProgram: the server program named in the fixes.
    /// - Throws: ``DesktopError`` for a replay that does not verify, a game with no networked table,
    ///   or a sheet too big to draw (more than 16384 pixels a side: film every few moves, or at a smaller scale).
    public static func make(
        replay: Data, fileName: String, registration: DesktopGameRegistration, settings: Settings, faces: FontLocator.Faces? = nil,
        serverProgram: String = "duo-server"
    ) throws(DesktopError) -> Filmstrip {
        if case .every(let n) = settings.selection, n < 1 {
            throw DesktopError(cause: "a filmstrip of every \(n) moves", fix: "film every 1 or more moves")
        }
        let game = try registration.replayGame(
            replay, fileName: fileName, viewer: settings.viewer, seed: settings.seed, serverProgram: serverProgram, locator: settings.assets)
        let moves = try Self.moves(
            of: replay, registration: registration, viewer: settings.viewer, fileName: fileName, assets: settings.assets, serverProgram: serverProgram
        )
        let session = DesktopSession(state: settings.state, profiles: [settings.state.profile], game: game, sensorSeed: settings.seed)
        defer { session.close() }
        let size = Screenshot.windowSize(for: session, scale: settings.scale)
        let cellWidth = Double(size.width)
        let cellHeight = Double(size.height) - FrameRenderer.statusLineHeight

        // Which steps, and what happened at each: a table of its own is stepped forward move by move, as a person would watch.
        let watcher = try registration.replayGame(
            replay, fileName: fileName, viewer: settings.viewer, seed: settings.seed, serverProgram: serverProgram, locator: settings.assets)
        let watching = DesktopSession(state: settings.state, profiles: [settings.state.profile], game: watcher, sensorSeed: settings.seed)
        defer { watching.close() }
        let news = try Self.newsOfEachStep(watcher, session: watching, moveCount: watcher.transport.steps.moveCount, faces: faces)
        let steps = Self.steps(selection: settings.selection, moveCount: news.count - 1) { news[$0].isEmpty == false }
        let columns = max(1, min(steps.count, settings.columns ?? Self.columns(count: steps.count, width: cellWidth, height: cellHeight)))
        let frames = steps.enumerated().map { index, step in
            Frame(
                step: step, mover: step == 0 ? nil : moves[step - 1].mover,
                caption: Self.caption(step: step, news: news[step], move: step == 0 ? nil : moves[step - 1]), news: news[step],
                picture: Rect(
                    x: gap + Double(index % columns) * (cellWidth + gap), y: titleHeight + Double(index / columns) * (cellHeight + labelHeight + gap),
                    width: cellWidth, height: cellHeight.rounded(.up)))
        }

        let rows = (frames.count + columns - 1) / columns
        let sheetWidth = Int((Double(columns) * (cellWidth + gap) + gap).rounded(.up))
        let sheetHeight = Int((titleHeight + Double(rows) * (cellHeight + labelHeight + gap) + gap).rounded(.up))
        guard sheetWidth <= 16_384, sheetHeight <= 16_384 else {
            throw DesktopError(
                cause:
                    "a filmstrip of \(frames.count) frames at scale \(DrawnTextRules.formatted(settings.scale)) would be \(sheetWidth)x\(sheetHeight) pixels",
                fix: "film every few moves (--every N), the news events only (--events), or at a smaller --scale")
        }
        let sheet = try OffscreenRenderer(width: sheetWidth, height: sheetHeight, faces: faces)
        defer { sheet.close() }
        let canvas = sheet.canvas
        let renderer = FrameRenderer(canvas: canvas)
        defer { renderer.close() }
        let cell = try canvas.makeRenderTarget(pixelWidth: size.width, pixelHeight: Int(cellHeight.rounded(.up)), isOpaque: true)
        canvas.clear(Palette.windowBackground)
        canvas.drawText(
            canvas.fittedText(
                title(game, registration: registration, fileName: fileName, settings: settings, moves: moves.count, replay: replay),
                maxWidth: Double(sheetWidth) - 2 * gap, style: titleStyle),
            x: gap, y: titleHeight / 2 + 2, style: titleStyle, alignment: .leading)

        // The frames' table is stepped forward from the start too: its news and banners are those of a person who watched.
        settle(session)
        var shown = 0
        for frame in frames {
            while shown < frame.step {
                shown += 1
                game.show(step: shown)
                settle(session)
            }
            let viewport = session.deviceViewport(windowWidth: cellWidth, windowHeight: Double(size.height))
            var failure: DesktopError?
            canvas.drawing(into: cell, transform: .identity) {
                do throws(DesktopError) {
                    try renderer.render(session.content, presentation: session.presentation(in: viewport), statusLine: nil, showsHelp: false)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            let (x, y) = (frame.picture.minX, frame.picture.minY)
            canvas.drawTexture(
                cell, sourcePixels: Rect(x: 0, y: 0, width: Double(cell.pixelWidth), height: Double(cell.pixelHeight)), x: x, y: y,
                width: Double(cell.pixelWidth), height: Double(cell.pixelHeight))
            drawLabel(frame, on: canvas, x: x, y: y + cellHeight, width: cellWidth)
        }
        if let error = canvas.takeError() { throw error }
        return Filmstrip(image: try sheet.readPixels(), frames: frames, moveCount: moves.count)
    }

    /// The steps `selection` films of a match of `moveCount` moves; `told(step)` says whether the table told news at it.
    static func steps(selection: Selection, moveCount: Int, told: (Int) -> Bool) -> [Int] {
        var steps: [Int]
        switch selection {
        case .every(let n): steps = Array(stride(from: 0, through: moveCount, by: max(1, n)))
        case .events: steps = [0] + (1...max(1, moveCount)).filter { $0 <= moveCount && told($0) }
        }
        if steps.last != moveCount { steps.append(moveCount) }
        return steps
    }

    /// Frames per row for a sheet about as wide as it is tall.
    static func columns(count: Int, width: Double, height: Double) -> Int {
        let aspect = (height + labelHeight + gap) / (width + gap)
        return max(1, Int((Double(count) * aspect).squareRoot().rounded()))
    }

    /// Lets the table show the move it was sent (a golf ball rolls to rest, a banner comes up).
    static func settle(_ session: DesktopSession) {
        session.advance(by: 0)
        for _ in 0..<40 { session.advance(by: 0.1) }
    }

    /// The news lines the table added at each step (index 0: the start), oldest first, read from
    /// what its news log drew (the frame trace) as the replay is stepped forward one move at a time.
    static func newsOfEachStep(_ game: ReplayGame, session: DesktopSession, moveCount: Int, faces: FontLocator.Faces?) throws(DesktopError)
        -> [[String]]
    {
        let context = session.sceneContext
        let offscreen = try OffscreenRenderer(
            width: Int(context.size.width.rounded(.up)), height: Int(context.size.height.rounded(.up)), faces: faces)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.tracesFrame = true
        canvas.traceSpace = .scene
        func drawnNews() -> [String] {
            canvas.beginFrame()
            ScenePainter(canvas: canvas, content: session.content).draw()
            return canvas.takeTrace().news ?? []
        }
        game.show(step: 0)
        settle(session)
        var previous = drawnNews()
        var told: [[String]] = [[]]
        for step in stride(from: 1, through: moveCount, by: 1) {
            game.show(step: step)
            settle(session)
            let entries = drawnNews()
            told.append(added(entries, since: previous).reversed())
            previous = entries
        }
        if let error = canvas.takeError() { throw error }
        return told
    }

    /// The entries of `entries` (newest first) that are not in `previous` (the log one step before): those above where the old log starts.
    static func added(_ entries: [String], since previous: [String]) -> [String] {
        guard let top = previous.first else { return entries }
        let window = Array(previous.prefix(3))
        for index in entries.indices where entries[index] == top && Array(entries[index...].prefix(window.count)) == window {
            return Array(entries[..<index])
        }
        return entries
    }

    /// Each move of the replay: who made it and what the viewer could see of it.
    static func moves(
        of replay: Data, registration: DesktopGameRegistration, viewer: Seat?, fileName: String, assets: AssetLocator, serverProgram: String
    ) throws(DesktopError) -> [ReplayFrameText] {
        do {
            let header = try ReplaySummary.header(of: replay)
            let game = try registration.catalogEntry.load(variant: header.variant, assets: try assets.directory())
            return try game.replayFrames(replay, viewer: viewer)
        } catch {
            throw DesktopError(cause: "\(fileName): \(error)", fix: "check the replay with \(serverProgram) replay \(fileName)")
        }
    }

    /// What happened at a step, in words.
    static func caption(step: Int, news: [String], move: ReplayFrameText?) -> String {
        if step == 0 { return news.isEmpty ? "the start" : news.joined(separator: " · ") }
        if !news.isEmpty { return news.joined(separator: " · ") }
        guard let move else { return "" }
        return move.move.map { "seat \(move.mover.index) played \($0)" } ?? "seat \(move.mover.index) moved (hidden)"
    }

    /// The sheet's title: game, file, viewer, device, moves and result.
    static func title(
        _ game: ReplayGame, registration: DesktopGameRegistration, fileName: String, settings: Settings, moves: Int, replay: Data
    ) -> String {
        let state = settings.state
        let viewer = settings.viewer.map { "as seat \($0.index) saw it" } ?? "as a spectator saw it"
        var device = [state.profile.name, state.matchingPosture?.rawValue ?? "custom", state.orientation.rawValue]
        if state.profile.fold != nil { device.append("fold \((state.foldPosition * 100).rounded() / 100)") }
        let header = try? ReplaySummary.header(of: replay)
        let name = URL(fileURLWithPath: fileName).lastPathComponent
        return [
            "\(registration.title) (\(header?.variant ?? registration.defaultVariant))", name, viewer, device.joined(separator: " "),
            "\(moves) moves",
        ].joined(separator: " · ")
    }

    /// A frame's label: the move and who made it, then what happened in up to two lines.
    static func drawLabel(_ frame: Frame, on canvas: Canvas, x: Double, y: Double, width: Double) {
        let heading = frame.mover.map { "move \(frame.step) · seat \($0.index)" } ?? "start"
        canvas.drawText(canvas.fittedText(heading, maxWidth: width - 4, style: moveStyle), x: x + 2, y: y + 3, style: moveStyle)
        let fitted = canvas.fitParagraph(frame.caption, maxWidth: width - 4, maxLines: 2, style: captionStyle)
        let style = TextStyle(size: fitted.size, color: captionStyle.color)
        for (index, line) in fitted.lines.prefix(2).enumerated() {
            let shown = index == 1 && fitted.lines.count > 2 ? fitted.lines[1...].joined(separator: " ") : line
            canvas.drawText(
                canvas.fittedText(shown, maxWidth: width - 4, style: style), x: x + 2, y: y + 18 + Double(index) * fitted.size * 1.2,
                style: style)
        }
    }
}
