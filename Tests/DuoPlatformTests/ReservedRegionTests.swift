import Foundation
import Testing

@testable import DuoPlatform

/// docs/SPEC.md section 2: reserved regions, their activity, frames, orientation and direction.
@Suite struct ReservedRegionTests {
    func regions(
        _ state: DeviceState, view: Rect? = nil, kind: ReservedRegion.Kind? = nil,
        options: ReservedRegion.QueryOptions = [], behavior: LayoutDirectionBehavior = .mirrors
    ) -> [ReservedRegion] {
        var context = state.layoutContext
        if let view { context = context.context(for: view, layoutDirectionBehavior: behavior) }
        return context.reservedRegions(kind: kind, options: options, layoutDirectionBehavior: behavior)
    }

    // MARK: Example frames of docs/SPEC.md section 2

    @Test func bookFoldIsA32PointBandCentredOnTheFold() throws {
        let fold = try #require(regions(try TestProfiles.duoState(.book), kind: .division).first)
        #expect(
            fold
                == ReservedRegion(
                    id: .fold, frame: Rect(x: 450, y: 0, width: 32, height: 660), isActive: true,
                    margins: EdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)))
        #expect(fold.kind == .division)
    }

    @Test func tabletopFoldIsHorizontal() throws {
        let fold = try #require(regions(try TestProfiles.duoState(.tabletop), kind: .division).first)
        #expect(fold.frame == Rect(x: 0, y: 450, width: 660, height: 32))
        #expect(fold.margins == EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0))
    }

    @Test func innerCameraInBookAndTabletop() throws {
        let book = regions(try TestProfiles.duoState(.book, innerCamera: true), kind: .occlusion)
        #expect(
            book == [
                ReservedRegion(id: .innerCamera, frame: Rect(x: 888, y: 311, width: 38, height: 38), isActive: true, margins: EdgeInsets(all: 6))
            ])
        let tabletop = regions(try TestProfiles.duoState(.tabletop, innerCamera: true), kind: .occlusion)
        #expect(tabletop.map(\.frame) == [Rect(x: 311, y: 6, width: 38, height: 38)])
    }

    @Test func outerDisplayHasCameraAndStatusAreaAlwaysActive() throws {
        let closed = regions(try TestProfiles.duoState(.closed))
        #expect(
            closed == [
                ReservedRegion(id: .outerCamera, frame: Rect(x: 399, y: 29, width: 37, height: 37), isActive: true, margins: EdgeInsets(all: 6)),
                ReservedRegion(id: .statusArea, frame: Rect(x: 382, y: 0, width: 84, height: 170), isActive: true, margins: .zero),
            ])
        #expect(closed.allSatisfy { $0.kind == .occlusion })
    }

    // MARK: Activity in each posture

    @Test(arguments: Posture.allCases)
    func regionActivityFollowsThePosture(posture: Posture) throws {
        for camera in [false, true] {
            let all = regions(try TestProfiles.duoState(posture, innerCamera: camera), options: .includeInactive)
            let activity = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.isActive) })
            switch posture {
            case .closed:
                // The outer display has no fold and no inner camera.
                #expect(activity == [.outerCamera: true, .statusArea: true])
            case .flat:
                #expect(activity == [.fold: false, .innerCamera: camera])
            case .book, .tent, .tabletop:
                #expect(activity == [.fold: true, .innerCamera: camera])
            }
            let active = regions(try TestProfiles.duoState(posture, innerCamera: camera))
            #expect(active == all.filter(\.isActive), "without .includeInactive only active regions come back")
        }
    }

    @Test func flatFoldIsAnInactiveZeroWidthLineAtTheFoldPosition() throws {
        let flat = try TestProfiles.duoState(.flat)
        #expect(regions(flat, kind: .division).isEmpty)
        let fold = try #require(regions(flat, kind: .division, options: .includeInactive).first)
        #expect(fold == ReservedRegion(id: .fold, frame: Rect(x: 466, y: 0, width: 0, height: 660), isActive: false, margins: .zero))
    }

    @Test func flatFoldOnTheViewsEdgeCountsAsOverlapping() throws {
        let flat = try TestProfiles.duoState(.flat)
        let left = regions(flat, view: Rect(x: 0, y: 0, width: 466, height: 660), kind: .division, options: .includeInactive)
        #expect(left.map(\.frame) == [Rect(x: 466, y: 0, width: 0, height: 660)])
        let right = regions(flat, view: Rect(x: 466, y: 0, width: 466, height: 660), kind: .division, options: .includeInactive)
        #expect(right.map(\.frame) == [Rect(x: 0, y: 0, width: 0, height: 660)])
        let away = regions(flat, view: Rect(x: 0, y: 0, width: 400, height: 660), kind: .division, options: .includeInactive)
        #expect(away.isEmpty)
    }

    // MARK: View coordinates and partial overlap

    @Test func framesAreInTheViewsOwnCoordinates() throws {
        let book = try TestProfiles.duoState(.book)
        let view = Rect(x: 400, y: 100, width: 200, height: 300)
        #expect(regions(book, view: view, kind: .division).map(\.frame) == [Rect(x: 50, y: -100, width: 32, height: 660)])
    }

    @Test func partialOverlapKeepsTheWholeFrameWithNegativeOrigin() throws {
        let book = try TestProfiles.duoState(.book)
        // The view starts inside the band: the band starts 10 pt before it.
        let view = Rect(x: 460, y: 0, width: 100, height: 660)
        #expect(regions(book, view: view, kind: .division).map(\.frame) == [Rect(x: -10, y: 0, width: 32, height: 660)])
        // It runs past the end of a view that stops inside it.
        let before = Rect(x: 300, y: 0, width: 160, height: 660)
        #expect(regions(book, view: before, kind: .division).map(\.frame) == [Rect(x: 150, y: 0, width: 32, height: 660)])
    }

    @Test func regionsOnlyTouchingTheViewDoNotOverlapIt() throws {
        let book = try TestProfiles.duoState(.book)
        #expect(regions(book, view: Rect(x: 0, y: 0, width: 450, height: 660)).isEmpty)
        #expect(regions(book, view: Rect(x: 482, y: 0, width: 100, height: 660)).isEmpty)
    }

    @Test func kindFilterReturnsOnlyThatKind() throws {
        let book = try TestProfiles.duoState(.book, innerCamera: true)
        #expect(regions(book, kind: .division).map(\.id) == [.fold])
        #expect(regions(book, kind: .occlusion).map(\.id) == [.innerCamera])
        #expect(regions(book).map(\.id) == [.fold, .innerCamera])
    }

    // MARK: Layout direction

    @Test func rightToLeftMirrorsFramesAndMarginsInsideTheView() throws {
        let book = try TestProfiles.duoState(.book, innerCamera: true, direction: .rightToLeft)
        let camera = try #require(regions(book, kind: .occlusion).first)
        #expect(camera.frame == Rect(x: 6, y: 311, width: 38, height: 38))
        let closed = try TestProfiles.duoState(.closed, direction: .rightToLeft)
        let status = try #require(regions(closed).first { $0.id == .statusArea })
        #expect(status.frame == Rect(x: 0, y: 0, width: 84, height: 170))
        // An off-centre band mirrors inside a view that is not the scene.
        let moved = try TestProfiles.duoState(.book, foldPosition: 0.25, direction: .rightToLeft)
        let fold = try #require(regions(moved, view: Rect(x: 0, y: 0, width: 700, height: 660), kind: .division).first)
        // The leading-origin view (0, 0, 700) is the physical (232, 0, 700); the band (217, 0, 32)
        // sits at -15 in it, overlapping in part; mirrored: 700 + 15 - 32 = 683, running past the view.
        #expect(fold.frame == Rect(x: 683, y: 0, width: 32, height: 660))
    }

    @Test func asymmetricMarginsSwapWhenMirrored() {
        let region = ReservedRegion(
            id: .statusArea, frame: Rect(x: 10, y: 0, width: 20, height: 20), isActive: true,
            margins: EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 5))
        let context = LayoutContext(size: Size(width: 100, height: 100), layoutDirection: .rightToLeft, regions: [region])
        let mirrored = context.reservedRegions()
        #expect(mirrored.first?.frame == Rect(x: 70, y: 0, width: 20, height: 20))
        #expect(mirrored.first?.margins == EdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 1))
        #expect(context.reservedRegions(layoutDirectionBehavior: .fixed) == [region])
    }

    @Test func fixedBehaviourNeverMirrors() throws {
        let rtl = try TestProfiles.duoState(.book, innerCamera: true, direction: .rightToLeft)
        let ltr = try TestProfiles.duoState(.book, innerCamera: true)
        #expect(regions(rtl, behavior: .fixed) == regions(ltr))
        let view = Rect(x: 800, y: 300, width: 132, height: 60)
        #expect(regions(rtl, view: view, behavior: .fixed) == regions(ltr, view: view))
        #expect(regions(rtl, view: view, behavior: .fixed).map(\.frame) == [Rect(x: 88, y: 11, width: 38, height: 38)])
    }

    // MARK: Orientation

    @Test(arguments: [
        (DeviceOrientation.portrait, Rect(x: 217, y: 0, width: 32, height: 660), Rect(x: 888, y: 311, width: 38, height: 38)),
        (.portraitUpsideDown, Rect(x: 683, y: 0, width: 32, height: 660), Rect(x: 6, y: 311, width: 38, height: 38)),
        (.landscapeLeft, Rect(x: 0, y: 683, width: 660, height: 32), Rect(x: 311, y: 6, width: 38, height: 38)),
        (.landscapeRight, Rect(x: 0, y: 217, width: 660, height: 32), Rect(x: 311, y: 888, width: 38, height: 38)),
    ])
    func everyOrientationMapsTheFoldAndInnerCamera(orientation: DeviceOrientation, fold: Rect, camera: Rect) throws {
        // An off-centre fold (0.25) so every mapping is distinguishable.
        let state = try TestProfiles.duoState(.book, foldPosition: 0.25, innerCamera: true, orientation: orientation)
        let all = regions(state)
        #expect(all.map(\.id) == [.fold, .innerCamera])
        #expect(all.map(\.frame) == [fold, camera])
    }

    @Test(arguments: [
        (DeviceOrientation.portrait, Rect(x: 399, y: 29, width: 37, height: 37), Rect(x: 382, y: 0, width: 84, height: 170)),
        (.portraitUpsideDown, Rect(x: 30, y: 618, width: 37, height: 37), Rect(x: 0, y: 514, width: 84, height: 170)),
        (.landscapeLeft, Rect(x: 29, y: 30, width: 37, height: 37), Rect(x: 0, y: 0, width: 170, height: 84)),
        (.landscapeRight, Rect(x: 618, y: 399, width: 37, height: 37), Rect(x: 514, y: 382, width: 170, height: 84)),
    ])
    func everyOrientationMapsTheOuterCameraAndStatusArea(orientation: DeviceOrientation, camera: Rect, status: Rect) throws {
        let state = try TestProfiles.duoState(.closed, orientation: orientation)
        #expect(regions(state).map(\.frame) == [camera, status])
    }

    @Test func foldMarginsTurnWithTheBand() throws {
        for orientation in DeviceOrientation.allCases {
            let fold = try #require(regions(try TestProfiles.duoState(.book, orientation: orientation), kind: .division).first)
            let expected =
                orientation.isLandscape
                ? EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
                : EdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)
            #expect(fold.margins == expected)
        }
    }

    @Test func orientationMappingIsUndoneByUnmap() {
        let size = Size(width: 932, height: 660)
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        for orientation in DeviceOrientation.allCases {
            #expect(orientation.unmap(orientation.map(rect, portraitSize: size), portraitSize: size) == rect)
        }
    }

    @Test func movedFoldMovesTheBand() throws {
        let state = try TestProfiles.duoState(.book, foldPosition: 0.75)
        #expect(regions(state, kind: .division).map(\.frame) == [Rect(x: 683, y: 0, width: 32, height: 660)])
    }

    @Test func regionsAreCodableValues() throws {
        let region = ReservedRegion(
            id: .fold, frame: Rect(x: 450, y: 0, width: 32, height: 660), isActive: true,
            margins: EdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8))
        let decoded = try JSONDecoder().decode(ReservedRegion.self, from: JSONEncoder().encode(region))
        #expect(decoded == region)
        #expect(Set([region, decoded]).count == 1)
    }
}
