/// The text of `duo inspect --help`: every flag, with an example.
enum InspectHelp {
    static let text = """
    duo inspect: print, as JSON, a simulated device state and the reserved
    regions of one view in it. Needs no display.

    Usage: duo inspect [options]

    Device:
      --profile NAME|PATH   The device profile: a shipped name (duo, classic) or a
                            path to a profile JSON file. Default: duo.
                              duo inspect --profile classic
                              duo inspect --profile ./my-foldable.json
      --posture NAME        closed|flat|book|tent|tabletop: the preset hinge angle
                            and orientation. Default: tabletop.
                              duo inspect --posture book
      --angle DEG           Hinge angle in degrees, overriding the posture's (taken
                            as a first reading: closed below 5, fully open from 175).
                              duo inspect --posture book --angle 176
      --orientation NAME    portrait|portraitUpsideDown|landscapeLeft|landscapeRight,
                            overriding the posture's orientation.
                              duo inspect --posture book --orientation landscapeRight
      --fold-position F     The fold as a fraction of the inner display's width in
                            book orientation (the profile's range, 0.25...0.75 on duo).
                              duo inspect --posture book --fold-position 0.3
      --inner-camera        The inner camera is in use (its occlusion is active).
                              duo inspect --posture book --inner-camera

    View and query:
      --view X,Y,W,H        The view asked about, in points in the scene, from the
                            top-leading corner (with --direction rtl and no --fixed,
                            X counts from the right edge). Default: the whole scene.
                              duo inspect --posture book --view 400,0,200,660
      --kind KIND           division|occlusion|all. Default: all.
                              duo inspect --kind division
      --include-inactive    Also list inactive regions (isActive false).
                              duo inspect --posture flat --include-inactive
      --direction DIR       ltr|rtl: the layout direction. Default: ltr.
                              duo inspect --posture book --inner-camera --direction rtl
      --fixed               Never mirror frames in rtl (layoutDirectionBehavior .fixed).
                              duo inspect --direction rtl --fixed

    Arrangement (adds an "arrangement" key):
      --arrangement STYLE   split|overlay: frames of a primary and a secondary view
                            arranged in the view.
                              duo inspect --arrangement overlay
      --axes AXES           horizontal|vertical|both: directions allowed. Default: both.
                              duo inspect --posture book --arrangement split --axes vertical
      --hide-secondary      The secondary view is hidden.
                              duo inspect --posture book --arrangement split --hide-secondary
      --primary-edge EDGE   top|bottom|leading|trailing: where the primary prefers to
                            go when an overlay moves apart around the fold.
                              duo inspect --arrangement overlay --primary-edge top
      --secondary-edge EDGE The same for the secondary.
                              duo inspect --arrangement overlay --secondary-edge bottom

    Cameras (adds a "cameras" key):
      --cameras             Every camera, the direction map of a view filling the
                            outer display and of the view above on the inner display
                            (null while the app is on the outer display), and each
                            camera's capture angle and preview angle in both views.
                              duo inspect --posture tent --cameras
                              duo inspect --posture tabletop --view 0,0,660,450 --cameras

      --help                Show this help.

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

    Exit status: 0 on success, 2 for a bad flag or value, 1 for a broken profile
    or camera rig file.

    """
}
