import TabletopEngine

/// A message the engine shows at a seat's table about the match itself,
/// not its moves: the connection (the match code to read out while waiting
/// for the opponent, connecting, reconnecting, lost) and, less loudly, that
/// the table only watches (a spectator, a replay) or that the match is over.
/// ``SeatSession/notice`` says which; the engine draws it for every game, in
/// the game's news box (``DesktopElementID/news``) while it shows, else in a
/// strip of its own (``elementID``) that the fold-aware layout places like
/// any strip, so `duo lint`'s rules hold for it either way.
public struct TableNotice: Sendable, Hashable {
    /// The HUD element id of the strip a notice gets on a screen with no news box.
    public static let elementID = "notice"
    /// The strip's height for a prominent notice: room for a headline readable across a table.
    public static let height = 96.0
    /// The strip's height for a quiet notice (spectating, a replay, the end).
    public static let quietHeight = 44.0
    /// The size of a prominent notice's headline (the match code), before it shrinks to fit.
    public static let headlineSize = 36.0

    /// The small caption above ("WAITING FOR AN OPPONENT", "RECONNECTING · ATTEMPT 2").
    public var caption: String
    /// The big line (the code itself, "Connection lost").
    public var headline: String
    /// One line of detail under it (how to join, why, what to press).
    public var detail: String
    /// Whether it reports trouble (drawn in the warning colour).
    public var isWarning: Bool
    /// Whether it is a prominent notice (the connection: the news box shows
    /// only it), or a quiet one (a band over the news, which goes on under it).
    public var isProminent: Bool

    /// A notice from its parts.
    public init(caption: String, headline: String, detail: String, isWarning: Bool = false, isProminent: Bool = true) {
        self.caption = caption
        self.headline = headline
        self.detail = detail
        self.isWarning = isWarning
        self.isProminent = isProminent
    }
}

extension TableNotice {
    /// A quiet notice on one line, as the news box's caption shows it ("REPLAY · SEAT 1 · move 12 of 80").
    public var quietLine: String { "\(caption) · \(headline)" }
}

extension TableNotice {
    /// `screen` as it shows `notice`: unchanged where it has a news box (the
    /// notice is drawn there), else with the notice's strip first in each of
    /// its declarations, laid out by the fold-aware HUD like any strip.
    public static func screen(_ screen: HUDScreen, showing notice: TableNotice?) -> HUDScreen {
        guard let notice, !hasNewsBox(screen) else { return screen }
        var shown = screen
        let strip = HUDElement.status(elementID, height: notice.isProminent ? height : quietHeight, minimumWidth: 300)
        shown.elements.insert(strip, at: 0)
        shown.fallbacks = screen.fallbacks.map { [strip] + $0 }
        shown.fullerDeclarations = screen.fullerDeclarations.map { [strip] + $0 }
        shown.name += notice.isProminent ? "+notice" : "+quiet notice"
        return shown
    }

    /// Whether every declaration of `screen` has a news box (``DesktopElementID/news``), where notices are drawn.
    public static func hasNewsBox(_ screen: HUDScreen) -> Bool {
        ([screen.elements] + screen.fallbacks + screen.fullerDeclarations).allSatisfy { $0.contains { $0.id == DesktopElementID.news } }
    }

    /// Every way a table's screens show a notice, for `duo lint`: each screen
    /// with no news box once with a prominent notice's strip and once with a
    /// quiet one's (a screen with a news box shows notices in it, unchanged).
    /// The engine's own screens (the privacy screen, the victory photo's) never show one.
    public static func lintScreens(for screens: [HUDScreen]) -> [HUDScreen] {
        let prominent = TableNotice(caption: "", headline: "", detail: "")
        let quiet = TableNotice(caption: "", headline: "", detail: "", isProminent: false)
        return screens.filter { screen in
            !hasNewsBox(screen) && !screen.elements.contains { $0.id == PrivacyScreen.message || $0.id == VictoryPhotoScreen.ElementID.preview }
        }.flatMap { [Self.screen($0, showing: prominent), Self.screen($0, showing: quiet)] }
    }

    /// The longest texts of the engine's notices, as ``NewsLogPainter`` sets
    /// them in `element` (the news box, or the notice strip), for `duo lint`'s text-fit rule.
    /// - Parameters:
    ///   - element: where the notices are drawn.
    ///   - program: the program's name, in the command that joins a match.
    ///   - names: the longest names a seat is given (`The density-v1 bot`).
    public static func lintTexts(in element: String, program: String, names: [String]) -> [HUDText] {
        let server = "192.168.100.200:7447"
        let inset = NewsLogPainter.noticeInset
        let caption = NewsLogPainter.caption.size
        var texts = ["CONNECTION LOST · SEAT KEPT", "RECONNECTING · ATTEMPT 12", "WAITING FOR AN OPPONENT", "DISCONNECTED"].map {
            HUDText(element: element, text: $0, size: caption, maxLines: 2, horizontalInset: inset)
        }
        for headline in [server, "K7QF2M", "Retrying in 16 s", "Connection lost"] {
            texts.append(HUDText(element: element, text: headline, size: headlineSize, horizontalInset: inset))
        }
        for detail in [
            "Join: \(program) --connect \(server) --join K7QF2M", "Taking back seat 1 of match K7QF2M",
            "The server stopped answering · attempt 12 next", "That token does not hold seat 1 of match K7QF2M · Enter: try again",
        ] {
            texts.append(
                HUDText(element: element, text: detail, size: NewsLogPainter.noticeDetail.size, bold: false, maxLines: 3, horizontalInset: inset))
        }
        // A quiet notice: one or two lines where the news box's caption goes.
        var quiet = ["REPLAY · SPECTATOR · move 999 of 999", "SPECTATING · match K7QF2M", "MATCH OVER · A draw"]
        quiet += names.map { "MATCH OVER · \($0) wins" }
        texts += quiet.map { HUDText(element: element, text: $0, size: caption, maxLines: 2) }
        return texts
    }
}
