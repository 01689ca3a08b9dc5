import DuoArguments
import DuoPlatform

/// `duo inspect`'s declaration: every flag, with an example, and the output it prints.
enum InspectHelp {
    static let view: Option<String?> = .text(
        "view", "X,Y,W,H", defaultText: "the whole scene",
        help: """
            The view asked about, in points in the scene, from the
            top-leading corner (with --direction rtl and no --fixed,
            X counts from the right edge).
            """)
    static let kind: Option<InspectRequest.KindChoice> = .choice("kind", "KIND", default: .all, help: "The kinds of region listed.")
    static let includeInactive: Option<Bool> = .flag("include-inactive", help: "Also list inactive regions (isActive false).")
    static let fixed: Option<Bool> = .flag("fixed", help: "Never mirror frames in rtl (layoutDirectionBehavior .fixed).")
    static let arrangement: Option<Arrangement.Style?> = .choice(
        "arrangement", "STYLE", as: Arrangement.Style.self,
        help: """
            Frames of a primary and a secondary view
            arranged in the view.
            """)
    static let axes: Option<InspectRequest.AxesChoice> = .choice("axes", "AXES", default: .both, help: "Directions allowed.")
    static let hideSecondary: Option<Bool> = .flag("hide-secondary", help: "The secondary view is hidden.")
    static let primaryEdge: Option<Arrangement.Edge?> = .choice(
        "primary-edge", "EDGE", as: Arrangement.Edge.self,
        help: """
            Where the primary prefers to
            go when an overlay moves apart around the fold.
            """)
    static let secondaryEdge: Option<Arrangement.Edge?> = .choice(
        "secondary-edge", "EDGE", as: Arrangement.Edge.self, help: "The same for the secondary.")
    static let cameras: Option<Bool> = .flag(
        "cameras",
        help: """
            Every camera, the direction map of a view filling the
            outer display and of the view above on the inner display
            (null while the app is on the outer display), and each
            camera's capture angle and preview angle in both views.
            """)

    /// The command's declaration: its help and what it accepts.
    static let command = CommandSpec(
        "\(DuoCommand.tool) inspect",
        sections: [
            .text(
                """
                \(DuoCommand.tool) inspect: print, as JSON, a simulated device state and the reserved
                regions of one view in it. Needs no display.

                Usage: \(DuoCommand.tool) inspect [options]
                """),
            .options(
                "Device:",
                [
                    DeviceStateFlags.profile.with(help: "The device profile: a shipped name (duo, classic) or a\npath to a profile JSON file.")
                        .with(examples: ["\(DuoCommand.tool) inspect --profile classic", "\(DuoCommand.tool) inspect --profile ./my-foldable.json"])
                        .spec,
                    DeviceStateFlags.posture.with(help: "The preset hinge angle and orientation.").with(examples: [
                        "\(DuoCommand.tool) inspect --posture book"
                    ])
                    .spec,
                    DeviceStateFlags.angle.with(
                        help: """
                            Hinge angle in degrees, overriding the posture's (taken
                            as a first reading: closed below 5, fully open from 175).
                            """
                    ).with(examples: ["\(DuoCommand.tool) inspect --posture book --angle 176"]).spec,
                    DeviceStateFlags.orientation.with(help: "Overriding the posture's orientation.")
                        .with(examples: ["\(DuoCommand.tool) inspect --posture book --orientation landscapeRight"]).spec,
                    DeviceStateFlags.foldPosition.with(
                        help: """
                            The fold as a fraction of the inner display's width in
                            book orientation (the profile's range, 0.25...0.75 on duo).
                            """
                    ).with(examples: ["\(DuoCommand.tool) inspect --posture book --fold-position 0.3"]).spec,
                    DeviceStateFlags.innerCamera.with(help: "The inner camera is in use (its occlusion is active).")
                        .with(examples: ["\(DuoCommand.tool) inspect --posture book --inner-camera"]).spec,
                ]),
            .options(
                "View and query:",
                [
                    view.with(examples: ["\(DuoCommand.tool) inspect --posture book --view 400,0,200,660"]).spec,
                    kind.with(examples: ["\(DuoCommand.tool) inspect --kind division"]).spec,
                    includeInactive.with(examples: ["\(DuoCommand.tool) inspect --posture flat --include-inactive"]).spec,
                    DeviceStateFlags.direction.with(help: "The layout direction.")
                        .with(examples: ["\(DuoCommand.tool) inspect --posture book --inner-camera --direction rtl"]).spec,
                    fixed.with(examples: ["\(DuoCommand.tool) inspect --direction rtl --fixed"]).spec,
                ]),
            .options(
                "Arrangement (adds an \"arrangement\" key):",
                [
                    arrangement.with(examples: ["\(DuoCommand.tool) inspect --arrangement overlay"]).spec,
                    axes.with(examples: ["\(DuoCommand.tool) inspect --posture book --arrangement split --axes vertical"]).spec,
                    hideSecondary.with(examples: ["\(DuoCommand.tool) inspect --posture book --arrangement split --hide-secondary"]).spec,
                    primaryEdge.with(examples: ["\(DuoCommand.tool) inspect --arrangement overlay --primary-edge top"]).spec,
                    secondaryEdge.with(examples: ["\(DuoCommand.tool) inspect --arrangement overlay --secondary-edge bottom"]).spec,
                ]),
            .options(
                "Cameras (adds a \"cameras\" key):",
                [
                    cameras.with(examples: [
                        "\(DuoCommand.tool) inspect --posture tent --cameras",
                        "\(DuoCommand.tool) inspect --posture tabletop --view 0,0,660,450 --cameras",
                    ])
                    .spec,
                    OptionSpec.helpFlag,
                ]),
            .text(
                """
                Output: {"profile", "display", "scene": {"width", "height"},
                "hinge": {"status", "angleDegrees"} or null, "orientation", "foldPosition",
                "innerCameraInUse", "layoutDirection", "view": {"x", "y", "width", "height"},
                "regions": [{"id", "kind", "isActive", "frame": {...}, "margins": {"top",
                "leading", "bottom", "trailing"}}], and with --arrangement "arrangement":
                {"style", "primary": rect or null, "secondary": rect or null, "isStackedInZ"}},
                and with --cameras "cameras": {"devices": [{"id", "name", "type", "position",
                "mount", "half", "sensorOrientation", "formats", "covered", "liveModule"}],
                "views": {"outer", "inner"}: {"scene", "display", "surface", "half",
                "sceneOrientation", "frame", "forwardFacing": [id], "backwardFacing": [id]} or
                null, "rotation": [{"device", "captureAngle", "previewAngle": {"outer",
                "inner"}}]} (angles in clockwise degrees; docs/CAMERAS.md).
                Frames are in the view's coordinates, numbers in points.
                """),
            .text(
                """
                Exit status: 0 on success, 2 for a bad flag or value, 1 for a broken profile
                or camera rig file.
                """),
        ])
}
