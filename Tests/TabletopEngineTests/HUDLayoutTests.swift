import DuoPlatform
import TabletopEngine
import Testing

@Suite("HUD layout: where elements go")
struct HUDLayoutTests {
    let elements = HUDFixtures.elements

    @Test("Tabletop puts status and the secondary board on the upright half, controls and the primary board on the flat half")
    func tabletopSplitsByRole() throws {
        let context = HUDFixtures.context("duo", .tabletop)
        let layout = HUDLayout(elements: elements, in: context)
        let fold = try #require(context.reservedRegions(kind: .division).first).frame
        for id in ["turn", "score", "message", "fleet"] {
            let frame = try #require(layout.frame(of: id))
            #expect(frame.maxY <= fold.minY, "\(id) \(frame) must be above the fold \(fold)")
            #expect(layout.placement(of: id)?.pane == .upper)
        }
        for id in ["fire", "auto", "help", "target"] {
            let frame = try #require(layout.frame(of: id))
            #expect(frame.minY >= fold.maxY, "\(id) \(frame) must be below the fold \(fold)")
            #expect(layout.placement(of: id)?.pane == .lower)
        }
        #expect(layout.hiddenElements.isEmpty)
    }

    @Test("Book gives status and the secondary board the leading panel, the rest the trailing one")
    func bookSplitsSideBySide() throws {
        let context = HUDFixtures.context("duo", .book)
        let layout = HUDLayout(elements: elements, in: context)
        let fold = try #require(context.reservedRegions(kind: .division).first).frame
        #expect(try #require(layout.frame(of: "turn")).maxX <= fold.minX)
        #expect(try #require(layout.frame(of: "fleet")).maxX <= fold.minX)
        #expect(try #require(layout.frame(of: "target")).minX >= fold.maxX)
        #expect(try #require(layout.frame(of: "fire")).minX >= fold.maxX)
    }

    @Test("Right-to-left mirrors the panels: the leading panel is on the right")
    func rightToLeftMirrors() throws {
        let ltr = HUDLayout(elements: elements, in: HUDFixtures.context("duo", .book))
        let rtl = HUDLayout(elements: elements, in: HUDFixtures.context("duo", .book, direction: .rightToLeft))
        for placement in ltr.placements {
            let mirrored = try #require(rtl.frame(of: placement.id))
            #expect(mirrored == placement.frame.mirroredHorizontally(inWidth: ltr.size.width), "\(placement.id)")
        }
        #expect(try #require(rtl.frame(of: "turn")).minX > 466)
    }

    @Test("The closed device uses one compact panel clear of the outer camera and status area")
    func closedIsOneCompactPanel() throws {
        let context = HUDFixtures.context("duo", .closed)
        let layout = HUDLayout(elements: elements, in: context)
        #expect(layout.panes.map(\.role) == [.whole])
        let occlusions = context.reservedRegions(kind: .occlusion)
        #expect(occlusions.count == 2)
        for placement in layout.placements {
            for occlusion in occlusions {
                #expect(!placement.frame.intersects(occlusion.frame), "\(placement.id) overlaps \(occlusion.id)")
            }
        }
    }

    @Test("The inner camera in use pushes elements out of its occlusion")
    func innerCameraIsAvoided() throws {
        let context = HUDFixtures.context("duo", .tabletop, innerCamera: true)
        let camera = try #require(context.reservedRegions(kind: .occlusion).first { $0.id == .innerCamera })
        let layout = HUDLayout(elements: elements, in: context)
        for placement in layout.placements {
            #expect(!placement.frame.intersects(camera.frame), "\(placement.id) \(placement.frame) overlaps \(camera.frame)")
        }
        let withoutCamera = HUDLayout(elements: elements, in: HUDFixtures.context("duo", .tabletop))
        #expect(layout != withoutCamera, "the camera must change something")
    }

    @Test("The hingeless classic profile lays out in one panel, every orientation")
    func classicIsOnePanel() {
        for orientation in DeviceOrientation.allCases {
            let context = HUDFixtures.context("classic", .flat, orientation: orientation)
            let layout = HUDLayout(elements: elements, in: context)
            #expect(layout.panes.map(\.role) == [.whole])
            #expect(HUDLint.check(layout, elements: elements, in: context).isEmpty, "\(orientation)")
        }
    }

