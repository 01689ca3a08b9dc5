import DuoNet
import Foundation

extension MatchServer {
    /// The text of `/metrics` now.
    func metricsExposition() -> String {
        var live = 0
        var kept = 0
        var open = 0
        for match in matches.values {
            // A suspended match (journal failed) is neither: it waits for a restart.
            if match.stage == .live && !match.isOver { live += 1 } else if match.isOver { kept += 1 }
            if match.journal.isOpen { open += 1 }
        }
        return metrics.exposition(
            ServerMetrics.Gauges(
                connections: clients.count, liveMatches: live, waitingMatches: waitingCount,
                finishedMatchesKept: kept, openJournals: open, ready: recovered && !draining))
    }

    /// What journal syncs report to: the fsync-latency histogram.
    var fsyncObserver: JournalFile.SyncObserver {
        { [metrics] duration in metrics.fsyncLatency.observe(duration) }
    }
}
