import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// Broadside's score cell reads at 10 pixels at least in the window at its
/// default size, however narrow the cell (in tent at fold 0.55 and in
/// tabletop it is about 150 pt wide: "Afloat: yours 5, theirs 4" went down
/// to the 10 pt floor, 9.7 px where the panel leans). A narrow cell takes the
/// short form: the parts' leading words move into the caption.
@Suite("Broadside's score is legible")
struct ScoreLegibilityTests {
    /// The score cell's texts in one frame at the window's default size, and the pixels per point the device is drawn at.
    static func scoreTexts(_ session: DesktopSession) throws -> (texts: [DrawnText], scale: Double) {
        let window = Screenshot.windowSize(for: session, scale: 1)
        let (_, frame) = try Screenshot.tracedFrame(of: session, width: window.width, height: window.height)
        let score = try #require(frame.scene.elements.first { $0.id == BroadsideHUD.ElementID.score }?.frame)
        let texts = frame.trace.texts.filter { $0.space == .scene && score.contains($0.frame.center) }
        let viewport = session.deviceViewport(windowWidth: Double(window.width), windowHeight: Double(window.height))
        return (texts, session.presentation(in: viewport).scale)
    }

    @Test("In tent at fold 0.55, tabletop, book, closed and flat, the score's words are 12 pt (10 px) or more at the default window size")
    func scoreReadsAtTenPixels() throws {
        var shortFormSeen = false
        for (posture, foldStep) in [(Posture.tent, 0.05), (.tent, 0), (.tabletop, 0), (.book, 0.05), (.closed, 0), (.flat, 0)] {
            let session = DesktopFixtures.session(posture)
            if foldStep != 0 { session.apply(.moveFold(foldStep)) }
            session.playDemoTurns(12)
            let (texts, scale) = try Self.scoreTexts(session)
            // The caption is in capitals; the words are the rest.
            let words = texts.filter { $0.text != $0.text.uppercased() }
            try #require(words.count >= 2, "\(posture): \(texts.map(\.text))")
            // 12 pt at least: 10 px at the window's scale even where a panel leans (the old 10 pt floor drew 9.7 px there).
            #expect(
                words.allSatisfy { $0.size >= BroadsideNetworkTable.legibleScoreSize && $0.size * scale * 0.9 >= 10 },
                "\(posture) fold +\(foldStep): \(words.map { ($0.text, $0.size, scale) })")
            if texts.contains(where: { $0.text == "AFLOAT · WINS" }) { shortFormSeen = true }
            if posture == .flat || (posture == .tent && foldStep == 0) {
                #expect(words.contains { $0.text.hasPrefix("Afloat: yours") }, "\(posture): a wide cell keeps the long form")
            }
        }
        #expect(shortFormSeen, "the narrow tent cell took the short form")
    }

    @Test("The short form moves each part's leading word into the caption")
    func shortForm() throws {
        let session = DesktopFixtures.session(.tabletop)
        session.playDemoTurns(2)
        let table = session.table.table
        let forms = table.scoreForms(session.table.session)
        #expect(forms.map(\.caption) == ["SCORE", "AFLOAT · WINS"])
        #expect(forms[0].parts == table.scoreParts(session.table.session))
        #expect(forms[1].parts == ["Yours 5, theirs 5", "You 0, bot 0"])
    }
}
