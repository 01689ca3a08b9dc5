import Foundation

extension BatchReport {
    /// The summary `duo-server match` prints: wins per seat with 95%
    /// intervals, bot A against bot B (score, Elo, LOS, and the pairs when
    /// paired), the first-seat advantage, the SPRT's verdict, forfeits, mean
    /// and histogram of the winner's score, posture-check totals,
    /// expectations, and the speed. `--json` carries every figure shown.
    public var summaryText: String {
        var lines: [String] = []
        let shardNote =
            shardCount > 1 ? ", shard\(shards.count > 1 ? "s" : "") \(shards.map(String.init).joined(separator: ",")) of \(shardCount)" : ""
        let pairNote = paired ? " (\(games / 2) pairs: each deal twice, seats swapped)" : ""
        lines.append("\(game) (\(variant)): \(bots.first) vs \(bots.second), \(games) matches\(pairNote), seed \(seed)\(shardNote)")
        if paired {
            lines.append("  seats: \(bots.first) in seat 0 and \(bots.second) in seat 1 in the first match of each pair, swapped in the second")
        }
        let seatNames = paired ? SeatPair("seat 0", "seat 1") : SeatPair("seat 0  \(bots.first)", "seat 1  \(bots.second)")
        let nameWidth = max(seatNames.first.count, seatNames.second.count)
        for seat in Seat.allCases {
            let name = seatNames[seat].padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            lines.append(
                "  \(name)  wins \(pad(wins[seat], to: String(games).count))  "
                    + "\(percent(winRate[seat]))  95% CI \(percent(winRateCI95[seat][0]))-\(percent(winRateCI95[seat][1]))")
        }
        lines.append("  draws \(draws)")
        let basis = sprt?.covers == .wholeBatch && sprt!.games != games ? " over the \(sprt!.games) games the SPRT used" : ""
        lines.append(
            "\(bots.first) vs \(bots.second)\(basis): score \(decimal(rating.score)) "
                + "(95% CI \(decimal(rating.scoreCI95[0]))-\(decimal(rating.scoreCI95[1]))), "
                + "Elo \(Self.eloText(rating.elo)) (95% CI \(Self.eloText(rating.eloCI95[0])) to \(Self.eloText(rating.eloCI95[1]))), "
                + "LOS \(percent(rating.los))")
        if let note = Self.unboundedNote(rating) { lines.append("  \(note)") }
        if paired {
            // The pairs the rating rests on (with a merged SPRT: those its test used).
            let rated = sprt.flatMap { $0.covers == .wholeBatch ? $0.counts : nil } ?? botOutcomes
            let counts = rated.pentanomial.map(String.init).joined(separator: " ")
            lines.append("  pairs by \(bots.first)'s points (0, 1/2, 1, 3/2, 2): \(counts)")
        }
        lines.append(
            "first-seat advantage: the seat that moved first won \(firstSeatWins) of \(games) "
                + "(\(percent(firstSeatRate)), 95% CI \(percent(firstSeatCI95[0]))-\(percent(firstSeatCI95[1])))")
        if let sprt { lines.append(sprtLine(sprt)) }
        if !forfeits.isEmpty {
            lines.append("forfeits: \(forfeits.count) match\(forfeits.count == 1 ? "" : "es") lost by a broken outside bot")
            for forfeit in forfeits.prefix(10) {
                lines.append("  match \(forfeit.match): \(forfeit.bot) (\(forfeit.seat)) \(forfeit.reason)")
            }
            if forfeits.count > 10 { lines.append("  (\(forfeits.count - 10) more in --json)") }
        }
        if let mean = meanScoreToWin, let low = scoresToWin.minimum, let high = scoresToWin.maximum {
            lines.append("\(scoreUnit) to win: mean \(String(format: "%.2f", mean)), min \(low), max \(high)")
            let byBot = [bots.first, bots.second].enumerated().map { side, bot in
                let histogram = side == 0 ? botScoresToWin.first : botScoresToWin.second
                guard let mean = histogram.mean, let low = histogram.minimum, let high = histogram.maximum else { return "\(bot) won none" }
                return
                    "\(bot) \(String(format: "%.2f", mean)) (\(histogram.matches) win\(histogram.matches == 1 ? "" : "s"), min \(low), max \(high))"
            }
            lines.append("  mean by bot: \(byBot.joined(separator: "; "))")
            lines += histogramLines(low: low, high: high)
        } else {
            lines.append("\(scoreUnit) to win: no match was won by the rules")
        }
        if let postures { lines.append(postures.summaryText) }
        for result in expectations {
            lines.append("expect \(result.passed ? "ok    " : "FAILED") \(result.summaryText)")
        }
        if shards.count > 1 {
            lines.append(
                "\(games) matches over \(shards.count) shards: \(String(format: "%.2f", elapsedSeconds)) s of play summed over the shards, "
                    + "\(Int(matchesPerSecond.rounded())) matches/s summed over them (their throughput run at once), \(jobs) jobs in all")
        } else {
            lines.append(
                "\(games) matches in \(String(format: "%.2f", elapsedSeconds)) s: "
                    + "\(Int(matchesPerSecond.rounded())) matches/s with \(jobs) job\(jobs == 1 ? "" : "s")")
        }
        return lines.joined(separator: "\n")
    }

