import TabletopEngine

/// The `density-v1` bot's shot (the first density bot, kept so benchmarks
/// and `duo-server match` can measure the new one against it): the open cell
/// covered by the most positions of the remaining ships that agree with
/// everything known, counted from scratch on every shot.
enum LegacyDensityShooter {
    /// With open hits, a position through `k` of them weighs this much more
    /// per hit, so the bot finishes ships before searching elsewhere.
    static let hitWeight: Int32 = 32

    static func pick(_ knowledge: TargetKnowledge, game: Broadside, generator: inout SeededGenerator) -> Cell {
        var counts = InlineArray<256, Int32>(repeating: 0)
        let hunting = !knowledge.openHits.isEmpty
        for ship in knowledge.remaining {
            let length = game.length(of: ship)
            for shape in game.table.shapes[length] where !shape.mask.intersects(knowledge.blocked) {
                var weight: Int32 = 1
                if hunting {
                    let through = Int32(shape.mask.intersection(knowledge.openHits).count)
                    // Target mode: only positions through a hit explain it.
                    guard through > 0 else { continue }
                    weight = through * hitWeight
                }
                var index = Int(shape.origin.index)
                let step = shape.heading.step
                for _ in 0..<length {
                    counts[index] &+= weight
                    index += step
                }
            }
        }
        // The best open cell; ties broken uniformly at random (reservoir sampling).
        var best: Int32 = 0
        var chosen: Cell?
        var ties: UInt64 = 0
        for cell in knowledge.open {
            let count = counts[Int(cell.index)]
            if count > best {
                best = count
                chosen = cell
                ties = 1
            } else if count == best && count > 0 {
                ties += 1
                if generator.next(below: ties) == 0 { chosen = cell }
            }
        }
        return chosen ?? knowledge.randomOpenCell(&generator)
    }
}
