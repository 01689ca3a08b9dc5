extension DeviceProfile {
    /// The profile itself when it is consistent, else the first problem found.
    ///
    /// Checks: a name; positive, finite display sizes; two displays with a
    /// hinge, one without; occlusions of occlusion hardware, unique, inside
    /// their display, with margins that fit in their frame; hinge thresholds
    /// in order inside the range, with hysteresis bands that neither overlap
    /// nor leave a status unreachable; a fold only with a hinge and an inner
    /// display, its positions inside (0, 1) in order, its band inside the
    /// display at both extremes; all five postures, with an angle that gives
    /// the posture's status on a hinged device and no angle without a hinge.
    /// - Parameter file: how errors name the file.
    public func validated(file: String) throws(ProfileError) -> DeviceProfile {
        if let (field, problem) = firstProblem() {
            throw ProfileError(file: file, field: field, problem: problem)
        }
        return self
    }

    private func firstProblem() -> (String, String)? {
        if name.isEmpty || name.contains("/") {
            return ("name", "must be a non-empty name without '/', not '\(name)'")
        }
        if displays.isEmpty { return ("displays", "must hold at least one display") }
        var seenIDs: Set<ReservedRegion.ID> = []
        for kind in DisplayKind.allCases {
            guard let display = displays[kind] else { continue }
            let path = "displays.\(kind.rawValue)"
            if let problem = positive(display.width) { return ("\(path).width", problem) }
            if let problem = positive(display.height) { return ("\(path).height", problem) }
            let bounds = Rect(size: display.portraitSize)
            for (index, occlusion) in display.occlusions.enumerated() {
                let item = "\(path).occlusions[\(index)]"
                if occlusion.id.kind != .occlusion {
                    return ("\(item).id", "'\(occlusion.id.rawValue)' is not occlusion hardware")
                }
                if !seenIDs.insert(occlusion.id).inserted {
                    return ("\(item).id", "'\(occlusion.id.rawValue)' appears twice")
                }
                let frame = occlusion.frame
                if let problem = positive(frame.width) { return ("\(item).frame.width", problem) }
                if let problem = positive(frame.height) { return ("\(item).frame.height", problem) }
                if !frame.minX.isFinite || !frame.minY.isFinite || !bounds.contains(frame) {
                    return ("\(item).frame", "\(frame) does not lie inside the \(display.portraitSize) display")
                }
                let margins = occlusion.margins
                for value in [margins.top, margins.leading, margins.bottom, margins.trailing] where !(value.isFinite && value >= 0) {
                    return ("\(item).margins", "must be finite and not negative, not \(margins)")
                }
                if margins.horizontal >= frame.width || margins.vertical >= frame.height {
                    return ("\(item).margins", "\(margins) leave nothing of the \(frame.size) frame")
                }
            }
        }
        if let hinge {
            if displays[.outer] == nil || displays[.inner] == nil {
                return ("displays", "a profile with a hinge needs both an outer and an inner display")
            }
            if let problem = hingeProblem(hinge) { return problem }
        } else if displays.count != 1 {
            return ("displays", "a profile without a hinge has exactly one display, not \(displays.count)")
        }
        if let fold {
            guard hinge != nil, let inner = displays[.inner] else {
                return ("fold", "a fold needs a hinge and an inner display")
            }
            if let problem = positive(fold.creaseWidth) { return ("fold.creaseWidth", problem) }
            if !(fold.margin.isFinite && fold.margin >= 0) {
                return ("fold.margin", "must be finite and not negative, not \(fold.margin)")
            }
            for (field, value) in [
                ("minimumPosition", fold.minimumPosition), ("defaultPosition", fold.defaultPosition), ("maximumPosition", fold.maximumPosition),
            ]
            where !(value.isFinite && value > 0 && value < 1) {
                return ("fold.\(field)", "must be a fraction of the inner display's width strictly between 0 and 1, not \(value)")
            }
            if fold.minimumPosition > fold.maximumPosition {
                return ("fold.minimumPosition", "\(fold.minimumPosition) is above maximumPosition \(fold.maximumPosition)")
            }
            if !fold.positionRange.contains(fold.defaultPosition) {
                return ("fold.defaultPosition", "\(fold.defaultPosition) is outside \(fold.minimumPosition)...\(fold.maximumPosition)")
            }
            let half = fold.bandThickness / 2
            if fold.minimumPosition * inner.width - half < 0 || fold.maximumPosition * inner.width + half > inner.width {
                return (
                    "fold",
                    "a \(formatPoints(fold.bandThickness)) pt band at positions \(fold.minimumPosition)...\(fold.maximumPosition) does not fit the \(formatPoints(inner.width)) pt inner display"
                )
            }
        }
        for posture in Posture.allCases {
            let path = "postures.\(posture.rawValue)"
            guard let preset = postures[posture] else { return (path, "is missing: every profile gives all five postures") }
            switch (hinge, preset.angle) {
            case (nil, nil):
                break
            case (nil, .some):
                return ("\(path).angleDegrees", "a profile without a hinge gives no posture angle")
            case (.some, nil):
                return ("\(path).angleDegrees", "is missing: a profile with a hinge gives every posture an angle")
            case (.some(let hinge), .some(let angle)):
                if !(angle.degrees.isFinite && hinge.range.contains(angle.degrees)) {
                    return (
                        "\(path).angleDegrees",
                        "\(formatPoints(angle.degrees)) is outside the hinge range \(formatPoints(hinge.minimumDegrees))...\(formatPoints(hinge.maximumDegrees))"
                    )
                }
                let status = hinge.plainStatus(of: angle)
                if status != posture.expectedHingeStatus {
                    return (
                        "\(path).angleDegrees",
                        "\(formatPoints(angle.degrees)) deg is \(status.rawValue), but \(posture.rawValue) must be \(posture.expectedHingeStatus.rawValue)"
                    )
                }
            }
        }
        return nil
    }

    private func hingeProblem(_ hinge: HingeThresholds) -> (String, String)? {
        let numbers = [
            ("minimumDegrees", hinge.minimumDegrees), ("maximumDegrees", hinge.maximumDegrees),
            ("closedBelowDegrees", hinge.closedBelowDegrees), ("fullyOpenFromDegrees", hinge.fullyOpenFromDegrees),
            ("hysteresisDegrees", hinge.hysteresisDegrees),
        ]
        for (field, value) in numbers where !value.isFinite {
            return ("hinge.\(field)", "must be a finite number, not \(value)")
        }
        if hinge.minimumDegrees < 0 || hinge.maximumDegrees > 360 || hinge.minimumDegrees >= hinge.maximumDegrees {
            return (
                "hinge", "the range \(formatPoints(hinge.minimumDegrees))...\(formatPoints(hinge.maximumDegrees)) must be increasing, within 0...360"
            )
        }
        if hinge.hysteresisDegrees < 0 {
            return ("hinge.hysteresisDegrees", "must not be negative, not \(formatPoints(hinge.hysteresisDegrees))")
        }
        if hinge.closedBelowDegrees - hinge.hysteresisDegrees <= hinge.minimumDegrees {
            return (
                "hinge.closedBelowDegrees",
                "\(formatPoints(hinge.closedBelowDegrees)) minus the hysteresis must stay above the minimum \(formatPoints(hinge.minimumDegrees)), or an open device could never close"
            )
        }
        if hinge.fullyOpenFromDegrees + hinge.hysteresisDegrees > hinge.maximumDegrees {
            return (
                "hinge.fullyOpenFromDegrees",
                "\(formatPoints(hinge.fullyOpenFromDegrees)) plus the hysteresis must not pass the maximum \(formatPoints(hinge.maximumDegrees)), or the device could never open flat"
            )
        }
        if hinge.closedBelowDegrees + hinge.hysteresisDegrees >= hinge.fullyOpenFromDegrees - hinge.hysteresisDegrees {
            return (
                "hinge.fullyOpenFromDegrees",
                "\(formatPoints(hinge.fullyOpenFromDegrees)) is too close to closedBelowDegrees \(formatPoints(hinge.closedBelowDegrees)): the hysteresis bands overlap"
            )
        }
        return nil
    }

    private func positive(_ value: Double) -> String? {
        value.isFinite && value > 0 ? nil : "must be a positive number of points, not \(value)"
    }
}
