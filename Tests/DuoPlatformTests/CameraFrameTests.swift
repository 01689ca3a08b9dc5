import Testing

@testable import DuoPlatform

/// Synthetic frames and the pixel operations on them.
@Suite struct CameraFrameTests {
    @Test func uprightSceneHasSkyOnTopMarkerUpSunOnTheRightAndTheName() {
        let frame = SyntheticScene.upright(width: 160, height: 120, label: "Rear")
        #expect(CameraTesting.skySide(frame) == .up)
        #expect(CameraTesting.markerDirection(frame) == .up)
        #expect(CameraTesting.sunSide(frame) == .right)
        #expect(frame.color(x: 0, y: 0) == SyntheticScene.sky)
        #expect(frame.color(x: 0, y: 119) == SyntheticScene.ground)
        #expect(CameraTesting.count(SyntheticScene.label, in: frame) > 20, "the name is written")
    }

    @Test func namesOfDifferentCamerasDrawDifferentPixels() {
        let outer = SyntheticScene.upright(width: 160, height: 120, label: "Outer front")
        let inner = SyntheticScene.upright(width: 160, height: 120, label: "Inner front")
        #expect(outer != inner)
        #expect(PixelFont.rows(of: "a") == PixelFont.rows(of: "A"))
        #expect(PixelFont.rows(of: "~") == [UInt8](repeating: 0, count: 7), "unknown characters are blank")
    }

    @Test func rotatingClockwiseTakesTheLeftEdgeToTheTop() {
        var frame = CameraFrame(width: 3, height: 2, color: SyntheticScene.ground)
        frame.set(x: 0, y: 1, to: SyntheticScene.sun)  // bottom-left
        let turned = frame.rotated(by: .degrees90)
        #expect(turned.width == 2 && turned.height == 3)
        #expect(turned.color(x: 0, y: 0) == SyntheticScene.sun, "bottom-left goes to top-left after a clockwise quarter turn")
        #expect(frame.rotated(by: .degrees180).color(x: 2, y: 0) == SyntheticScene.sun)
        #expect(frame.rotated(by: .degrees270).color(x: 1, y: 2) == SyntheticScene.sun)
        for turns in 0..<4 {
            let angle = RotationAngle(quarterTurns: turns)
            #expect(frame.rotated(by: angle).rotated(by: angle.inverse) == frame)
        }
    }

    @Test func mirroringSwapsLeftAndRightOnly() {
        let frame = SyntheticScene.upright(width: 160, height: 120, label: "Front")
        let mirrored = frame.mirroredHorizontally()
        #expect(CameraTesting.sunSide(mirrored) == .left)
        #expect(CameraTesting.markerDirection(mirrored) == .up)
        #expect(CameraTesting.skySide(mirrored) == .up)
        #expect(mirrored.mirroredHorizontally() == frame)
    }

    @Test func sensorImageTurnsTheSceneSoTheWorldsUpLiesWhereAsked() {
        for up in ImageDirection.allCases {
            let image = SyntheticScene.sensorImage(worldUp: up, label: "Rear")
            #expect(image.width == SyntheticScene.sensorWidth && image.height == SyntheticScene.sensorHeight, "sensors are landscape")
            #expect(CameraTesting.markerDirection(image) == up)
            #expect(CameraTesting.skySide(image) == up)
        }
    }

    @Test func rotationAnglesAreQuarterTurnsOnly() throws {
        #expect(try RotationAngle(degrees: 450) == .degrees90)
        #expect(try RotationAngle(degrees: -90) == .degrees270)
        #expect(throws: CaptureError.rotationNotAQuarterTurn(degrees: 45)) { try RotationAngle(degrees: 45) }
        #expect(throws: CaptureError.self) { try RotationAngle(degrees: .nan) }
        #expect(ImageDirection.left.rotation(to: .up) == .degrees90)
        #expect(ImageDirection.up.rotated(by: .degrees270) == .left)
    }
}
