extension CameraRig {
    /// The rig itself when it fits `profile`, else the first problem found.
    ///
    /// Checks: the profile's name; unique, non-empty ids and names; a
    /// physical camera has a mount the profile has a surface for, a position
    /// that matches it (beside a display: front; on the back: back), a
    /// sensor orientation and sized formats; at most one camera under the
    /// inner display, and only where the profile's inner display lists its
    /// `innerCamera` occlusion (active while in use) on that camera's half
    /// for every fold position; a virtual camera has a virtual type, no
    /// mount, sensor or formats of its own, and exactly two distinct physical
    /// constituents of its position, one beside the outer display and one
    /// under the inner display, that share at least one format.
    /// - Parameters:
    ///   - profile: the device profile the rig must fit.
    ///   - file: how errors name the file.
    public func validated(for profile: DeviceProfile, file: String) throws(CameraRigError) -> CameraRig {
        if let (field, problem) = firstProblem(for: profile) {
            throw CameraRigError(file: file, field: field, problem: problem)
        }
        return self
    }

    private func firstProblem(for profile: DeviceProfile) -> (String, String)? {
        if self.profile != profile.name {
            return ("profile", "is '\(self.profile)' but the profile is '\(profile.name)'")
        }
        if cameras.isEmpty { return ("cameras", "must list at least one camera") }
        var ids: Set<String> = []
        var innerCameras = 0
        for (index, camera) in cameras.enumerated() {
            let item = "cameras[\(index)]"
            if camera.id.isEmpty { return ("\(item).id", "must not be empty") }
            if !ids.insert(camera.id).inserted { return ("\(item).id", "'\(camera.id)' appears twice") }
            if camera.name.isEmpty { return ("\(item).name", "must not be empty") }
            let problem =
                camera.isVirtual
                ? virtualProblem(camera, item: item)
                : physicalProblem(camera, item: item, profile: profile)
            if let problem { return problem }
            if camera.mount?.isUnderInnerDisplay == true {
                innerCameras += 1
                if innerCameras > 1 { return ("\(item).mount", "is a second camera under the inner display (one occlusion, one camera)") }
            }
        }
        return nil
    }

    private func physicalProblem(_ camera: CameraSpec, item: String, profile: DeviceProfile) -> (String, String)? {
        if camera.type.isVirtual { return ("\(item).type", "'\(camera.type.rawValue)' needs constituents") }
        guard let mount = camera.mount else { return ("\(item).mount", "is missing") }
        if camera.sensorOrientation == nil { return ("\(item).sensorOrientation", "is missing") }
        if camera.position != mount.expectedPosition {
            return ("\(item).position", "must be '\(mount.expectedPosition.rawValue)' for a camera mounted '\(mount.rawValue)'")
        }
        if camera.formats.isEmpty { return ("\(item).formats", "must list at least one format") }
        for (index, format) in camera.formats.enumerated()
        where format.width <= 0 || format.height <= 0 || format.maxFrameRate <= 0 {
            return ("\(item).formats[\(index)]", "must have a positive size and frame rate, not \(format)")
        }
        switch mount {
        case .outerDisplay:
            if profile.displays[.outer] == nil { return ("\(item).mount", "needs an outer display, which the profile lacks") }
        case .rear:
            break
        case .innerDisplayBaseHalf, .innerDisplayCoverHalf:
            return innerMountProblem(mount, item: item, profile: profile)
        }
        return nil
    }

    private func innerMountProblem(_ mount: CameraMount, item: String, profile: DeviceProfile) -> (String, String)? {
        guard profile.hasHinge, let inner = profile.displays[.inner] else {
            return ("\(item).mount", "needs an inner display behind a hinge, which the profile lacks")
        }
        guard let occlusion = inner.occlusions.first(where: { $0.id == .innerCamera }),
            occlusion.activeWhen == .innerCameraInUse
        else {
            return ("\(item).mount", "needs the inner display to list an 'innerCamera' occlusion active while in use")
        }
        // The camera must stay on its half wherever the fold is moved to.
        let range = profile.fold?.positionRange ?? 0.5...0.5
        let centre = occlusion.frame.midX / inner.width
        let onBase = centre > range.upperBound
        let onCover = centre < range.lowerBound
        if mount == .innerDisplayBaseHalf && !onBase || mount == .innerDisplayCoverHalf && !onCover {
            return (
                "\(item).mount",
                "does not match the 'innerCamera' occlusion at x = \(occlusion.frame.midX), which lies on the \(onBase ? "base" : onCover ? "cover" : "fold's") side"
            )
        }
        return nil
    }

    private func virtualProblem(_ camera: CameraSpec, item: String) -> (String, String)? {
        if !camera.type.isVirtual { return ("\(item).type", "'\(camera.type.rawValue)' is not a virtual type, but constituents are given") }
        if camera.mount != nil { return ("\(item).mount", "must be left out: a virtual camera is mounted through its modules") }
        if camera.sensorOrientation != nil { return ("\(item).sensorOrientation", "must be left out for a virtual camera") }
        if !camera.formats.isEmpty { return ("\(item).formats", "must be left out: a virtual camera offers what its modules share") }
        let ids = camera.constituents ?? []
        guard ids.count == 2, Set(ids).count == 2 else {
            return ("\(item).constituents", "must name two different cameras, not \(ids)")
        }
        var mounts: [CameraMount] = []
        for id in ids {
            guard let module = self.camera(id: id), !module.isVirtual, let mount = module.mount else {
                return ("\(item).constituents", "'\(id)' is not a physical camera of this rig")
            }
            if module.position != camera.position {
                return ("\(item).constituents", "'\(id)' is at position '\(module.position.rawValue)', not '\(camera.position.rawValue)'")
            }
            mounts.append(mount)
        }
        guard mounts.contains(.outerDisplay), mounts.contains(where: \.isUnderInnerDisplay) else {
            return ("\(item).constituents", "must be one camera beside the outer display and one under the inner display")
        }
        if sharedFormats(of: camera).isEmpty {
            return ("\(item).constituents", "share no format, so the virtual camera would offer none")
        }
        return nil
    }
}
