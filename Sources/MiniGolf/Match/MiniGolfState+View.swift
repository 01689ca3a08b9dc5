import TabletopEngine

extension MiniGolfState {
    /// The state a public view shows (golf has no secrets, so the view is the
    /// whole table but the honour, which only decides who tees off next and is
    /// kept from `previous`): what a networked table draws.
    init(showing view: MiniGolfPublicView, previous: MiniGolfState) {
        self.init(
            hole: view.hole, turn: view.toMove ?? previous.turn, honour: view.toMove ?? previous.honour, balls: view.balls,
            progress: view.progress, scorecard: view.scorecard, lastShot: view.lastShot)
    }
}
