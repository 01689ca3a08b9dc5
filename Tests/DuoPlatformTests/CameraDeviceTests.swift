import Foundation
import Testing

@testable import DuoPlatform

/// docs/SPEC.md section 5: the cameras of each profile, discovery, and the virtual front camera.
@Suite struct CameraDeviceTests {
    @Test func duoHasOuterInnerRearAndVirtualFrontCameras() throws {
        let (_, system) = try CameraTesting.duo(.book)
        #expect(system.devices.map(\.id) == ["outerFront", "innerFront", "rear", "virtualFront"])
        let outer = try #require(system.device(id: "outerFront"))
        #expect(outer.type == .builtInOuterUltraWideCamera)
        #expect(outer.position == .front)
        #expect(outer.spec.mount == .outerDisplay && outer.spec.mount?.half == .cover)
        #expect(outer.formats.contains(CaptureFormat(width: 3840, height: 2160, maxFrameRate: 120, supportsDepth: true)))
        let inner = try #require(system.device(id: "innerFront"))
        #expect(inner.position == .front, "position is where the hardware sits, not which way it faces")
        #expect(inner.spec.mount == .innerDisplayBaseHalf && inner.spec.mount?.half == .base)
        #expect(inner.formats == [CaptureFormat(width: 1920, height: 1080, maxFrameRate: 60, supportsDepth: false)])
        let rear = try #require(system.device(id: "rear"))
        #expect(rear.position == .back && rear.spec.mount == .rear)
        #expect(outer.sensorOrientation != .zero && inner.sensorOrientation != .zero, "front sensors are mounted turned")
    }

    @Test func virtualCameraExposesOnlyWhatBothModulesShare() throws {
        let (_, system) = try CameraTesting.duo(.closed)
        let virtual = try #require(system.device(id: "virtualFront"))
        #expect(virtual.isVirtual)
        #expect(virtual.constituentDevices.map(\.id) == ["outerFront", "innerFront"])
        #expect(virtual.formats == [CaptureFormat(width: 1920, height: 1080, maxFrameRate: 60, supportsDepth: false)])
        #expect(virtual.maxFrameRate == 60)
        #expect(!virtual.supportsDepth)
        #expect(try #require(system.device(id: "outerFront")).supportsDepth)
        #expect(try #require(system.device(id: "outerFront")).maxFrameRate == 120)
    }

    @Test func virtualCameraSwitchesModuleOnOpenAndClose() throws {
        let (device, system) = try CameraTesting.duo(.closed)
        let virtual = try #require(system.device(id: "virtualFront"))
        #expect(virtual.liveModule?.id == "outerFront")
        #expect(virtual.sensorOrientation == .degrees270)
        device.apply(.book)
        #expect(virtual.liveModule?.id == "innerFront")
        #expect(virtual.mount == .innerDisplayBaseHalf)
        #expect(virtual.sensorOrientation == .degrees90)
        device.apply(.flat)
        #expect(virtual.liveModule?.id == "innerFront")
        try device.setHingeAngle(HingeAngle(degrees: 1))
        #expect(virtual.liveModule?.id == "outerFront", "closing switches back")
        #expect(try #require(system.device(id: "rear")).liveModule == nil, "a physical camera has no module")
    }

    @Test func discoveryByTypeAndPosition() throws {
        let (_, system) = try CameraTesting.duo(.book)
        #expect(system.devices(position: .front).map(\.id) == ["outerFront", "innerFront", "virtualFront"])
        #expect(system.devices(position: .back).map(\.id) == ["rear"])
        #expect(system.devices(types: [.builtInInnerUltraWideCamera, .builtInOuterUltraWideCamera]).map(\.id) == ["outerFront", "innerFront"])
        #expect(system.devices(types: [.builtInDualWideCamera], position: .front).isEmpty)
        #expect(system.defaultDevice(position: .front)?.id == "virtualFront", "the virtual camera follows the device by itself")
        #expect(system.defaultDevice(position: .back)?.id == "rear")
        let descriptor = try #require(system.device(id: "innerFront")).descriptor
        #expect(system.device(for: descriptor)?.id == "innerFront")
        var forged = descriptor
        forged.type = .builtInDualWideCamera
        #expect(system.device(for: forged) == nil)
    }