    @Test("A fold far off-centre moves the primary board to the roomier panel but keeps the controls on the flat half")
    func offCentreFoldMovesBoardNotControls() throws {
        for position in [0.25, 0.75] {
            let context = HUDFixtures.context("duo", .tabletop, foldPosition: position)
            let layout = HUDLayout(elements: elements, in: context)
            let fold = try #require(context.reservedRegions(kind: .division).first).frame
            #expect(try #require(layout.frame(of: "fire")).minY >= fold.maxY, "controls stay on the flat half at \(position)")
            let target = try #require(layout.frame(of: "target"))
            #expect(min(target.width, target.height) >= 300)
            // Stood upright, the target is out of the thumbs' reach: the lint says so where it happens
            // (the short flat half at 0.25), and a game declares another arrangement for it.
            let kinds = HUDLint.check(layout, elements: elements, in: context).map(\.kind)
            #expect(kinds == (target.minY < fold.maxY ? [.offFlatHalf] : []), "at \(position)")
        }
    }

    @Test("Strip heights stay the same at every scene size: text and controls never scale")
    func stripSizesAreConstant() throws {
        var heights: Set<Double> = []
        for size in [Size(width: 320, height: 900), Size(width: 800, height: 600), Size(width: 1600, height: 1000)] {
            let layout = HUDLayout(elements: elements, in: LayoutContext(size: size))
            heights.insert(try #require(layout.frame(of: "fire")).height)
            heights.insert(try #require(layout.frame(of: "turn")).height)
        }
        #expect(heights == [44, 48])
    }

    @Test("A wide scene changes the arrangement instead of letterboxing: elements span its width")
    func wideSceneIsFilledNotLetterboxed() {
        for size in [Size(width: 1400, height: 500), Size(width: 420, height: 1300)] {
            let layout = HUDLayout(elements: elements, in: LayoutContext(size: size))
            let minX = layout.placements.map(\.frame.minX).min() ?? 0
            let maxX = layout.placements.map(\.frame.maxX).max() ?? 0
            let minY = layout.placements.map(\.frame.minY).min() ?? 0
            let maxY = layout.placements.map(\.frame.maxY).max() ?? 0
            // Within the edge padding plus a little centring slack on every side.
            #expect(minX <= 40 && maxX >= size.width - 40, "\(size): \(minX)...\(maxX)")
            #expect(minY <= 40 && maxY >= size.height - 40, "\(size): \(minY)...\(maxY)")
        }
    }

    @Test("An optional element is hidden, and listed, when there is no room for it")
    func optionalElementHiddenWhenNoRoom() {
        let context = LayoutContext(size: Size(width: 380, height: 560))
        let layout = HUDLayout(elements: elements, in: context)
        #expect(layout.hiddenElements == ["fleet"])
        #expect(layout.frame(of: "fleet") == nil)
        #expect(layout.frame(of: "target") != nil)
    }

    @Test("The same context always gives the same layout")
    func layoutIsAPureFunction() {
        let context = HUDFixtures.context("duo", .tabletop, direction: .rightToLeft, foldPosition: 0.4, innerCamera: true)
        #expect(HUDLayout(elements: elements, in: context) == HUDLayout(elements: elements, in: context))
    }

    @Test("A sweep of the hinge angle inside partiallyOpen changes neither the context nor the layout")
    func angleSweepChangesNoLayout() throws {
        var state = DeviceState(profile: HUDFixtures.profile("duo"), posture: .tabletop)
        let reference = HUDLayout(elements: elements, in: state.layoutContext)
        for degrees in stride(from: 10.0, through: 170.0, by: 5) {
            try state.setHingeAngle(HingeAngle(degrees: degrees))
            #expect(HUDLayout(elements: elements, in: state.layoutContext) == reference, "at \(degrees) degrees")
        }
    }

    @Test("Grids prefer an even number of columns when a division exists, active or not")
    func evenColumnsWithADivision() {
        let folded = HUDFixtures.context("duo", .book)
        let flat = HUDFixtures.context("duo", .flat)
        let classic = HUDFixtures.context("classic", .flat)
        // Seven cells of 100 pt fit in one row (748 pt): a single row is not a grid, so it keeps 7.
        #expect(HUDGrid.columnCount(cellCount: 7, width: 932, minimumCellWidth: 100, spacing: 8, in: folded) == 7)
        // Twelve cells wrap: 8 fit per row; 8 is already even.
        #expect(HUDGrid.columnCount(cellCount: 12, width: 932, minimumCellWidth: 100, spacing: 8, in: folded) == 8)
        // Twelve cells of 120 pt: 7 fit; with a division (active or flat) that becomes 6, without one it stays 7.
        #expect(HUDGrid.columnCount(cellCount: 12, width: 932, minimumCellWidth: 120, spacing: 8, in: folded) == 6)
        #expect(HUDGrid.columnCount(cellCount: 12, width: 932, minimumCellWidth: 120, spacing: 8, in: flat) == 6)
        #expect(HUDGrid.columnCount(cellCount: 12, width: 932, minimumCellWidth: 120, spacing: 8, in: classic) == 7)
    }
}
