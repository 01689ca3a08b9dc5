import Foundation

extension BatchReport {
    /// The summary `duo-server match` prints: wins per seat with 95%
    /// intervals, the first-mover count, mean and histogram of shots to win,
    /// and the speed.
    public var summaryText: String {
        var lines: [String] = []
        let shardNote = shardCount > 1 ? ", shard\(shards.count > 1 ? "s" : "") \(shards.map(String.init).joined(separator: ",")) of \(shardCount)" : ""
        lines.append("\(game) (\(variant)): \(bots.first) vs \(bots.second), \(games) matches, seed \(seed)\(shardNote)")
        let nameWidth = max(bots.first.count, bots.second.count)
        for seat in Seat.allCases {
            let name = bots[seat].padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            lines.append("  \(seat)  \(name)  wins \(pad(wins[seat], to: String(games).count))  "
                + "\(percent(winRate[seat]))  95% CI \(percent(winRateCI95[seat][0]))-\(percent(winRateCI95[seat][1]))")
        }
        let firstShare = games > 0 ? Double(firstSeatWins) / Double(games) : 0
        lines.append("  draws \(draws); the seat that moved first won \(firstSeatWins) (\(percent(firstShare)))")
        if let mean = meanShotsToWin, let low = shotsToWin.minimum, let high = shotsToWin.maximum {
            lines.append("shots to win: mean \(String(format: "%.2f", mean)), min \(low), max \(high)")
            lines += histogramLines(low: low, high: high)
        } else {
            lines.append("shots to win: no match was won")
        }
        lines.append("\(games) matches in \(String(format: "%.2f", elapsedSeconds)) s: "
            + "\(Int(matchesPerSecond.rounded())) matches/s with \(jobs) job\(jobs == 1 ? "" : "s")")
        return lines.joined(separator: "\n")
    }

    /// At most 16 rows of equal-width bins from `low` to `high`, bars scaled to 40 characters.
    private func histogramLines(low: Int, high: Int) -> [String] {
        let width = max(1, (high - low + 16) / 16)
        var bins: [(from: Int, to: Int, count: Int)] = []
        var start = low
        while start <= high {
            let end = start + width - 1
            var count = 0
            for value in start...end where value < shotsToWin.counts.count { count += shotsToWin.counts[value] }
            bins.append((start, end, count))
            start += width
        }
        let largest = max(1, bins.map(\.count).max() ?? 1)
        let labelWidth = String(high + width).count
        return bins.map { bin in
            let label = width == 1 ? pad(bin.from, to: labelWidth) + String(repeating: " ", count: labelWidth + 1)
                                   : pad(bin.from, to: labelWidth) + "-" + pad(bin.to, to: labelWidth)
            let bar = String(repeating: "#", count: Int((Double(bin.count) / Double(largest) * 40).rounded(.up)))
            return "  \(label) |\(bar.padding(toLength: 40, withPad: " ", startingAt: 0)) \(bin.count)"
        }
    }

    private func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    private func pad(_ value: Int, to width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
