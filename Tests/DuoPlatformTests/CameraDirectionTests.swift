import Testing

@testable import DuoPlatform

/// docs/SPEC.md section 5, direction: which cameras face the way a view's display faces,
/// for views on the outer display and on each half of the inner display,
/// in every posture and orientation.
@Suite struct CameraDirectionTests {
    /// The physical types: the virtual camera is never reported anyway.
    static let types: [CaptureDeviceType] = [
        .builtInOuterUltraWideCamera, .builtInInnerUltraWideCamera, .builtInDualWideCamera, .builtInVirtualFrontCamera,
    ]

    /// Forward and backward ids.
    struct Facing: Equatable, CustomStringConvertible {
        var forward: [String]
        var backward: [String]
        init(_ forward: [String], _ backward: [String]) {
            self.forward = forward
            self.backward = backward
        }
        init(_ map: CaptureDeviceDirectionMap) {
            self.init(map.forwardFacingDeviceDescriptors.map(\.id), map.backwardFacingDeviceDescriptors.map(\.id))
        }
        var description: String { "forward \(forward), backward \(backward)" }
    }

    /// The table, worked out by hand from docs/CAMERAS.md: the cover half
    /// turns about the hinge; past 90 deg (flat, book, tabletop) its back
    /// (outer display, outer camera) faces the way the base half's back
    /// (rear camera) faces; below 90 deg (tent) it faces the way the base
    /// half's inner face (inner camera) faces. Closed, the inner camera is covered.
    static let outerView: [Posture: Facing] = [
        .closed: Facing(["outerFront"], ["rear"]),
        .flat: Facing(["outerFront", "rear"], ["innerFront"]),
        .book: Facing(["outerFront", "rear"], ["innerFront"]),
        .tabletop: Facing(["outerFront", "rear"], ["innerFront"]),
        .tent: Facing(["outerFront", "innerFront"], ["rear"]),
    ]
    static let coverHalfView: [Posture: Facing] = [
        .flat: Facing(["innerFront"], ["outerFront", "rear"]),
        .book: Facing(["innerFront"], ["outerFront", "rear"]),
        .tabletop: Facing(["innerFront"], ["outerFront", "rear"]),
        .tent: Facing(["rear"], ["outerFront", "innerFront"]),
    ]
    static let baseHalfView: [Posture: Facing] = [
        .flat: Facing(["innerFront"], ["outerFront", "rear"]),
        .book: Facing(["innerFront"], ["outerFront", "rear"]),
        .tabletop: Facing(["innerFront"], ["outerFront", "rear"]),
        .tent: Facing(["outerFront", "innerFront"], ["rear"]),
    ]

    /// Which physical half is at the top (landscape) or left (portrait) of
    /// the inner scene, from the mapping of docs/SPEC.md section 1: the base half is the right
    /// half in portrait and goes on top in landscapeLeft.
    static func firstHalf(_ orientation: DeviceOrientation) -> FoldHalf {
        switch orientation {
        case .portrait, .landscapeRight: .cover
        case .portraitUpsideDown, .landscapeLeft: .base
        }
    }

    /// The top (landscape) or left (portrait) half of the inner scene, and the other, clear of the fold.
    static func halfViews(_ size: Size) -> (first: CameraView, second: CameraView) {
        if size.isWiderThanTall {
            return (
                CameraView(frame: Rect(x: 0, y: 0, width: size.width / 2 - 20, height: size.height)),
                CameraView(frame: Rect(x: size.width / 2 + 20, y: 0, width: size.width / 2 - 20, height: size.height))
            )
        }
        return (
            CameraView(frame: Rect(x: 0, y: 0, width: size.width, height: size.height / 2 - 20)),
            CameraView(frame: Rect(x: 0, y: size.height / 2 + 20, width: size.width, height: size.height / 2 - 20))
        )
    }

    func facing(_ system: CameraSystem, _ view: CameraView, types: [CaptureDeviceType] = Self.types) -> Facing {
        var reported: [CaptureDeviceDirectionMap] = []
        let coordinator = DirectionCoordinator(system: system, view: view, deviceTypes: types) { reported.append($0) }
        #expect(reported == [coordinator.directionMap], "reported once, at creation")
        return Facing(coordinator.directionMap)
    }

