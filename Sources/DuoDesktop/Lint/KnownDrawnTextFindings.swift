extension DrawnTextLint {
    /// The drawn-text findings the engine knows of and has not fixed yet, each
    /// with its reason: `duo lint` prints them as `known:` and passes. The list
    /// only shrinks; a finding it does not name fails the lint. Each entry is one
    /// problem of issue 21 ("Defects seen in fifteen minutes of play"), whose
    /// fixes are under way in the games' tables and the session.
    public static let knownFindings: [KnownDrawnTextFinding] = [
        KnownDrawnTextFinding(
            game: "*", rule: "crossesRegion", place: "the hotkey help",
            reason: "issue 21 defect 7: the hotkey help (H) is drawn across the fold"),
        KnownDrawnTextFinding(
            game: "*", rule: "cut", place: "the hotkey help",
            reason: "issue 21 defect 7: the hotkey help's lines are cut in a window narrower than they are (closed, portrait)"),
        KnownDrawnTextFinding(
            game: "*", rule: "overlapsText", place: "the hotkey help",
            reason: "issue 21 defect 7: the hotkey help covers the status line in a window shorter than it is (closed, landscape)"),
        KnownDrawnTextFinding(
            game: "*", rule: "coveredByOverlay", place: "*",
            reason: "issue 21 defect 7: the regions overlay's (G) labels cover the HUD's texts"),
        KnownDrawnTextFinding(
            game: "*", rule: "overlapsText", place: "the regions overlay",
            reason: "issue 21 defect 7: the regions overlay's (G) labels of neighbouring regions overlap each other"),
        KnownDrawnTextFinding(
            game: "*", rule: "cut", place: "'news'",
            reason: "issue 21 defect 7: the news caption is cut ('NEWS · 3 newer (Pg…') in a narrow news box"),
        KnownDrawnTextFinding(
            game: "broadside", rule: "tooSmall", place: "'secondary-board'",
            reason: "issue 21 defect 5: the own fleet's small board sets its row and column labels at 0.45 of a cell (down to 4.6 pt)"),
        KnownDrawnTextFinding(
            game: "minigolf", rule: "overlapsText", place: "'course'",
            reason: "issue 21 defects 5 and 8: with no caddie view, the banner is drawn over the course and its aim readout"),
        KnownDrawnTextFinding(
            game: "noughts", rule: "crossesElement", place: "'turn'",
            reason:
                "issue 21 defect 6: at a replay's end (the replay sends no result) the Noughts package's table says 'Waiting for the match', "
                + "unfitted at 15 pt and wider than its turn cell"),
    ]
}
