import Testing

@testable import DuoPlatform

@Suite struct DeviceStateTests {
    @Test(arguments: [
        (Posture.closed, DisplayKind.outer, Size(width: 466, height: 684), HingeStatus.closed),
        (.flat, .inner, Size(width: 932, height: 660), .fullyOpen),
        (.book, .inner, Size(width: 932, height: 660), .partiallyOpen),
        (.tent, .inner, Size(width: 932, height: 660), .partiallyOpen),
        (.tabletop, .inner, Size(width: 660, height: 932), .partiallyOpen),
    ])
    func postureTableGivesDisplaySceneAndStatus(posture: Posture, display: DisplayKind, scene: Size, status: HingeStatus) throws {
        let state = try TestProfiles.duoState(posture)
        #expect(state.display == display)
        #expect(state.sceneSize == scene)
        #expect(state.hinge?.status == status)
    }

    @Test func postureAnglesAndOrientationsAreTheSpecPresets() throws {
        let duo = try TestProfiles.duo()
        let expected: [Posture: (Double, DeviceOrientation)] = [
            .closed: (0, .portrait), .flat: (180, .portrait), .book: (110, .portrait),
            .tent: (80, .portrait), .tabletop: (100, .landscapeLeft),
        ]
        for (posture, (degrees, orientation)) in expected {
            #expect(duo.preset(for: posture) == PosturePreset(angle: HingeAngle(degrees: degrees), orientation: orientation))
        }
    }

    @Test func openingMovesTheAppToTheInnerDisplayAndClosingMovesItBack() throws {
        var state = try TestProfiles.duoState(.closed)
        #expect(state.display == .outer)
        try state.setHingeAngle(HingeAngle(degrees: 6))
        #expect(state.display == .outer, "6 deg is not 2 deg past the closed threshold")
        try state.setHingeAngle(HingeAngle(degrees: 7))
        #expect(state.display == .inner)
        #expect(state.sceneSize == Size(width: 932, height: 660))
        try state.setHingeAngle(HingeAngle(degrees: 4))
        #expect(state.display == .inner, "4 deg is not 2 deg below the closed threshold")
        try state.setHingeAngle(HingeAngle(degrees: 2))
        #expect(state.display == .outer)
        #expect(state.sceneSize == Size(width: 466, height: 684))
    }

    @Test func rotatingTurnsTheSceneSize() throws {
        var state = try TestProfiles.duoState(.book)
        for orientation in DeviceOrientation.allCases {
            state.orientation = orientation
            #expect(state.sceneSize == (orientation.isLandscape ? Size(width: 660, height: 932) : Size(width: 932, height: 660)))
        }
        var closed = try TestProfiles.duoState(.closed)
        closed.orientation = .landscapeRight
        #expect(closed.sceneSize == Size(width: 684, height: 466))
    }

    @Test func classicHasOneDisplayNoHingeAndNoFold() throws {
        let classic = try TestProfiles.classic()
        for posture in Posture.allCases {
            let state = DeviceState(profile: classic, posture: posture)
            #expect(state.hinge == nil)
            #expect(state.display == .outer)
            #expect(state.sceneRegions.isEmpty)
        }
        #expect(DeviceState(profile: classic, posture: .book).sceneSize == Size(width: 440, height: 956))
        #expect(DeviceState(profile: classic, posture: .tabletop).sceneSize == Size(width: 956, height: 440))
    }

    @Test func outOfRangeChangesAreTypedErrorsThatChangeNothing() throws {
        var state = try TestProfiles.duoState(.book)
        let before = state
        #expect(throws: DeviceStateError.angleOutOfRange(degrees: 181, range: 0...180)) {
            try state.setHingeAngle(HingeAngle(degrees: 181))
        }
        #expect(throws: DeviceStateError.self) { try state.setHingeAngle(HingeAngle(degrees: .nan)) }
        #expect(throws: DeviceStateError.foldPositionOutOfRange(position: 0.8, range: 0.25...0.75)) {
            try state.setFoldPosition(0.8)
        }
        #expect(state == before)
        var classic = DeviceState(profile: try TestProfiles.classic(), posture: .book)
        #expect(throws: DeviceStateError.noHinge(profile: "classic")) { try classic.setHingeAngle(.zero) }
        #expect(throws: DeviceStateError.noFold(profile: "classic")) { try classic.setFoldPosition(0.5) }
    }

    @Test func applyingAPostureSetsAngleAndOrientationThroughTheRule() throws {
        var state = try TestProfiles.duoState(.closed)
        state.apply(.tabletop)
        #expect(state.hinge == Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 100)))
        #expect(state.orientation == .landscapeLeft)
        state.apply(.flat)
        #expect(state.hinge?.status == .fullyOpen)
        state.apply(.closed)
        #expect(state.display == .outer)
    }
}

@Suite struct MatchingPostureTests {
    @Test func stateNamesThePostureItMatches() throws {
        for posture in Posture.allCases {
            #expect(try TestProfiles.duoState(posture).matchingPosture == posture)
        }
        var state = try TestProfiles.duoState(.book)
        try state.setHingeAngle(HingeAngle(degrees: 111))
        #expect(state.matchingPosture == nil)
    }
}