    private func sprtLine(_ sprt: BatchSPRT) -> String {
        let bounds = "LLR \(String(format: "%.2f", sprt.llr)), bounds \(String(format: "%.2f", sprt.lower)) and \(String(format: "%.2f", sprt.upper))"
        let verdict: String =
            switch sprt.verdict {
            case .h1: "H1 accepted (\(bots.first) is about \(format(sprt.settings.elo1)) Elo stronger or more) after \(sprt.games) games"
            case .h0: "H0 accepted (\(bots.first) is not \(format(sprt.settings.elo1)) Elo stronger) after \(sprt.games) games"
            case .undecided: "undecided after \(sprt.games) games (the batch ran out)"
            }
        let pending = sprt.covers == .shardOnly ? " in this shard alone; 'duo-server merge' of every shard gives the batch's verdict" : ""
        var line = "SPRT \(sprt.settings.text): \(verdict)\(pending) (\(bounds))"
        if matchesPlayedPastStop > 0 {
            line +=
                "\n  \(matchesPlayedPastStop) match\(matchesPlayedPastStop == 1 ? "" : "es") already started at the stop "
                + "\(matchesPlayedPastStop == 1 ? "was" : "were") played and dropped (not counted)"
        }
        return line
    }

    /// At most 16 rows of equal-width bins from `low` to `high`, bars scaled to 40 characters.
    private func histogramLines(low: Int, high: Int) -> [String] {
        let width = max(1, (high - low + 16) / 16)
        var bins: [(from: Int, to: Int, count: Int)] = []
        var start = low
        while start <= high {
            let end = start + width - 1
            var count = 0
            for value in start...end where value < scoresToWin.counts.count { count += scoresToWin.counts[value] }
            bins.append((start, end, count))
            start += width
        }
        let largest = max(1, bins.map(\.count).max() ?? 1)
        let labelWidth = String(high + width).count
        return bins.map { bin in
            let label =
                width == 1
                ? pad(bin.from, to: labelWidth) + String(repeating: " ", count: labelWidth + 1)
                : pad(bin.from, to: labelWidth) + "-" + pad(bin.to, to: labelWidth)
            let bar = String(repeating: "#", count: Int((Double(bin.count) / Double(largest) * 40).rounded(.up)))
            return "  \(label) |\(bar.padding(toLength: 40, withPad: " ", startingAt: 0)) \(bin.count)"
        }
    }

    private func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
    private func decimal(_ value: Double) -> String { String(format: "%.3f", value) }
    /// An Elo figure: `+12.3`, or `+inf` / `-inf` for an infinite one (no bound).
    public static func eloText(_ value: Double) -> String {
        UnboundedNumber.infinityText(value) ?? String(format: "%+.1f", value)
    }

    /// The sentence saying why an Elo figure is infinite, or nil when none is.
    public static func unboundedNote(_ rating: Rating) -> String? {
        if rating.score >= 1 { return "every game won: the Elo difference has no upper bound (+inf)" }
        if rating.score <= 0 && rating.samples > 0 { return "every game lost: the Elo difference has no lower bound (-inf)" }
        if rating.eloCI95[1].isInfinite && rating.samples > 0 {
            return "the interval reaches a score of 1: no upper bound on the Elo difference (+inf)"
        }
        if rating.eloCI95[0].isInfinite && rating.samples > 0 {
            return "the interval reaches a score of 0: no lower bound on the Elo difference (-inf)"
        }
        return nil
    }
    private func format(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    private func pad(_ value: Int, to width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
