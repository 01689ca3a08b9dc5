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
        // Straddling the band, it is partly on the upright half too.
        #expect(violations.map(\.kind) == [.crossesDivision, .offFlatHalf])
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
        let single = HUDScreen(name: "alone", elements: elements, fallbacks: [HUDFixtures.bandElements], flatLayout: .singleView)
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

    @Test("In tabletop an interactive element above the fold is reported, naming the element, the fold and the flat half")
    func interactiveOffTheFlatHalf() throws {
        let context = HUDFixtures.context("duo", .tabletop, foldPosition: 0.25)
        let fold = try #require(context.reservedRegions(kind: .division).first).frame
        // Deliberately bad: the whole 10 x 10 target cannot fit the 205 pt flat half, so the layout stands it upright.
        let layout = HUDLayout(elements: elements, in: context)
        let target = try #require(layout.frame(of: "target"))
        #expect(target.maxY <= fold.minY, "the layout helper moved the target to the upright half")
        let violations = HUDLint.check(layout, elements: elements, in: context)
        #expect(violations.map(\.kind) == [.offFlatHalf])
        let violation = try #require(violations.first)
        #expect(violation.element == "target" && violation.region == .fold && violation.regionFrame == fold)
        #expect(violation.description.contains("'target'") && violation.description.contains("flat half"))
        #expect(violation.description.contains("660 x 932"), "names the scene size: \(violation)")
        // The controls stayed on the flat half, and nothing looked at is held to the rule.
        #expect(!violations.contains { $0.element == "fire" || $0.element == "fleet" || $0.element == "turn" })
        // A vertical fold (book) has no flat half; flat, the rule waits for the fold unless asked.
        let book = HUDFixtures.context("duo", .book, foldPosition: 0.25)
        #expect(HUDLint.checkFlatHalf(HUDLayout(elements: elements, in: book), elements: elements, in: book).isEmpty)
        let flat = HUDFixtures.context("duo", .flat, orientation: .landscapeLeft, foldPosition: 0.25)
        let flatLayout = HUDLayout(elements: elements, in: flat)
        #expect(HUDLint.checkFlatHalf(flatLayout, elements: elements, in: flat).isEmpty)
        #expect(HUDLint.checkFlatHalf(flatLayout, elements: elements, in: flat, includingFlatFold: true).map(\.element) == ["target"])
    }

    @Test("The sweep fails a HUD with no arrangement for a short flat half and names the tabletop situation")
    func sweepNamesTheTabletopSituation() throws {
        let bad = HUDScreen(name: "bad", elements: elements)
        let report = HUDLintSweep(profiles: [HUDFixtures.profile("duo")]).run(screens: [bad])
        let findings = report.findings.filter { $0.violation.kind == .offFlatHalf }
        #expect(!report.isClean && findings.count == report.findings.count, "\(report.findings.prefix(3).map(\.description))")
        let first = try #require(findings.first)
        // Book turned landscape has the same scene and comes first in the sweep: the finding still says tabletop.
        #expect(findings.allSatisfy { $0.situation.posture == .tabletop })
        #expect(first.situation.orientation == .landscapeLeft && first.situation.foldPosition == 0.25)
        #expect(first.description.hasPrefix("duo tabletop landscapeLeft ltr fold 0.25 angle "), "\(first)")
        #expect(first.description.contains("bad: element 'target'"))
        // Both landscapes fail, each at the fold position that shortens its flat half (and one more
        // with the inner camera in use there); the portraits have no flat half.
        let places = Set(findings.map { "\($0.situation.orientation) \($0.situation.foldPosition ?? -1)" })
        #expect(places.isSuperset(of: ["landscapeLeft 0.25", "landscapeRight 0.75"]), "\(places)")
        #expect(findings.allSatisfy { $0.situation.orientation.isLandscape })
    }

    @Test("A screen falls back to its next declaration where the first breaks a rule, and flat chooses as folded")
    func fallbackDeclaration() throws {
        let screen = HUDFixtures.screen
        for orientation in [DeviceOrientation.landscapeLeft, .landscapeRight] {
            let short = orientation == .landscapeLeft ? 0.25 : 0.75
            let folded = HUDFixtures.context("duo", .tabletop, orientation: orientation, foldPosition: short)
            #expect(screen.elements(in: folded) == HUDFixtures.bandElements, "\(orientation)")
            let layout = screen.layout(in: folded)
            let fold = try #require(folded.reservedRegions(kind: .division).first).frame
            #expect(try #require(layout.frame(of: "target-band")).minY >= fold.maxY, "the band lies on the flat half")
            #expect(try #require(layout.frame(of: "target-overview")).maxY <= fold.minY, "the whole target is looked at upright")
            #expect(layout.frame(of: "target") == nil)
            #expect(screen.violations(in: folded).isEmpty, "\(screen.violations(in: folded))")
            // Flat, the screen already shows the band, so folding swaps nothing.
            let flat = HUDFixtures.context("duo", .flat, orientation: orientation, foldPosition: short)
            #expect(screen.elements(in: flat) == HUDFixtures.bandElements)
            #expect(HUDLint.checkFolding(flat: screen.layout(in: flat), folded: layout, foldBandThickness: fold.height).isEmpty)
            // With room on the flat half the first declaration stands.
            let roomy = HUDFixtures.context("duo", .tabletop, orientation: orientation, foldPosition: 0.5)
            #expect(screen.elements(in: roomy) == elements)
        }
        // When no declaration keeps the rules, the one that breaks the fewest is shown (the first of equals).
        let tiny = LayoutContext(size: Size(width: 150, height: 120))
        let fewest = [elements, HUDFixtures.bandElements].min {
            HUDLint.check(HUDLayout(elements: $0, in: tiny), elements: $0, in: tiny).count
                < HUDLint.check(HUDLayout(elements: $1, in: tiny), elements: $1, in: tiny).count
        }
        #expect(screen.elements(in: tiny) == fewest)
    }
}
