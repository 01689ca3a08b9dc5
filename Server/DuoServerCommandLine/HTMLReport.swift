import Foundation
import TabletopEngine

/// A batch's results as one self-contained HTML page (`--html FILE`): the
/// summary, the rating, the expectations, inline SVG plots (the SPRT's
/// log-likelihood ratio by game, Elo with its interval by game, the score to
/// win per bot, the match lengths), the forfeits and the notable matches.
///
/// Nothing is fetched: no script, no font, no stylesheet from outside, images
/// as `data:` URIs, and a Content-Security-Policy that forbids anything else,
/// so the page opens the same from a CI artifact store or a file URL. Each
/// plot carries its figures as `data-` attributes (the points drawn, the
/// bounds) so a test can hold the drawing to the JSON.
struct HTMLReport {
    /// A match shown on the page, with why and what it looked like.
    struct Notable: Equatable {
        /// The match's index in the batch.
        var match: Int
        /// Why it is shown ("forfeit by seat 0", "shortest win", ...).
        var reasons: [String]
        /// Its replay, relative to the page (a link), when replays were kept.
        var replayLink: String?
        /// Its filmstrip as PNG, when the window program drew one.
        var filmstrip: Data?
        /// Otherwise the seat view's text form of its last position.
        var text: String?
        /// Why there is no picture, when there is none.
        var missing: String?
    }

    let report: BatchReport
    var notable: [Notable] = []
    /// The error that stopped the batch, for a page written instead of results.
    var error: String?

    /// The matches worth a look: each forfeit, the first matches against each
    /// failed expectation, the shortest and longest win, and those asked for (`--show`).
    static func pick(_ report: BatchReport, show: [Int]) -> [(match: Int, reasons: [String])] {
        var reasons: [Int: [String]] = [:]
        var order: [Int] = []
        func add(_ match: Int, _ reason: String) {
            if reasons[match] == nil { order.append(match) }
            reasons[match, default: []].append(reason)
        }
        for forfeit in report.forfeits.prefix(20) {
            add(forfeit.match, "forfeit by seat \(forfeit.seat.rawValue) (\(forfeit.bot)): \(forfeit.reason)")
        }
        for result in report.expectations where !result.passed {
            guard let kind = against(result.expectation) else { continue }
            for match in report.notable.first(kind) { add(match, "against the failed expectation \(result.expectation)") }
        }
        if let mark = report.notable.shortestWin { add(mark.match, "shortest win (\(mark.moves) moves)") }
        if let mark = report.notable.longestWin { add(mark.match, "longest win (\(mark.moves) moves)") }
        for match in show { add(match, "asked for with --show") }
        return order.map { ($0, reasons[$0] ?? []) }
    }

    /// The kind of match that counts against expectation `text` (a match bot B won for `score(A)>=0.6`).
    static func against(_ text: String) -> BatchNotableMatches.Kind? {
        guard let expectation = try? BatchExpectation(parsing: text) else { return nil }
        let wantsMore = expectation.comparison.hasPrefix(">")
        switch expectation.figure {
        case "score", "score(A)", "elo", "los": return wantsMore ? .wonByB : .wonByA
        case "score(B)": return wantsMore ? .wonByA : .wonByB
        case "firstSeat": return wantsMore ? .wonBySecondMover : .wonByFirstMover
        case "winRate(0)": return wantsMore ? .wonBySeat1 : .wonBySeat0
        case "winRate(1)": return wantsMore ? .wonBySeat0 : .wonBySeat1
        case "drawRate": return wantsMore ? nil : .drawn
        default: return nil
        }
    }

