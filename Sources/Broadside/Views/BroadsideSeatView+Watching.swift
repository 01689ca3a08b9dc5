import TabletopEngine

extension BroadsideSeatView {
    /// What a spectator is shown, in the shape of seat 0's view so a front
    /// end draws it with the same code: seat 1's board as the target, seat
    /// 0's board as the own board, and as seat 0's fleet only its sunk
    /// ships. Built from the public view alone, so it holds nothing more.
    public init(watching view: BroadsidePublicView) {
        self.init(
            seat: .first, phase: view.phase, turn: view.turn, salvoSize: view.salvoSize,
            fleet: view.boards.first.sunk, afloat: view.afloat.first, ownBoard: view.boards.first,
            aimed: CellSet(), opponentReady: view.ready.second, target: view.boards.second,
            opponentAfloat: view.afloat.second, shotsFired: view.shotsFired, lastVolley: view.lastVolley,
            winner: view.winner)
    }
}
