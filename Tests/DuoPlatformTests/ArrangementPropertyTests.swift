import DuoSupport
import Testing

@testable import DuoPlatform

/// Seeded property tests over hundreds of random device states and containers.
@Suite struct ArrangementPropertyTests {
    /// A random but repeatable case: a device state, a container inside its
    /// scene and an arrangement.
    struct Case: CustomStringConvertible {
        let state: DeviceState
        let container: Rect
        let arrangement: Arrangement
        var context: LayoutContext { state.layoutContext.context(for: container) }
        var description: String {
            "angle \(state.hingeAngle) \(state.orientation) fold \(state.foldPosition) \(state.layoutDirection) container \(container) \(arrangement)"
        }
    }

    static func cases(count: Int, seed: UInt64, style: Arrangement.Style) throws -> [Case] {
        let duo = try TestProfiles.duo()
        let classic = try TestProfiles.classic()
        var random = SplitMix64(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        func unit() -> Double { random.nextUnit() }
        var result: [Case] = []
        for index in 0..<count {
            let profile = index % 10 == 9 ? classic : duo
            // Half the angles land near a threshold, where statuses change.
            let degrees = pick([true, false]) ? pick([0, 3, 5, 7, 173, 175, 177, 180]) + unit() : unit() * 180
            let state = try DeviceState(
                profile: profile,
                hingeAngle: profile.hasHinge ? HingeAngle(degrees: min(180, degrees)) : nil,
                orientation: pick(DeviceOrientation.allCases),
                foldPosition: profile.fold.map { $0.minimumPosition + unit() * ($0.maximumPosition - $0.minimumPosition) },
                isInnerCameraInUse: pick([true, false]),
                layoutDirection: pick(LayoutDirection.allCases)
            )
            let scene = state.sceneSize
            // Whole scene a third of the time, else any sub-rectangle (many cut through the band).
            let container: Rect
            if index % 3 == 0 {
                container = Rect(size: scene)
            } else {
                let x = (unit() * scene.width * 0.8).rounded()
                let y = (unit() * scene.height * 0.8).rounded()
                container = Rect(
                    x: x, y: y, width: max(1, (unit() * (scene.width - x)).rounded()), height: max(1, (unit() * (scene.height - y)).rounded()))
            }
            let arrangement = Arrangement(
                style: style,
                axes: pick([.both, .horizontal, .vertical, []]),
                isSecondaryHidden: unit() < 0.2,
                primaryEdge: pick([nil] + Arrangement.Edge.allCases.map(Optional.some)),
                secondaryEdge: pick([nil] + Arrangement.Edge.allCases.map(Optional.some))
            )
            result.append(Case(state: state, container: container, arrangement: arrangement))
        }
        return result
    }

    @Test func splitFramesNeverIntersectAnActiveDivision() throws {
        for item in try Self.cases(count: 600, seed: 11, style: .split) {
            let layout = try item.arrangement.layout(in: item.context)
            let divisions = item.context.reservedRegions(kind: .division)
            for frame in [layout.primary, layout.secondary].compactMap({ $0 }) {
                for division in divisions {
                    #expect(!frame.intersects(division.frame), "\(item): \(frame) crosses \(division.frame)")
                }
            }
        }
    }

    @Test func theTwoSplitFramesNeverOverlap() throws {
        var pairs = 0
        for item in try Self.cases(count: 600, seed: 12, style: .split) {
            let layout = try item.arrangement.layout(in: item.context)
            if let primary = layout.primary, let secondary = layout.secondary {
                pairs += 1
                #expect(!primary.intersects(secondary), "\(item): \(primary) overlaps \(secondary)")
            }
        }
        // Only cases with both frames check anything: there must be many of them.
        #expect(pairs >= 100, "\(pairs) of 600 cases split into two frames")
    }

    @Test func everyFrameLiesInsideItsContainer() throws {
        for style in Arrangement.Style.allCases {
            for item in try Self.cases(count: 300, seed: 13, style: style) {
                let bounds = item.context.bounds
                for behavior in LayoutDirectionBehavior.allCases {
                    let layout = try item.arrangement.layout(in: item.context, layoutDirectionBehavior: behavior)
                    for frame in [layout.primary, layout.secondary].compactMap({ $0 }) {
                        #expect(bounds.contains(frame) && !frame.isEmpty, "\(item): \(frame) not inside \(bounds)")
                    }
                }
            }
        }
    }

    @Test func overlayMovedApartNeverCrossesTheFoldOrOverlaps() throws {
        for item in try Self.cases(count: 600, seed: 14, style: .overlay) {
            let layout = try item.arrangement.layout(in: item.context)
            guard !layout.isStackedInZ else { continue }
            let frames = [layout.primary, layout.secondary].compactMap { $0 }
            for frame in frames {
                for division in item.context.reservedRegions(kind: .division) {
                    #expect(!frame.intersects(division.frame), "\(item)")
                }
            }
            if frames.count == 2 { #expect(!frames[0].intersects(frames[1]), "\(item)") }
        }
    }

    @Test func anActiveDivisionInTheContainerIsNeverCrossedInAnyState() throws {
        // Cross-check of the region query itself: an active division's band
        // in view coordinates always equals the scene band moved by the container origin.
        for item in try Self.cases(count: 400, seed: 15, style: .split) where item.state.layoutDirection == .leftToRight {
            let sceneBands = item.state.layoutContext.reservedRegions(kind: .division)
            let viewBands = item.context.reservedRegions(kind: .division)
            let expected =
                sceneBands
                .map { $0.frame.offsetBy(dx: -item.container.minX, dy: -item.container.minY) }
                .filter { $0.intersects(Rect(size: item.container.size)) }
            #expect(viewBands.map(\.frame) == expected, "\(item)")
        }
    }
}
