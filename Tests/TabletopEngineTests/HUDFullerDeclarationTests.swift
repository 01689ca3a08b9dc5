import DuoPlatform
import TabletopEngine
import Testing

/// A screen's fuller declarations (``HUDScreen/fullerDeclarations``): laid out
/// only where the declaration chosen hides an element, and shown there when
/// they keep every rule and hide less (Broadside's own fleet on a tent half).
@Suite("HUD fuller declarations")
struct HUDFullerDeclarationTests {
    static func elements(newsHeight: Double) -> [HUDElement] {
        [
            .status("turn", height: 56, minimumWidth: 150), .status("score", height: 56, minimumWidth: 150),
            .status("news", height: newsHeight, minimumWidth: 150),
            .board("target", minimumSide: 321),
            .board("own", anchor: .secondaryBoard, minimumSide: 110, isInteractive: false, isOptional: true),
            .control("new-game"),
        ]
    }

    static let screen = HUDScreen(
        name: "battle", elements: elements(newsHeight: 110), fallbacks: [], fullerDeclarations: [elements(newsHeight: 64)])

    @Test("A half-sized scene hides the own board with the tall news box, and shows it with the fuller declaration")
    func smallSceneShowsMore() {
        let half = LayoutContext(size: Size(width: 450, height: 660))
        let plain = HUDScreen(name: "battle", elements: Self.elements(newsHeight: 110))
        #expect(plain.layout(in: half).hiddenElements == ["own"])
        let layout = Self.screen.layout(in: half)
        #expect(layout.hiddenElements.isEmpty)
        #expect(layout.frame(of: "news")?.height == 64)
        #expect((layout.frame(of: "own")?.width ?? 0) >= 110)
        #expect(Self.screen.elements(in: half) == Self.elements(newsHeight: 64))
        #expect(Self.screen.violations(in: half).isEmpty)
    }

    @Test("Where the first declaration hides nothing, it is kept")
    func roomyKeepsTheFirst() {
        let roomy = LayoutContext(size: Size(width: 900, height: 1200))
        #expect(Self.screen.elements(in: roomy) == Self.elements(newsHeight: 110))
        #expect(Self.screen.layout(in: roomy).frame(of: "news")?.height == 110)
    }
}
