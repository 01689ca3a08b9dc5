import DuoArguments
import DuoPlatform
import Foundation

/// What `duo inspect` was asked, checked against the profile: every flag
/// turned into a platform value, or an ``ArgumentError`` naming the flag.
struct InspectRequest {
    /// The values accepted by `--kind`.
    enum KindChoice: String, CaseIterable { case division, occlusion, all }
    /// The values accepted by `--direction`.
    /// The values accepted by `--axes`.
    enum AxesChoice: String, CaseIterable { case horizontal, vertical, both }

    let state: DeviceState
    let posture: Posture
    let view: Rect
    let kind: ReservedRegion.Kind?
    let options: ReservedRegion.QueryOptions
    let behavior: LayoutDirectionBehavior
    let arrangement: Arrangement?

    /// Builds the request from parsed arguments and a loaded profile.
    init(_ parsed: ParsedOptions, profile: DeviceProfile) throws(ArgumentError) {
        do {
            try self.init(checking: parsed, profile: profile)
        } catch let error as ArgumentError {
            throw error
        } catch {
            throw ArgumentError("\(error)")
        }
    }

    private init(checking parsed: ParsedOptions, profile: DeviceProfile) throws {
        posture = parsed[DeviceStateFlags.posture] ?? .tabletop
        let state = try DeviceStateFlags.state(parsed, profile: profile, posture: posture)
        self.state = state

        behavior = parsed[InspectHelp.fixed] ? .fixed : .mirrors
        let scene = Rect(size: state.sceneSize)
        if let text = parsed[InspectHelp.view] {
            let view = try Self.rect(text)
            guard scene.contains(view) else {
                throw ArgumentError("--view \(text) does not fit the \(state.sceneSize) scene of the \(state.display.rawValue) display")
            }
            self.view = view
        } else {
            view = scene
        }
        kind =
            switch parsed[InspectHelp.kind] {
            case .division: .division
            case .occlusion: .occlusion
            case .all: nil
            }
        options = parsed[InspectHelp.includeInactive] ? .includeInactive : []

        if let style = parsed[InspectHelp.arrangement] {
            let axes: Arrangement.Axes =
                switch parsed[InspectHelp.axes] {
                case .horizontal: .horizontal
                case .vertical: .vertical
                case .both: .both
                }
            arrangement = Arrangement(
                style: style, axes: axes, isSecondaryHidden: parsed[InspectHelp.hideSecondary],
                primaryEdge: parsed[InspectHelp.primaryEdge],
                secondaryEdge: parsed[InspectHelp.secondaryEdge]
            )
        } else {
            if parsed.isGiven(InspectHelp.axes) { throw ArgumentError("--axes needs --arrangement") }
            for edge in [InspectHelp.primaryEdge, InspectHelp.secondaryEdge] where parsed.isGiven(edge) {
                throw ArgumentError("--\(edge.name) needs --arrangement")
            }
            if parsed[InspectHelp.hideSecondary] { throw ArgumentError("--hide-secondary needs --arrangement") }
            arrangement = nil
        }
    }

    /// `X,Y,W,H`: four finite numbers, the size not negative.
    private static func rect(_ text: String) throws(ArgumentError) -> Rect {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
            [x, y, w, h].allSatisfy(\.isFinite), w >= 0, h >= 0
        else {
            throw ArgumentError("--view must be X,Y,W,H (four numbers, the size not negative), not '\(text)'")
        }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
