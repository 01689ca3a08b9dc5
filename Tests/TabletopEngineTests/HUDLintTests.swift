import DuoPlatform
import TabletopEngine
import Testing

@Suite("HUD lint: the rules every layout keeps")
struct HUDLintTests {
    let elements = HUDFixtures.elements

    @Test("The sample HUD passes every profile x posture x orientation x direction x fold position x angle")
    func sweepIsClean() {
        let sweep = HUDLintSweep(profiles: [HUDFixtures.profile("duo"), HUDFixtures.profile("classic")])
        let report = sweep.run(screens: [HUDFixtures.screen])
        #expect(report.findings.isEmpty, "\(report.findings.prefix(5).map(\.description))")
        // duo: 5 postures x 4 orientations x 2 directions x 5 fold positions x angles x 2 camera states; plus classic.
        #expect(report.situationCount > 1_500)
        #expect(report.distinctContextCount < report.situationCount)
        #expect(report.foldingPairCount == 4 * 2 * 5 * 2)
    }

    @Test("Folding from flat to tabletop moves no element by more than half the fold band")
    func foldingMovesLittle() throws {
        for position in [0.25, 0.5, 0.75] {
            let flat = HUDFixtures.context("duo", .flat, orientation: .landscapeLeft, foldPosition: position)
            let folded = HUDFixtures.context("duo", .tabletop, foldPosition: position)
            let band = try #require(folded.reservedRegions(kind: .division).first).frame.height
            let before = HUDLayout(elements: elements, in: flat)
            let after = HUDLayout(elements: elements, in: folded)
            #expect(HUDLint.checkFolding(flat: before, folded: after, foldBandThickness: band).isEmpty)
            for placement in after.placements {
                let old = try #require(before.frame(of: placement.id))
                #expect(abs(old.minY - placement.frame.minY) <= band / 2)
            }
        }
    }

    @Test("A layout made flat but shown folded is caught crossing the fold band")
    func staleLayoutCrossesDivision() {
        // Laid out with no reservation at all, the board would straddle the fold.
        let plain = LayoutContext(size: Size(width: 660, height: 932))
        let folded = HUDFixtures.context("duo", .tabletop)
        let stale = HUDLayout(elements: [.board("map", minimumSide: 100)], in: plain)
        let violations = HUDLint.check(stale, elements: [.board("map", minimumSide: 100)], in: folded)
        #expect(violations.map(\.kind) == [.crossesDivision])
        #expect(violations.first?.region == .fold)
        #expect(violations.first?.description.contains("'map'") == true)
        #expect(violations.first?.description.contains("'fold'") == true)
    }

    @Test("A layout that ignored the inner camera is caught overlapping it")
    func staleLayoutOverlapsOcclusion() {
        let withoutCamera = HUDFixtures.context("duo", .tabletop)
        let withCamera = HUDFixtures.context("duo", .tabletop, innerCamera: true)
        let layout = HUDLayout(elements: elements, in: withoutCamera)
        let kinds = HUDLint.check(layout, elements: elements, in: withCamera).map(\.kind)
        #expect(kinds.contains(.overlapsOcclusion))
    }

    @Test("Too small a scene is reported: touch targets, cells and elements leaving the scene")
    func tinySceneIsReported() {
        let context = LayoutContext(size: Size(width: 150, height: 120))
        let layout = HUDLayout(elements: elements, in: context)
        let kinds = Set(HUDLint.check(layout, elements: elements, in: context).map(\.kind))
        #expect(kinds.contains(.belowTouchTarget))
        #expect(kinds.contains(.cellsTooSmall))
        #expect(kinds.contains(.leavesScene))
    }

    @Test("An element that shows only on one side of folding is reported")
    func appearingElementIsReported() {
        let flat = HUDLayout(elements: elements, in: LayoutContext(size: Size(width: 932, height: 660)))
        let folded = HUDLayout(elements: elements, in: LayoutContext(size: Size(width: 380, height: 560)))
        let kinds = HUDLint.checkFolding(flat: flat, folded: folded, foldBandThickness: 32).map(\.kind)
        #expect(kinds.contains(.appearsWhenFolding))
        #expect(kinds.contains(.jumpsWhenFolding))
    }

    @Test("A single-view screen spans a flat fold, still splits at an active one, and is left out of the folding rule")
    func singleViewScreen() throws {
        let single = HUDScreen(name: "alone", elements: elements, flatLayout: .singleView)
        let flat = HUDFixtures.context("duo", .flat)
        let line = try #require(flat.reservedRegions(kind: .division, options: .includeInactive).first).frame
        let spread = single.layout(in: flat)
        #expect(spread.panes.map(\.role) == [.whole])
        let target = try #require(spread.frame(of: "target"))
        #expect(target.minX < line.minX && target.maxX > line.maxX, "the board lies across the flat fold")
        #expect(HUDFixtures.screen.layout(in: flat).panes.count == 2, "a split screen keeps both panels")

        let book = HUDFixtures.context("duo", .book)
        #expect(single.layout(in: book).panes.count == 2)
        #expect(single.violations(in: book).isEmpty, "nothing crosses the active band")

        // Folding moves the single view's board (it is replaced then): the pair
        // is a violation, and the sweep checks only the screens that stay up.
        let jumps = HUDLint.checkFolding(flat: spread, folded: single.layout(in: book), foldBandThickness: 32)
        #expect(jumps.contains { $0.kind == .jumpsWhenFolding && $0.element == "target" })
        let sweep = HUDLintSweep(profiles: [HUDFixtures.profile("duo")], foldPositionCount: 3)
        let both = sweep.run(screens: [HUDFixtures.screen, single])
        #expect(both.isClean, "\(both.findings.prefix(3).map(\.description))")
        #expect(both.foldingPairCount == sweep.run(screens: [HUDFixtures.screen]).foldingPairCount)
        #expect(both.layoutCount == 2 * both.distinctContextCount, "yet it is laid out and checked everywhere")
    }
}