    @Test(arguments: Posture.allCases, DeviceOrientation.allCases)
    func facingTable(posture: Posture, orientation: DeviceOrientation) throws {
        let (device, system) = try CameraTesting.duo(posture, orientation: orientation)
        #expect(facing(system, .outerDisplay) == Self.outerView[posture], "outer view, \(posture) \(orientation)")
        guard posture != .closed else {
            #expect(facing(system, .mainScene) == Self.outerView[.closed], "closed, the app's scene is on the outer display")
            return
        }
        let (first, second) = Self.halfViews(device.state.sceneSize)
        let firstHalf = Self.firstHalf(orientation)
        let expectedFirst = firstHalf == .cover ? Self.coverHalfView[posture] : Self.baseHalfView[posture]
        let expectedSecond = firstHalf == .cover ? Self.baseHalfView[posture] : Self.coverHalfView[posture]
        #expect(system.geometry.placement(of: first)?.half == firstHalf)
        #expect(facing(system, first) == expectedFirst, "top/left half, \(posture) \(orientation)")
        #expect(facing(system, second) == expectedSecond, "bottom/right half, \(posture) \(orientation)")
    }

    @Test func rearCameraFacesWhoeverLooksAtTheOuterDisplayWhileOpen() throws {
        let (_, system) = try CameraTesting.duo(.flat)
        let outer = facing(system, .outerDisplay)
        let inner = facing(system, .mainScene)
        #expect(outer.forward.contains("rear") && inner.backward.contains("rear"))
        #expect(outer != inner, "one coordinator per view: the two displays get different maps")
    }

    @Test func virtualCameraIsNeverInTheMap() throws {
        for posture in Posture.allCases {
            let (_, system) = try CameraTesting.duo(posture)
            let map = DirectionCoordinator(system: system, view: .mainScene, deviceTypes: [.builtInVirtualFrontCamera]) { _ in }.directionMap
            #expect(map == CaptureDeviceDirectionMap())
        }
    }

    @Test func coordinatorReportsOnCreationAndOnlyOnChangesThatAlterTheMap() throws {
        let (device, system) = try CameraTesting.duo(.closed)
        var reported: [Facing] = []
        let coordinator = DirectionCoordinator(system: system, view: .outerDisplay, deviceTypes: Self.types) { reported.append(Facing($0)) }
        #expect(reported == [Self.outerView[.closed]])
        // Opening past 90 degrees: the inner camera is uncovered and faces the outer viewer...
        try device.setHingeAngle(HingeAngle(degrees: 60))
        #expect(reported.last == Facing(["outerFront", "innerFront"], ["rear"]))
        // ...until the hinge passes 90, when the rear camera turns to face them.
        for degrees in stride(from: 61.0, through: 89, by: 2) {
            try device.setHingeAngle(HingeAngle(degrees: degrees))
        }
        #expect(reported.count == 2, "no report while the map stays the same")
        try device.setHingeAngle(HingeAngle(degrees: 91))
        #expect(reported.last == Self.outerView[.flat])
        device.setOrientation(.landscapeRight)
        device.setLayoutDirection(.rightToLeft)
        #expect(reported.count == 3, "turning the device changes no facing")
        coordinator.invalidate()
        device.apply(.closed)
        #expect(reported.count == 3, "an invalidated coordinator reports nothing")
    }

    @Test func movingTheViewToTheOtherHalfReportsANewMap() throws {
        let (_, system) = try CameraTesting.duo(.tent)
        var reported: [Facing] = []
        let coordinator = DirectionCoordinator(
            system: system, view: CameraView(frame: Rect(x: 0, y: 0, width: 400, height: 660)), deviceTypes: Self.types
        ) { reported.append(Facing($0)) }
        #expect(coordinator.placement?.half == .cover)
        coordinator.setView(CameraView(frame: Rect(x: 500, y: 0, width: 400, height: 660)))
        #expect(coordinator.placement?.half == .base)
        #expect(reported == [Self.coverHalfView[.tent], Self.baseHalfView[.tent]])
    }

    @Test func mirroringFollowsTheMapNotThePosition() throws {
        let (_, system) = try CameraTesting.duo(.book)
        let outerMap = DirectionCoordinator(system: system, view: .outerDisplay, deviceTypes: Self.types) { _ in }.directionMap
        #expect(outerMap.shouldMirrorPreview(ofDeviceWithID: "rear"), "a back camera facing the viewer is mirrored")
        #expect(!outerMap.shouldMirrorPreview(ofDeviceWithID: "innerFront"), "a front camera facing away is not")
        #expect(outerMap.facing(ofDeviceWithID: "virtualFront") == nil)
    }

    @Test func classicFrontCameraFacesItsOnlyDisplay() throws {
        let device = SimulatedDevice(profile: try TestProfiles.classic(), posture: .book)
        let system = try CameraSystem(device: device)
        for orientation in DeviceOrientation.allCases {
            device.setOrientation(orientation)
            #expect(facing(system, .mainScene, types: [.builtInWideAngleCamera]) == Facing(["front"], ["rear"]))
        }
    }
}
