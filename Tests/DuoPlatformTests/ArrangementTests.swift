import Foundation
import Testing

@testable import DuoPlatform

/// docs/SPEC.md section 4: split and overlay.
@Suite struct ArrangementTests {
    func layout(_ state: DeviceState, _ arrangement: Arrangement = Arrangement(), behavior: LayoutDirectionBehavior = .mirrors) throws
        -> ArrangementLayout
    {
        try arrangement.layout(in: state.layoutContext, layoutDirectionBehavior: behavior)
    }

    // MARK: Split

    @Test func splitInBookLeavesTheBandEmptyBetweenSideBySideViews() throws {
        let result = try layout(try TestProfiles.duoState(.book))
        #expect(result.primary == Rect(x: 0, y: 0, width: 450, height: 660))
        #expect(result.secondary == Rect(x: 482, y: 0, width: 450, height: 660))
        #expect(!result.isStackedInZ)
    }

    @Test func splitInTabletopStacksPrimaryOnTop() throws {
        let result = try layout(try TestProfiles.duoState(.tabletop))
        #expect(result.primary == Rect(x: 0, y: 0, width: 660, height: 450))
        #expect(result.secondary == Rect(x: 0, y: 482, width: 660, height: 450))
    }

    @Test func splitWhenFlatUsesTheInactiveFoldAsAZeroWidthBoundary() throws {
        let result = try layout(try TestProfiles.duoState(.flat))
        #expect(result.primary == Rect(x: 0, y: 0, width: 466, height: 660))
        #expect(result.secondary == Rect(x: 466, y: 0, width: 466, height: 660))
        let turned = try layout(try TestProfiles.duoState(.flat, orientation: .landscapeLeft))
        #expect(turned.primary == Rect(x: 0, y: 0, width: 660, height: 466))
        #expect(turned.secondary == Rect(x: 0, y: 466, width: 660, height: 466))
    }

    @Test func splitWhenClosedInPortraitStacksAtTheMiddle() throws {
        let result = try layout(try TestProfiles.duoState(.closed))
        #expect(result.primary == Rect(x: 0, y: 0, width: 466, height: 342))
        #expect(result.secondary == Rect(x: 0, y: 342, width: 466, height: 342))
    }

    @Test func splitOnTheClosedDeviceInLandscapeShowsOnlyThePrimary() throws {
        for orientation in [DeviceOrientation.landscapeLeft, .landscapeRight] {
            let result = try layout(try TestProfiles.duoState(.closed, orientation: orientation))
            #expect(result.primary == Rect(x: 0, y: 0, width: 684, height: 466))
            #expect(result.secondary == nil)
        }
    }

    @Test func splitOnClassicUsesTheMiddleInEitherOrientation() throws {
        let classic = try TestProfiles.classic()
        let portrait = try layout(DeviceState(profile: classic, posture: .book))
        #expect(portrait.primary == Rect(x: 0, y: 0, width: 440, height: 478))
        #expect(portrait.secondary == Rect(x: 0, y: 478, width: 440, height: 478))
        let landscape = try layout(DeviceState(profile: classic, posture: .tabletop))
        #expect(landscape.primary == Rect(x: 0, y: 0, width: 478, height: 440))
        #expect(landscape.secondary == Rect(x: 478, y: 0, width: 478, height: 440))
    }

    @Test func splitWithHiddenSecondaryKeepsThePrimaryBesideTheFold() throws {
        let hidden = Arrangement(isSecondaryHidden: true)
        #expect(try layout(try TestProfiles.duoState(.book), hidden).primary == Rect(x: 0, y: 0, width: 450, height: 660))
        #expect(try layout(try TestProfiles.duoState(.flat), hidden).primary == Rect(x: 0, y: 0, width: 466, height: 660))
        #expect(try layout(try TestProfiles.duoState(.tabletop), hidden).primary == Rect(x: 0, y: 0, width: 660, height: 450))
        #expect(try layout(try TestProfiles.duoState(.book), hidden).secondary == nil)
    }