    @Test func classicHasAFrontAndARearCameraAndNoVirtualOne() throws {
        let device = SimulatedDevice(profile: try TestProfiles.classic(), posture: .book)
        let system = try CameraSystem(device: device)
        #expect(system.devices.map(\.id) == ["front", "rear"])
        #expect(system.defaultDevice(position: .front)?.id == "front")
        #expect(system.devices.allSatisfy { !$0.isVirtual })
    }

    // MARK: Rig files

    static func duoRigJSON() throws -> [String: Any] {
        let url = try AssetLocator.standard().url(for: "cameras/duo.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// The duo rig with camera `index`'s `key` set to `value` (nil removes it), checked against the duo.
    static func brokenRig(camera index: Int, key: String, value: Any?) throws -> CameraRigError? {
        var object = try duoRigJSON()
        var cameras = try #require(object["cameras"] as? [[String: Any]])
        cameras[index][key] = value
        object["cameras"] = cameras
        let data = try JSONSerialization.data(withJSONObject: object)
        let profile = try TestProfiles.duo()
        do {
            _ = try CameraRig.decode(data, file: "broken.json").validated(for: profile, file: "broken.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func shippedRigsFitTheirProfiles() throws {
        #expect(try CameraTesting.duoRig().cameras.count == 4)
        #expect(try CameraTesting.classicRig().cameras.count == 2)
        let classicRig = try CameraTesting.classicRig()
        #expect(throws: CameraRigError.self) { try classicRig.validated(for: try TestProfiles.duo(), file: "x") }
    }

    @Test func brokenRigsNameTheFieldAndTheProblem() throws {
        let unknown = try #require(try Self.brokenRig(camera: 0, key: "lens", value: "wide"))
        #expect(unknown.field == "cameras[0].lens")
        #expect(unknown.description.contains("broken.json"))
        let missing = try #require(try Self.brokenRig(camera: 1, key: "mount", value: nil))
        #expect(missing.field == "cameras[1].mount")
        let wrongHalf = try #require(try Self.brokenRig(camera: 1, key: "mount", value: "innerDisplayCoverHalf"))
        #expect(wrongHalf.field == "cameras[1].mount", "the inner camera's occlusion lies on the base half")
        let wrongPosition = try #require(try Self.brokenRig(camera: 2, key: "position", value: "front"))
        #expect(wrongPosition.field == "cameras[2].position")
        let tilted = try #require(try Self.brokenRig(camera: 2, key: "sensorOrientation", value: 45))
        #expect(tilted.field == "cameras[2].sensorOrientation")
        let oneModule = try #require(try Self.brokenRig(camera: 3, key: "constituents", value: ["outerFront", "rear"]))
        #expect(oneModule.field == "cameras[3].constituents")
        let ownFormats = try #require(
            try Self.brokenRig(camera: 3, key: "formats", value: [["width": 1, "height": 1, "maxFrameRate": 1, "supportsDepth": false]]))
        #expect(ownFormats.field == "cameras[3].formats")
        let noFormats = try #require(try Self.brokenRig(camera: 0, key: "formats", value: []))
        #expect(noFormats.field == "cameras[0].formats")
        #expect(try Self.brokenRig(camera: 3, key: "formats", value: []) == nil, "a virtual camera may list its formats as empty")
        let typo = try #require(try Self.brokenRig(camera: 2, key: "fromats", value: []))
        #expect(typo.description == "camera rig broken.json: cameras[2].fromats is not a known field (misspelt?)")
        let duplicate = try #require(try Self.brokenRig(camera: 1, key: "id", value: "outerFront"))
        #expect(duplicate.problem.contains("twice"))
    }

    @Test func aProfileWithoutARigIsATypedError() throws {
        var profile = try TestProfiles.duo()
        profile.name = "nameless"
        #expect(throws: CameraRigError.self) { try CameraRig.for(profile) }
    }
}