    /// The page.
    func html() -> String {
        let bots = report.bots
        let title = "\(report.game) (\(report.variant)): \(bots.first) vs \(bots.second)"
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 62em; padding: 0 1em; color: #1b1f24; background: #fff; }
            h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #d0d7de; }
            table { border-collapse: collapse; } td, th { padding: 0.2em 0.8em 0.2em 0; text-align: left; vertical-align: top; }
            .pass { color: #1a7f37; font-weight: bold; } .fail { color: #cf222e; font-weight: bold; }
            svg { background: #f6f8fa; border: 1px solid #d0d7de; margin: 0.4em 0; max-width: 100%; height: auto; }
            svg text { font: 11px system-ui, sans-serif; fill: #57606a; }
            .series { fill: none; stroke: #0969da; stroke-width: 2; } .band { fill: #0969da; opacity: 0.15; }
            .bound { stroke: #cf222e; stroke-dasharray: 4 3; } .zero { stroke: #8c959f; } .bar { fill: #0969da; }
            .bar.second { fill: #bf8700; } pre { background: #f6f8fa; padding: 0.6em; overflow-x: auto; font-size: 12px; }
            figure { margin: 1em 0; } figcaption { font-weight: bold; } img { max-width: 100%; border: 1px solid #d0d7de; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>

            """
        page += summary()
        if let error { page += "<h2>Error</h2>\n<p class=\"fail\" id=\"error\">\(escape(error))</p>\n" }
        if error == nil {
            page += rating()
            page += plots()
            page += forfeits()
            page += notableMatches()
        }
        page += "</body>\n</html>\n"
        return page
    }

    private func summary() -> String {
        let shards =
            report.shardCount == 1 ? "whole batch" : "shards \(report.shards.map(String.init).joined(separator: ", ")) of \(report.shardCount)"
        let rows: [(String, String)] = [
            ("game", "\(report.game), variant \(report.variant)"),
            ("bots", "A \(report.bots.first), B \(report.bots.second)\(report.paired ? " (pairs: each deal twice, seats swapped)" : "")"),
            ("matches", "\(report.games) of \(report.batchGames)"),
            ("seed", "\(report.seed)"),
            ("jobs, shards", "\(report.jobs) jobs, \(shards)"),
            ("duration", String(format: "%.2f s, %.0f matches/s", report.elapsedSeconds, report.matchesPerSecond)),
        ]
        return "<h2>Summary</h2>\n" + table(rows, id: "summary")
    }

    private func rating() -> String {
        let rating = report.rating
        var rows: [(String, String)] = [
            (
                "score (A)",
                String(format: "%.3f (95%% CI %.3f-%.3f), %d samples", rating.score, rating.scoreCI95[0], rating.scoreCI95[1], rating.samples)
            ),
            (
                "Elo (A - B)",
                "\(BatchReport.eloText(rating.elo)) (95% CI \(BatchReport.eloText(rating.eloCI95[0])) to \(BatchReport.eloText(rating.eloCI95[1])))"
            ),
            ("LOS", String(format: "%.1f%%", rating.los * 100)),
            (
                "first seat",
                String(
                    format: "won %d of %d (%.1f%%, 95%% CI %.1f%%-%.1f%%)", report.firstSeatWins, report.games, report.firstSeatRate * 100,
                    report.firstSeatCI95[0] * 100, report.firstSeatCI95[1] * 100)
            ),
            ("wins", "seat 0: \(report.wins.first), seat 1: \(report.wins.second), draws: \(report.draws)"),
        ]
        if let note = BatchReport.unboundedNote(rating) { rows.append(("note", note)) }
        if report.paired {
            rows.append(
                ("pentanomial", report.botOutcomes.pentanomial.map(String.init).joined(separator: " ") + " (pairs by A's points 0, ½, 1, 1½, 2)"))
        }
        for (side, bot) in [report.bots.first, report.bots.second].enumerated() {
            let mean = side == 0 ? report.botMeanScoreToWin.first : report.botMeanScoreToWin.second
            rows.append(("\(report.scoreUnit) to win, \(bot)", mean.map { String(format: "mean %.2f", $0) } ?? "won none by the rules"))
        }
        if let sprt = report.sprt {
            rows.append(
                ("SPRT \(sprt.settings.text)", "\(sprt.verdict.rawValue) after \(sprt.games) games (LLR \(String(format: "%.3f", sprt.llr)))"))
        }
        if report.matchesPlayedPastStop > 0 { rows.append(("played past the stop", "\(report.matchesPlayedPastStop) (dropped, not counted)")) }
        var html = "<h2>Rating</h2>\n" + table(rows, id: "rating")
        if !report.expectations.isEmpty {
            html += "<h2>Expectations</h2>\n<table id=\"expectations\">\n"
            for result in report.expectations {
                html +=
                    "<tr><td class=\"\(result.passed ? "pass" : "fail")\">\(result.passed ? "pass" : "FAIL")</td><td>\(escape(result.summaryText))</td></tr>\n"
            }
            html += "</table>\n"
        }
        return html
    }

    private func table(_ rows: [(String, String)], id: String) -> String {
        "<table id=\"\(id)\">\n" + rows.map { "<tr><th>\(escape($0.0))</th><td>\(escape($0.1))</td></tr>\n" }.joined() + "</table>\n"
    }

    // MARK: Plots

    private func plots() -> String {
        var html = "<h2>Plots</h2>\n"
        if let plot = sprtPlot() { html += plot }
        html += eloPlot()
        html += histogram(
            report.botScoresToWin.first, id: "score-to-win-A", title: "\(report.scoreUnit) to win: \(report.bots.first) (A)", second: false)
        html += histogram(
            report.botScoresToWin.second, id: "score-to-win-B", title: "\(report.scoreUnit) to win: \(report.bots.second) (B)", second: true)
        html += histogram(report.matchLengths, id: "match-lengths", title: "match length (moves, forfeits included)", second: false)
        return html
    }

    private static let width = 640.0
    private static let height = 240.0
    private static let left = 56.0
    private static let right = 16.0
    private static let top = 24.0
    private static let bottom = 32.0

    private struct Frame {
        var xRange: ClosedRange<Double>
        var yRange: ClosedRange<Double>
        func x(_ value: Double) -> Double {
            let span = max(1e-9, xRange.upperBound - xRange.lowerBound)
            return HTMLReport.left + (value - xRange.lowerBound) / span * (HTMLReport.width - HTMLReport.left - HTMLReport.right)
        }
        func y(_ value: Double) -> Double {
            let span = max(1e-9, yRange.upperBound - yRange.lowerBound)
            let clamped = min(yRange.upperBound, max(yRange.lowerBound, value))
            return HTMLReport.height - HTMLReport.bottom - (clamped - yRange.lowerBound) / span
                * (HTMLReport.height - HTMLReport.top - HTMLReport.bottom)
        }
    }

    private func svgOpen(_ id: String, _ title: String, attributes: String) -> String {
        "<figure>\n<figcaption>\(escape(title))</figcaption>\n"
            + "<svg id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\" "
            + "viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" aria-label=\"\(escape(title))\" \(attributes)>\n"
    }

    private func axes(_ frame: Frame, xLabel: String, yTicks: [Double], format: (Double) -> String) -> String {
        var svg = ""
        let baseline = Self.height - Self.bottom
        svg += "<line class=\"zero\" x1=\"\(Self.left)\" y1=\"\(baseline)\" x2=\"\(Self.width - Self.right)\" y2=\"\(baseline)\"/>\n"
        svg += "<line class=\"zero\" x1=\"\(Self.left)\" y1=\"\(Self.top)\" x2=\"\(Self.left)\" y2=\"\(baseline)\"/>\n"
        for tick in yTicks {
            svg += "<text x=\"\(Self.left - 4)\" y=\"\(num(frame.y(tick) + 4))\" text-anchor=\"end\">\(escape(format(tick)))</text>\n"
        }
        svg += "<text x=\"\(Self.left)\" y=\"\(Self.height - 8)\">\(String(format: "%g", frame.xRange.lowerBound))</text>\n"
        svg +=
            "<text x=\"\(Self.width - Self.right)\" y=\"\(Self.height - 8)\" text-anchor=\"end\">\(String(format: "%g", frame.xRange.upperBound))</text>\n"
        svg += "<text x=\"\(Self.width / 2)\" y=\"\(Self.height - 8)\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        return svg
    }

    /// The SPRT's log-likelihood ratio after each game (each pair when paired), as the test saw it.
    static func llrSeries(_ report: BatchReport) -> [Double] {
        guard let sprt = report.sprt, let outcomes = report.outcomes else { return [] }
        var test = SequentialTest(settings: sprt.settings, paired: report.paired)
        var series: [Double] = []
        let games = outcomes.compactMap(GameOutcome.init(rawValue:)).prefix(sprt.games)
        var first: GameOutcome?
        for outcome in games {
            let decided: Bool
            if report.paired {
                guard let previous = first else {
                    first = outcome
                    continue
                }
                first = nil
                decided = test.addPair(previous, outcome)
            } else {
                decided = test.add(outcome)
            }
            series.append(test.llr)
            if decided { break }
        }
        return series
    }

    private func sprtPlot() -> String? {
        guard let sprt = report.sprt else { return nil }
        let series = Self.llrSeries(report)
        let unit = report.paired ? "pair" : "game"
        let low = min(sprt.lower, series.min() ?? 0) * 1.1
        let high = max(sprt.upper, series.max() ?? 0) * 1.1
        let frame = Frame(xRange: 0...Double(max(1, series.count)), yRange: low...high)
        var svg = svgOpen(
            "plot-sprt", "SPRT \(sprt.settings.text): log-likelihood ratio by \(unit) (\(sprt.verdict.rawValue))",
            attributes:
                "data-plot=\"sprt\" data-points=\"\(series.count)\" data-lower=\"\(sprt.lower)\" data-upper=\"\(sprt.upper)\" data-llr=\"\(sprt.llr)\""
        )
        svg += axes(frame, xLabel: "\(unit)s", yTicks: [sprt.lower, 0, sprt.upper]) { String(format: "%.2f", $0) }
        for (name, value) in [("lower", sprt.lower), ("upper", sprt.upper)] {
            svg +=
                "<line class=\"bound\" data-bound=\"\(name)\" data-value=\"\(value)\" x1=\"\(Self.left)\" y1=\"\(num(frame.y(value)))\" "
                + "x2=\"\(Self.width - Self.right)\" y2=\"\(num(frame.y(value)))\"/>\n"
        }
        let points = ([(0.0, 0.0)] + series.enumerated().map { (Double($0.offset + 1), $0.element) })
        svg += "<polyline class=\"series\" points=\"\(points.map { "\(num(frame.x($0.0))),\(num(frame.y($0.1)))" }.joined(separator: " "))\"/>\n"
        if let last = points.last, series.count > 0 {
            svg += "<circle data-stop=\"\(series.count)\" cx=\"\(num(frame.x(last.0)))\" cy=\"\(num(frame.y(last.1)))\" r=\"4\" fill=\"#cf222e\"/>\n"
        }
        return svg + "</svg>\n</figure>\n"
    }

    /// Bot A's rating after each part of the trend: the games so far and the rating of them.
    static func eloSeries(_ report: BatchReport) -> [(games: Int, rating: Rating)] {
        var cumulative = OutcomeCounts()
        return report.trend.map { counts in
            cumulative.merge(counts)
            return (cumulative.games, Rating(cumulative))
        }
    }

    private func eloPlot() -> String {
        let series = Self.eloSeries(report)
        let finite = series.flatMap { [$0.rating.elo] + $0.rating.eloCI95 }.filter(\.isFinite)
        let low = min(-50, (finite.min() ?? -50) - 20)
        let high = max(50, (finite.max() ?? 50) + 20)
        let frame = Frame(xRange: 0...Double(max(1, report.games)), yRange: low...high)
        let unbounded = series.filter { !$0.rating.eloCI95[0].isFinite || !$0.rating.eloCI95[1].isFinite }.count
        var svg = svgOpen(
            "plot-elo", "Elo of A minus B with its 95% interval, by game",
            attributes: "data-plot=\"elo\" data-points=\"\(series.count)\" data-unbounded=\"\(unbounded)\" "
                + "data-final-low=\"\(BatchReport.eloText(report.rating.eloCI95[0]))\" data-final-high=\"\(BatchReport.eloText(report.rating.eloCI95[1]))\""
        )
        svg += axes(frame, xLabel: "games", yTicks: [low, 0, high]) { String(format: "%+.0f", $0) }
        svg += "<line class=\"zero\" x1=\"\(Self.left)\" y1=\"\(num(frame.y(0)))\" x2=\"\(Self.width - Self.right)\" y2=\"\(num(frame.y(0)))\"/>\n"
        if !series.isEmpty {
            // The band: upper ends left to right, then lower ends back; an infinite end is drawn at the plot's edge.
            let upper = series.map { "\(num(frame.x(Double($0.games)))),\(num(frame.y($0.rating.eloCI95[1])))" }
            let lower = series.reversed().map { "\(num(frame.x(Double($0.games)))),\(num(frame.y($0.rating.eloCI95[0])))" }
            svg += "<polygon class=\"band\" points=\"\((upper + lower).joined(separator: " "))\"/>\n"
            svg +=
                "<polyline class=\"series\" points=\"\(series.map { "\(num(frame.x(Double($0.games)))),\(num(frame.y($0.rating.elo)))" }.joined(separator: " "))\"/>\n"
        }
        if unbounded > 0 {
            svg +=
                "<text x=\"\(Self.width - Self.right)\" y=\"\(Self.top - 8)\" text-anchor=\"end\">an interval end at the edge is unbounded (±inf)</text>\n"
        }
        return svg + "</svg>\n</figure>\n"
    }

    private func histogram(_ histogram: ScoreHistogram, id: String, title: String, second: Bool) -> String {
        let entries = histogram.entries
        guard let low = histogram.minimum, let high = histogram.maximum else {
            return "<figure>\n<figcaption>\(escape(title))</figcaption>\n<p id=\"\(id)\">no matches</p>\n</figure>\n"
        }
        // At most 40 bars of equal width.
        let width = max(1, (high - low + 40) / 40)
        var bins = [Int](repeating: 0, count: (high - low) / width + 1)
        for entry in entries { bins[(entry.score - low) / width] += entry.matches }
        let tallest = Double(bins.max() ?? 1)
        let frame = Frame(xRange: Double(low)...Double(low + bins.count * width), yRange: 0...tallest)
        var svg = svgOpen(
            id, title,
            attributes:
                "data-plot=\"histogram\" data-bars=\"\(bins.count)\" data-matches=\"\(histogram.matches)\" data-min=\"\(low)\" data-max=\"\(high)\"")
        svg += axes(frame, xLabel: width == 1 ? "" : "bins of \(width)", yTicks: [0, tallest]) { String(Int($0)) }
        let barWidth = (frame.x(Double(low + width)) - frame.x(Double(low))) * 0.9
        for (index, count) in bins.enumerated() where count > 0 {
            let x = frame.x(Double(low + index * width))
            let y = frame.y(Double(count))
            svg +=
                "<rect class=\"bar\(second ? " second" : "")\" data-count=\"\(count)\" x=\"\(num(x))\" y=\"\(num(y))\" "
                + "width=\"\(num(barWidth))\" height=\"\(num(Self.height - Self.bottom - y))\"><title>\(low + index * width): \(count)</title></rect>\n"
        }
        return svg + "</svg>\n</figure>\n"
    }

    // MARK: Forfeits and notable matches

    private func forfeits() -> String {
        var html = "<h2>Forfeits and errors</h2>\n"
        guard !report.forfeits.isEmpty else { return html + "<p id=\"forfeits\">No match was forfeited; no error stopped the batch.</p>\n" }
        html += "<table id=\"forfeits\">\n<tr><th>match</th><th>seat</th><th>bot</th><th>reason</th></tr>\n"
        for forfeit in report.forfeits {
            html +=
                "<tr><td>\(forfeit.match)</td><td>\(forfeit.seat.rawValue)</td><td>\(escape(forfeit.bot))</td><td>\(escape(forfeit.reason))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    private func notableMatches() -> String {
        var html = "<h2>Notable matches</h2>\n"
        guard !notable.isEmpty else { return html + "<p>None.</p>\n" }
        for match in notable {
            html += "<section class=\"notable\" id=\"match-\(match.match)\" data-match=\"\(match.match)\">\n<h3>match \(match.match)</h3>\n<ul>\n"
            html += match.reasons.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
            if let link = match.replayLink { html += "<p><a href=\"\(escape(link))\">replay</a></p>\n" }
            if let png = match.filmstrip {
                html +=
                    "<img class=\"filmstrip\" alt=\"filmstrip of match \(match.match)\" src=\"data:image/png;base64,\(png.base64EncodedString())\">\n"
            } else if let text = match.text {
                html += "<pre class=\"seat-view\">\(escape(text))</pre>\n"
            } else if let missing = match.missing {
                html += "<p>\(escape(missing))</p>\n"
            }
            html += "</section>\n"
        }
        return html
    }

    private func num(_ value: Double) -> String { String(format: "%.1f", value) }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