    @Test func splitWithHiddenSecondaryAndNoFoldFillsTheContainer() throws {
        let hidden = Arrangement(isSecondaryHidden: true)
        #expect(try layout(try TestProfiles.duoState(.closed), hidden).primary == Rect(x: 0, y: 0, width: 466, height: 684))
        let classic = DeviceState(profile: try TestProfiles.classic(), posture: .book)
        #expect(try layout(classic, hidden).primary == Rect(x: 0, y: 0, width: 440, height: 956))
    }

    @Test func splitFollowsAMovedFold() throws {
        let book = try layout(try TestProfiles.duoState(.book, foldPosition: 0.25))
        #expect(book.primary == Rect(x: 0, y: 0, width: 217, height: 660))
        #expect(book.secondary == Rect(x: 249, y: 0, width: 683, height: 660))
        let tabletop = try layout(try TestProfiles.duoState(.tabletop, foldPosition: 0.25))
        #expect(tabletop.primary == Rect(x: 0, y: 0, width: 660, height: 683))
        #expect(tabletop.secondary == Rect(x: 0, y: 715, width: 660, height: 217))
        let flat = try layout(try TestProfiles.duoState(.flat, foldPosition: 0.75))
        #expect(flat.primary == Rect(x: 0, y: 0, width: 699, height: 660))
    }

    @Test func activeDivisionDecidesTheAxisAndForbiddenAxisShowsOnlyThePrimary() throws {
        let stackedOnly = Arrangement(axes: .vertical)
        let book = try layout(try TestProfiles.duoState(.book), stackedOnly)
        #expect(book.primary == Rect(x: 0, y: 0, width: 450, height: 660))
        #expect(book.secondary == nil)
        let sideBySideOnly = Arrangement(axes: .horizontal)
        let tabletop = try layout(try TestProfiles.duoState(.tabletop), sideBySideOnly)
        #expect(tabletop.primary == Rect(x: 0, y: 0, width: 660, height: 450))
        #expect(tabletop.secondary == nil)
    }

    @Test func axesLimitTheDirectionWithoutAnActiveFold() throws {
        let closed = try layout(try TestProfiles.duoState(.closed), Arrangement(axes: .horizontal))
        #expect(closed.primary == Rect(x: 0, y: 0, width: 233, height: 684))
        #expect(closed.secondary == Rect(x: 233, y: 0, width: 233, height: 684))
        let none = try layout(try TestProfiles.duoState(.flat), Arrangement(axes: []))
        #expect(none.primary == Rect(x: 0, y: 0, width: 932, height: 660))
        #expect(none.secondary == nil)
    }

    @Test func splitInRightToLeftPutsThePrimaryOnTheRight() throws {
        let state = try TestProfiles.duoState(.book, foldPosition: 0.25, direction: .rightToLeft)
        let leading = try layout(state)
        // In layout coordinates the primary is leading (x from the right edge)...
        #expect(leading.primary == Rect(x: 0, y: 0, width: 683, height: 660))
        // ...which on screen is the right-hand side of the fold.
        let screen = try layout(state, behavior: .fixed)
        #expect(screen.primary == Rect(x: 249, y: 0, width: 683, height: 660))
        #expect(screen.secondary == Rect(x: 0, y: 0, width: 217, height: 660))
    }

    @Test func containerCuttingThroughTheBandKeepsViewsOffIt() throws {
        let context = try TestProfiles.duoState(.book).layoutContext.context(for: Rect(x: 460, y: 0, width: 472, height: 660))
        let result = try Arrangement().layout(in: context)
        #expect(result.primary == Rect(x: 22, y: 0, width: 450, height: 660))
        #expect(result.secondary == nil)
        let inside = try TestProfiles.duoState(.book).layoutContext.context(for: Rect(x: 455, y: 0, width: 20, height: 660))
        #expect(try Arrangement().layout(in: inside) == ArrangementLayout(style: .split, primary: nil, secondary: nil))
    }

    // MARK: Overlay

    @Test func overlayIsAZStackWhenFlatOrClosed() throws {
        for posture in [Posture.flat, .closed] {
            let state = try TestProfiles.duoState(posture)
            let result = try layout(state, Arrangement(style: .overlay))
            #expect(result.isStackedInZ)
            #expect(result.primary == Rect(size: state.sceneSize))
            #expect(result.secondary == Rect(size: state.sceneSize))
        }
        let classic = try layout(DeviceState(profile: try TestProfiles.classic(), posture: .tabletop), Arrangement(style: .overlay))
        #expect(classic.isStackedInZ && classic.primary == Rect(x: 0, y: 0, width: 956, height: 440))
    }

