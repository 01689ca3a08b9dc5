import DuoArguments
import DuoPlatform
import Foundation

/// `duo-bench cameras`: what the simulated cameras cost a front end per
/// frame. Two figures, each the median over rounds (and the best round):
/// - a device change seen by a running viewfinder (direction map, rotation
///   angles, accessory availability, virtual module and occlusion), the
///   device turning through the four orientations and opening and closing;
/// - one preview frame: the 160 x 120 synthetic sensor image drawn, turned
///   and mirrored through the preview connection.
enum CameraBenchmark {
    static let tool = "duo-bench cameras"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let iterations: Option<Int> = .integer(
            "iterations", in: 1...100_000_000, default: 2_000, help: "device changes per round (preview frames: a tenth of it)")
        static let rounds: Option<Int> = .integer("rounds", in: 1...1_000, default: 11, help: "rounds; the median and the best are shown")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                What the simulated cameras cost a front end per frame: a device change
                seen by a running viewfinder (direction map, rotation angles, accessory
                availability, virtual module and occlusion), and one preview frame (the
                160 x 120 synthetic sensor image drawn, turned and mirrored).
                """),
            .options("options:", [Options.iterations.spec, Options.rounds.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let iterations = parsed[Options.iterations]
        let rounds = parsed[Options.rounds]
        let device: SimulatedDevice
        let finder: CameraViewfinder
        let accessory: CaptureAccessory
        do {
            device = SimulatedDevice(profile: try DeviceProfile.named("duo"), posture: .book)
            let system = try CameraSystem(device: device)
            finder = CameraViewfinder(
                system: system, view: .mainScene,
                preference: [.builtInInnerUltraWideCamera, .builtInOuterUltraWideCamera, .builtInDualWideCamera]
            )
            accessory = CaptureAccessory(system: system) { _ in }
            try finder.start()
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        print("cameras: duo, viewfinder on the app's scene, capture accessory, session running")
        print("  \("measure".padding(toLength: 22, withPad: " ", startingAt: 0)) median ns    best ns  (\(rounds) rounds x \(iterations))")
        var checksum = 0
        // Every step changes the device; every fifth opens or closes it (a display move).
        let steps: [(SimulatedDevice) -> Void] = [
            { $0.setOrientation(.landscapeLeft) }, { $0.setOrientation(.portraitUpsideDown) },
            { $0.setOrientation(.landscapeRight) }, { $0.apply(.closed) }, { $0.apply(.book) },
        ]
        report("device change", iterations: iterations, rounds: rounds) { index in
            steps[index % steps.count](device)
            checksum &+= (finder.angles?.capture.degrees ?? 0) + (accessory.isAvailable ? 1 : 0)
        }
        report("preview frame", iterations: max(1, iterations / 10), rounds: rounds) { _ in
            if let frame = try? finder.previewFrame() { checksum &+= Int(frame.pixels[frame.pixels.count / 2]) }
        }
        // Printing the checksum keeps the optimiser from dropping the work.
        print("  (checksum \(checksum))")
        return 0
    }

    static func report(_ name: String, iterations: Int, rounds: Int, _ work: (Int) -> Void) {
        var samples: [Double] = []
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            for index in 0..<iterations { work(index) }
            samples.append(PlatformBenchmark.nanoseconds(ContinuousClock.now - start) / Double(iterations))
        }
        samples.sort()
        let label = name.padding(toLength: 22, withPad: " ", startingAt: 0)
        print("  \(label) \(PlatformBenchmark.format(samples[samples.count / 2])) \(PlatformBenchmark.format(samples[0]))")
    }
}
