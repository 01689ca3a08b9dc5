/// The chance that a seat wins a classic battle when both seats fire
/// uniformly at random among the cells they have not fired at (the `random`
/// shooter, the search's rollout bot): exact, from the cells each seat has
/// left to fire at and the ship cells among them, instead of played out.
///
/// A seat with `open` cells left, `left` of them ship cells, sinks the fleet
/// with its t-th shot at the latest with chance C(t, left) / C(open, left)
/// (its last ship cell falls among the first t of a random order). The seat
/// firing first wins when it needs no more shots than the other.
enum RandomFireOdds {
    /// The chance that the seat firing next wins, given each seat's open
    /// cells and the ship cells left among them (at least one each).
    static func firstShooterWins(open: Int, left: Int, otherOpen: Int, otherLeft: Int) -> Double {
        var mover = Countdown(open: open, left: left)
        var other = Countdown(open: otherOpen, left: otherLeft)
        var wins = 0.0
        for _ in 0..<mover.open {
            let before = mover.sunkBy
            let otherBefore = other.sunkBy
            mover.fire()
            other.fire()
            // Sunk with exactly this shot, before the other seat's shot of the same number.
            wins += (mover.sunkBy - before) * (1 - otherBefore)
        }
        return wins
    }

    /// One seat's chance, shot after shot, that its fleet-sinking shot has come.
    struct Countdown {
        let open: Int
        let left: Int
        /// Shots fired so far.
        var shots = 0
        /// The chance that the last ship cell was among them: C(shots, left) / C(open, left).
        var sunkBy = 0.0

        init(open: Int, left: Int) {
            self.open = max(open, 1)
            self.left = min(max(left, 1), self.open)
        }

        /// One more shot.
        mutating func fire() {
            shots += 1
            if shots >= open {
                sunkBy = 1
            } else if shots == left {
                // 1 / C(open, left), as a product that stays in range.
                var chance = 1.0
                for index in 0..<left { chance *= Double(index + 1) / Double(open - left + index + 1) }
                sunkBy = chance
            } else if shots > left {
                sunkBy *= Double(shots) / Double(shots - left)
            }
        }
    }
}