    @Test func overlayInTabletopPutsSecondaryUprightAndPrimaryFlat() throws {
        let result = try layout(try TestProfiles.duoState(.tabletop), Arrangement(style: .overlay))
        #expect(!result.isStackedInZ)
        #expect(result.secondary == Rect(x: 0, y: 0, width: 660, height: 450))
        #expect(result.primary == Rect(x: 0, y: 482, width: 660, height: 450))
    }

    @Test func overlayWithAVerticalFoldPutsPrimaryTrailing() throws {
        let result = try layout(try TestProfiles.duoState(.book), Arrangement(style: .overlay))
        #expect(result.primary == Rect(x: 482, y: 0, width: 450, height: 660))
        #expect(result.secondary == Rect(x: 0, y: 0, width: 450, height: 660))
    }

    @Test func edgePreferenceSwapsTheOverlayPlacement() throws {
        let tabletop = try TestProfiles.duoState(.tabletop)
        let primaryTop = try layout(tabletop, Arrangement(style: .overlay, primaryEdge: .top))
        #expect(primaryTop.primary == Rect(x: 0, y: 0, width: 660, height: 450))
        #expect(primaryTop.secondary == Rect(x: 0, y: 482, width: 660, height: 450))
        let secondaryBottom = try layout(tabletop, Arrangement(style: .overlay, secondaryEdge: .bottom))
        #expect(secondaryBottom == primaryTop)
        let primaryWins = try layout(tabletop, Arrangement(style: .overlay, primaryEdge: .bottom, secondaryEdge: .bottom))
        #expect(primaryWins.primary == Rect(x: 0, y: 482, width: 660, height: 450))
        let book = try layout(try TestProfiles.duoState(.book), Arrangement(style: .overlay, primaryEdge: .leading))
        #expect(book.primary == Rect(x: 0, y: 0, width: 450, height: 660))
        let across = try layout(try TestProfiles.duoState(.book), Arrangement(style: .overlay, primaryEdge: .top))
        #expect(across.primary == Rect(x: 482, y: 0, width: 450, height: 660), "an edge across the fold's axis is ignored")
    }

    @Test func overlayStaysStackedWhenAxesForbidTheFoldedAxis() throws {
        let result = try layout(try TestProfiles.duoState(.tabletop), Arrangement(style: .overlay, axes: .horizontal))
        #expect(result.isStackedInZ)
        #expect(result.primary == Rect(x: 0, y: 0, width: 660, height: 932))
    }

    @Test func overlayWithHiddenSecondaryAndMovedFold() throws {
        let state = try TestProfiles.duoState(.tabletop, foldPosition: 0.25)
        let result = try layout(state, Arrangement(style: .overlay, isSecondaryHidden: true))
        #expect(result.primary == Rect(x: 0, y: 715, width: 660, height: 217))
        #expect(result.secondary == nil)
    }

    // MARK: Scrolling container

    @Test func arrangementInsideAScrollingContainerIsAnError() throws {
        let scene = try TestProfiles.duoState(.book).layoutContext
        let content = scene.scrollContentContext(for: Rect(x: 0, y: -200, width: 932, height: 2_000))
        #expect(throws: ArrangementError.insideScrollingContainer) { try Arrangement().layout(in: content) }
        let nested = content.context(for: Rect(x: 0, y: 0, width: 400, height: 400))
        #expect(throws: ArrangementError.insideScrollingContainer) { try Arrangement(style: .overlay).layout(in: nested) }
        #expect(throws: Never.self) { try Arrangement().layout(in: scene.context(for: Rect(x: 0, y: 0, width: 400, height: 400))) }
    }

    @Test func layoutEncodesNullForAViewNotShown() throws {
        let data = try JSONEncoder().encode(ArrangementLayout(style: .split, primary: Rect(x: 0, y: 0, width: 1, height: 1), secondary: nil))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"secondary\":null"))
    }
}
