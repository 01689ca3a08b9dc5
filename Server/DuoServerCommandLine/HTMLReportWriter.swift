import DuoArguments
import Foundation
import TabletopEngine

/// Writes `--html FILE` for `match` and `merge`: picks the notable matches,
/// draws each from its replay and writes the page (``HTMLReport``).
///
/// A notable match's picture is its filmstrip, drawn by the window program
/// beside this one (`duo` beside `duo-server`, `noughts` beside
/// `noughts-server`) with `filmstrip --replay FILE --out FILE.png`, so the
/// game's own table paints it offscreen; when that program is missing or
/// cannot draw one, the page shows the seat view's text form of the match's
/// last position instead.
enum HTMLReportWriter {
    /// The `--show MATCH` values: match indices of the batch.
    static func shownMatches(_ values: [String], games: Int) throws -> [Int] {
        try values.map { value in
            guard let match = Int(value), match >= 0, match < games else {
                throw ArgumentError("--show: '\(value)' is not a match of the batch (0...\(games - 1))")
            }
            return match
        }
    }

    /// Writes the page for `report` to `path`.
    /// - Parameters:
    ///   - replays: the folder holding the batch's replays (`match-NNNNNN.jsonl`), if any.
    ///   - linkReplays: whether the page links to them (they were asked for with `--replays`, not kept only for the page).
    ///   - game: the loaded game, for the seat view's text form (nil: no text form).
    static func write(
        _ report: BatchReport, to path: String, show: [Int], replays: URL?, linkReplays: Bool, game: AnyGame?, error: String? = nil, tool: String
    ) {
        var page = HTMLReport(report: report, error: error)
        if error == nil {
            let pageDirectory = URL(fileURLWithPath: path).deletingLastPathComponent()
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("duo-report-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            for (match, reasons) in HTMLReport.pick(report, show: show) {
                var notable = HTMLReport.Notable(match: match, reasons: reasons)
                let file = replays?.appendingPathComponent(BatchRunner.replayFileName(index: match, games: report.batchGames))
                guard let file, let data = try? Data(contentsOf: file) else {
                    notable.missing = "no replay of this match (in another shard's folder, or not kept: play with --replays DIR)"
                    page.notable.append(notable)
                    continue
                }
                if linkReplays { notable.replayLink = relativePath(of: file, from: pageDirectory) }
                if let png = filmstrip(of: file, scratch: scratch, match: match) {
                    notable.filmstrip = png
                } else if let game, let text = textForm(of: data, game: game) {
                    notable.text = text
                } else {
                    notable.missing = "the replay could not be read"
                }
                page.notable.append(notable)
            }
        }
        ReportOutput.write([(path, Data(page.html().utf8))], tool: tool)
    }

    /// The last position of the match as each seat saw it: the game's text form of its seat views.
    static func textForm(of replay: Data, game: AnyGame) -> String? {
        var parts: [String] = []
        for seat in [Seat.first, .second] {
            guard let last = (try? game.replayFrames(replay, viewer: seat))?.last else { return nil }
            parts.append("seat \(seat.rawValue) after move \(last.number)\(last.move.map { " (\($0))" } ?? ""):\n" + last.picture)
        }
        return parts.joined(separator: "\n\n")
    }

    /// The window program beside this one: `duo` for `duo-server`, nil when there is none.
    static func siblingProgram() -> URL? {
        let name = DuoServerCommand.tool
        guard name.hasSuffix("-server") else { return nil }
        let sibling = String(name.dropLast("-server".count))
        // The folder this program was started from (as typed, so a link's folder counts), else the executable's own.
        let invoked = CommandLine.arguments.first ?? ""
        var folders: [URL] = []
        if invoked.contains("/") { folders.append(URL(fileURLWithPath: invoked).deletingLastPathComponent()) }
        if let executable = Bundle.main.executableURL { folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()) }
        for folder in folders {
            let candidate = folder.appendingPathComponent(sibling)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The filmstrip of the replay at `file` as PNG, drawn by the sibling window program; nil when it cannot.
    static func filmstrip(of file: URL, scratch: URL, match: Int) -> Data? {
        guard let program = siblingProgram() else { return nil }
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let output = scratch.appendingPathComponent("match-\(match).png")
        let process = Process()
        process.executableURL = program
        process.arguments = ["filmstrip", "--replay", file.path, "--out", output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        // Offscreen: a CI runner has no display.
        if environment["SDL_VIDEODRIVER"] == nil { environment["SDL_VIDEODRIVER"] = "offscreen" }
        process.environment = environment
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0, let data = try? Data(contentsOf: output),
            data.starts(with: [0x89, 0x50, 0x4E, 0x47])
        else { return nil }
        return data
    }

    /// `file`'s path relative to `folder` (`replays/match-000003.jsonl`), or its file URL when they share nothing but the root.
    static func relativePath(of file: URL, from folder: URL) -> String {
        let target = file.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        guard common > 1 else { return file.standardizedFileURL.absoluteString }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }.joined(separator: "/")
    }
}
