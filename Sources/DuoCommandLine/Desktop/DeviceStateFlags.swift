import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation

/// The device-state flags shared with `duo inspect` (`--profile`,
/// `--posture`, `--angle`, `--orientation`, `--fold-position`,
/// `--inner-camera`, `--direction`), turned into a ``DeviceState``.
struct DeviceStateFlags {
    /// Values of these flags that take one.
    static let options: Set<String> = ["profile", "posture", "angle", "orientation", "fold-position", "direction"]
    /// These flags that take none.
    static let flags: Set<String> = ["inner-camera"]

    /// Help lines for these flags.
    static let help = """
      --profile NAME|PATH      device profile: duo (default), classic, or a profile file
      --posture NAME           closed | flat | book | tent | tabletop (default: tabletop)
      --angle DEG              hinge angle, overriding the posture's (e.g. --angle 130)
      --orientation NAME       portrait | portraitUpsideDown | landscapeLeft | landscapeRight
      --fold-position F        fold position, a fraction of the inner width (e.g. 0.4)
      --inner-camera           the inner camera is in use (its occlusion is active)
      --direction ltr|rtl      layout direction (default ltr)
    """

    enum DirectionChoice: String, CaseIterable { case ltr, rtl }

    /// The device state the flags describe.
    let state: DeviceState

    /// Reads the flags.
    /// - Throws: ``ArgumentError`` for a bad value (exit 2), ``DesktopError`` for an unreadable profile (exit 1).
    init(_ parsed: ParsedArguments, defaultPosture: Posture = .tabletop) throws {
        let profile = try Self.profile(parsed.value("profile") ?? "duo")
        state = try Self.state(parsed, profile: profile, posture: try parsed.choice("posture", as: Posture.self) ?? defaultPosture)
    }

    /// The state of `profile` in `posture` as changed by `--direction`,
    /// `--orientation`, `--angle`, `--fold-position` and `--inner-camera`:
    /// the one reading of these flags, for the window, `screenshot`, `lint` and `inspect`.
    /// - Throws: ``ArgumentError`` for a value the profile cannot take.
    static func state(_ parsed: ParsedArguments, profile: DeviceProfile, posture: Posture) throws -> DeviceState {
        let direction = try parsed.choice("direction", as: DirectionChoice.self) ?? .ltr
        var state = DeviceState(profile: profile, posture: posture, layoutDirection: direction == .rtl ? .rightToLeft : .leftToRight)
        if let orientation = try parsed.choice("orientation", as: DeviceOrientation.self) {
            state.orientation = orientation
        }
        if let hinge = profile.hinge {
            if let degrees = try parsed.decimal("angle", in: hinge.range) {
                // A fresh device: the angle is a first reading, thresholds as they are.
                state = try DeviceState(profile: profile, hingeAngle: HingeAngle(degrees: degrees), orientation: state.orientation,
                                        layoutDirection: state.layoutDirection)
            }
        } else if parsed.value("angle") != nil {
            throw ArgumentError("--angle: profile \(profile.name) has no hinge")
        }
        if let fold = profile.fold {
            if let position = try parsed.decimal("fold-position", in: fold.positionRange) {
                try state.setFoldPosition(position)
            }
        } else if parsed.value("fold-position") != nil {
            throw ArgumentError("--fold-position: profile \(profile.name) has no fold")
        }
        state.isInnerCameraInUse = parsed.has("inner-camera")
        return state
    }

    /// A shipped profile by name or a profile file by path: a name or path
    /// that does not exist is a bad value (exit 2); a broken file is bad data (exit 1).
    static func profile(_ nameOrPath: String) throws -> DeviceProfile {
        let isPath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
        if isPath {
            guard FileManager.default.fileExists(atPath: nameOrPath) else { throw ArgumentError("--profile: no file '\(nameOrPath)'") }
        } else {
            let available = (try? DeviceProfile.availableNames()) ?? []
            guard available.isEmpty || available.contains(nameOrPath) else {
                throw ArgumentError("--profile must be one of \(available.joined(separator: "|")) or a file path, not '\(nameOrPath)'")
            }
        }
        return try GameLoader.profile(nameOrPath)
    }
}
