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

    static let options: Set<String> = [
        "profile", "posture", "angle", "orientation", "fold-position", "view", "kind", "direction",
        "arrangement", "axes", "primary-edge", "secondary-edge",
    ]
    static let flags: Set<String> = ["inner-camera", "include-inactive", "fixed", "hide-secondary", "cameras", "help"]

    let state: DeviceState
    let posture: Posture
    let view: Rect
    let kind: ReservedRegion.Kind?
    let options: ReservedRegion.QueryOptions
    let behavior: LayoutDirectionBehavior
    let arrangement: Arrangement?

    /// Builds the request from parsed arguments and a loaded profile.
    init(_ parsed: ParsedArguments, profile: DeviceProfile) throws(ArgumentError) {
        do {
            try self.init(checking: parsed, profile: profile)
        } catch let error as ArgumentError {
            throw error
        } catch {
            throw ArgumentError("\(error)")
        }
    }

    private init(checking parsed: ParsedArguments, profile: DeviceProfile) throws {
        if let word = parsed.positionals.first {
            throw ArgumentError("unexpected argument '\(word)'")
        }
        posture = try parsed.choice("posture", as: Posture.self) ?? .tabletop
        let state = try DeviceStateFlags.state(parsed, profile: profile, posture: posture)
        self.state = state

        behavior = parsed.has("fixed") ? .fixed : .mirrors
        let scene = Rect(size: state.sceneSize)
        if let text = parsed.value("view") {
            let view = try Self.rect(text)
            guard scene.contains(view) else {
                throw ArgumentError("--view \(text) does not fit the \(state.sceneSize) scene of the \(state.display.rawValue) display")
            }
            self.view = view
        } else {
            view = scene
        }
        kind = switch try parsed.choice("kind", as: KindChoice.self) ?? .all {
        case .division: .division
        case .occlusion: .occlusion
        case .all: nil
        }
        options = parsed.has("include-inactive") ? .includeInactive : []

        if let style = try parsed.choice("arrangement", as: Arrangement.Style.self) {
            let axes: Arrangement.Axes = switch try parsed.choice("axes", as: AxesChoice.self) ?? .both {
            case .horizontal: .horizontal
            case .vertical: .vertical
            case .both: .both
            }
            arrangement = Arrangement(
                style: style, axes: axes, isSecondaryHidden: parsed.has("hide-secondary"),
                primaryEdge: try parsed.choice("primary-edge", as: Arrangement.Edge.self),
                secondaryEdge: try parsed.choice("secondary-edge", as: Arrangement.Edge.self)
            )
        } else {
            for name in ["axes", "primary-edge", "secondary-edge"] where parsed.value(name) != nil {
                throw ArgumentError("--\(name) needs --arrangement")
            }
            if parsed.has("hide-secondary") { throw ArgumentError("--hide-secondary needs --arrangement") }
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
