import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation

/// The device-state flags shared with `duo inspect` (`--profile`,
/// `--posture`, `--angle`, `--orientation`, `--fold-position`,
/// `--inner-camera`, `--direction`), turned into a ``DeviceState``.
struct DeviceStateFlags {
    enum DirectionChoice: String, CaseIterable { case ltr, rtl }

    static let profile: Option<String> = .text(
        "profile", "NAME|PATH", default: "duo", help: "device profile: duo, classic, or a profile file")
    static let posture: Option<Posture?> = .choice("posture", as: Posture.self, defaultText: "tabletop", help: "the posture")
    static let angle: Option<Double?> = .decimal(
        "angle", "DEG", in: nil, help: "hinge angle, overriding the posture's, within the profile's range (e.g. --angle 130)")
    static let orientation: Option<DeviceOrientation?> = .choice(
        "orientation", as: DeviceOrientation.self, defaultText: "the posture's", help: "the orientation")
    static let foldPosition: Option<Double?> = .decimal(
        "fold-position", "F", in: nil, help: "fold position, a fraction of the inner width, within the profile's range (e.g. 0.4)")
    static let innerCamera: Option<Bool> = .flag("inner-camera", help: "the inner camera is in use (its occlusion is active)")
    static let direction: Option<DirectionChoice> = .choice("direction", "ltr|rtl", default: .ltr, help: "layout direction")

    /// The declarations, in the order help lists them.
    static let specs = [profile.spec, posture.spec, angle.spec, orientation.spec, foldPosition.spec, innerCamera.spec, direction.spec]

    /// The device state the flags describe.
    let state: DeviceState

    /// Reads the flags.
    /// - Throws: ``ArgumentError`` for a bad value (exit 2), ``DesktopError`` for an unreadable profile (exit 1).
    init(_ parsed: ParsedOptions, defaultPosture: Posture = .tabletop) throws {
        let profile = try Self.profile(parsed[Self.profile])
        state = try Self.state(parsed, profile: profile, posture: parsed[Self.posture] ?? defaultPosture)
    }

    /// The state of `profile` in `posture` as changed by `--direction`,
    /// `--orientation`, `--angle`, `--fold-position` and `--inner-camera`:
    /// the one reading of these flags, for the window, `screenshot`, `lint` and `inspect`.
    /// - Throws: ``ArgumentError`` for a value the profile cannot take.
    static func state(_ parsed: ParsedOptions, profile: DeviceProfile, posture: Posture) throws -> DeviceState {
        let direction = parsed[Self.direction]
        var state = DeviceState(profile: profile, posture: posture, layoutDirection: direction == .rtl ? .rightToLeft : .leftToRight)
        if let orientation = parsed[Self.orientation] {
            state.orientation = orientation
        }
        if let hinge = profile.hinge {
            if let degrees = try parsed.decimal(angle, in: hinge.range) {
                // A fresh device: the angle is a first reading, thresholds as they are.
                state = try DeviceState(
                    profile: profile, hingeAngle: HingeAngle(degrees: degrees), orientation: state.orientation,
                    layoutDirection: state.layoutDirection)
            }
        } else if parsed.isGiven(angle) {
            throw ArgumentError("--angle: profile \(profile.name) has no hinge")
        }
        if let fold = profile.fold {
            if let position = try parsed.decimal(foldPosition, in: fold.positionRange) {
                try state.setFoldPosition(position)
            }
        } else if parsed.isGiven(foldPosition) {
            throw ArgumentError("--fold-position: profile \(profile.name) has no fold")
        }
        state.isInnerCameraInUse = parsed[innerCamera]
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
