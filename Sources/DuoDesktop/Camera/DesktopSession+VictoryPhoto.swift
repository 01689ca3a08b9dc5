import DuoPlatform
import Foundation
import TabletopEngine

/// The victory photo in the desktop session: when a person wins a match,
/// the camera facing the preview (the winner's view) opens on the upright
/// half, the shutter saves a PNG, and the capture accessory shows the score
/// on the outer display. Every hotkey keeps working while it runs: the
/// camera follows the device by itself, and the preview's view follows
/// each layout pass.
extension DesktopSession {
    /// The game, as the victory photo sees it (nil: a game without one).
    var victoryPhotoGame: (any VictoryPhotoGame)? { game as? any VictoryPhotoGame }

    // MARK: - What shows

    /// The HUD screen shown now in a scene: the victory photo's while it is open, else the game's.
    func currentScreen(in context: LayoutContext) -> HUDScreen {
        if victoryPhotos.flow.isOpen, let photoGame = victoryPhotoGame { return photoGame.victoryPhotoScreen }
        return game.screen(in: context)
    }

    /// The preview to draw, nil while the photo is closed. It follows the
    /// layout it is drawn in (the view is told where the preview is first).
    public var victoryPhotoPreview: VictoryPhotoPreview? {
        guard victoryPhotos.flow.isOpen else { return nil }
        syncVictoryPhotoView()
        let notice = victoryPhotos.flow.notice
        guard let camera = victoryPhotos.camera else {
            let problem = victoryPhotos.lastError?.description ?? "no camera"
            return VictoryPhotoPreview(image: nil, caption: notice ?? "No camera", placeholder: problem)
        }
        guard let device = camera.camera, let image = camera.previewFrame() else {
            return VictoryPhotoPreview(
                image: nil, caption: notice ?? "No camera",
                placeholder: "No camera faces this view: fold or turn the device")
        }
        let caption = device.name + (camera.viewfinder.isPreviewMirrored ? " · mirrored" : "")
        return VictoryPhotoPreview(image: image, caption: notice ?? caption, flash: victoryPhotos.flow.flash)
    }

    /// The capture accessory's scene (the outer display), nil while it is not available.
    public var accessoryContent: SceneContent? {
        guard let camera = victoryPhotos.camera, camera.isAccessoryShown, case .open(let headline) = victoryPhotos.flow.phase,
            let context = AccessoryScoreScene.context(
                profile: device.state.profile, orientation: camera.accessory.sceneOrientation,
                direction: device.state.layoutDirection)
        else { return nil }
        let score = AccessoryScore(headline: headline, lines: victoryPhotoGame?.scoreLines ?? [])
        return SceneContent(
            context: context, layout: AccessoryScoreScene.screen.layout(in: context), game: game,
            effect: nil, showsRegions: showsRegions, victoryPhoto: VictoryPhotoContent(score: score))
    }

    /// The window area left to the device in a window of this size: all of
    /// it but the status line, and the accessory's column while it shows.
    public func deviceViewport(windowWidth: Double, windowHeight: Double) -> Rect {
        accessoryInset(windowWidth: windowWidth, windowHeight: windowHeight)?.layout.viewport
            ?? FrameRenderer.viewport(windowWidth: windowWidth, windowHeight: windowHeight)
    }

    /// The accessory as the window draws it, nil while it is not available.
    public func accessoryInset(windowWidth: Double, windowHeight: Double) -> AccessoryInset? {
        guard let content = accessoryContent else { return nil }
        return AccessoryInset(
            content: content,
            layout: AccessoryInsetLayout(windowWidth: windowWidth, windowHeight: windowHeight, sceneSize: content.context.size))
    }

    // MARK: - Input

    /// Releases the shutter: the photo (level, never mirrored) is saved as
    /// the next PNG of the photo folder, its name shown under the preview and
    /// the window told. On failure the caption says why and the camera stays open.
    public func takeVictoryPhoto() {
        guard victoryPhotos.flow.isOpen else { return }
        do throws(VictoryPhotoError) {
            guard let camera = victoryPhotos.camera else { throw victoryPhotos.lastError ?? .noCameraFacesTheView }
            let url = try victoryPhotos.writer.save(try camera.capturePhoto())
            victoryPhotos.flow.photoSaved(as: url.path, name: url.lastPathComponent)
            victoryPhotos.onSaved?(url)
        } catch {
            victoryPhotos.flow.report(error.description.prefix(1).uppercased() + error.description.dropFirst())
        }
    }

    /// Closes the camera (Esc, the close button): the game's own screen again.
    public func closeVictoryPhoto() {
        guard victoryPhotos.flow.close() else { return }
        victoryPhotos.stopCamera()
    }

    /// Handles a click on one of the photo's buttons.
    /// - Returns: whether the click was the photo's.
    func victoryPhotoClick(at point: Point) -> Bool {
        guard victoryPhotos.flow.isOpen else { return false }
        switch hudLayout.element(at: point)?.id {
        case VictoryPhotoScreen.ElementID.takePhoto: takeVictoryPhoto()
        case VictoryPhotoScreen.ElementID.closePhoto: closeVictoryPhoto()
        case VictoryPhotoScreen.ElementID.preview: break
        default: return false
        }
        return true
    }

    // MARK: - Following the game and the device

    /// Opens the photo when a person has just won, closes it when a new
    /// match starts. Called after every input and tick.
    func followMatchForVictoryPhoto() {
        guard let photoGame = victoryPhotoGame else { return }
        switch victoryPhotos.flow.follow(
            match: photoGame.matchNumber, isOver: photoGame.isMatchOver,
            personVictory: photoGame.personVictory)
        {
        case .open: openVictoryCamera()
        case .close: victoryPhotos.stopCamera()
        case .none: break
        }
    }

    /// The device was replaced (profile or sensor switched): the camera
    /// belongs to the old one, so it is opened again on the new one.
    func victoryPhotoDeviceWasReplaced() {
        guard victoryPhotos.flow.isOpen else { return }
        victoryPhotos.stopCamera()
        openVictoryCamera()
    }

    /// Tells the camera where the preview is after a layout pass (its view
    /// may have moved, or moved to the other half).
    func syncVictoryPhotoView() {
        guard let camera = victoryPhotos.camera else { return }
        camera.setView(victoryPhotoView)
    }

    /// The winner's view: the preview element's frame in the device's scene.
    var victoryPhotoView: CameraView {
        VictoryCamera.view(
            previewFrame: hudLayout.frame(of: VictoryPhotoScreen.ElementID.preview),
            sceneSize: sceneContext.size, deviceSceneSize: device.state.sceneSize)
    }

    /// Opens the camera; without cameras the photo stays open and says why.
    private func openVictoryCamera() {
        do {
            victoryPhotos.camera = try VictoryPhotoCamera(device: device, view: victoryPhotoView, locator: victoryPhotos.cameraAssets)
            victoryPhotos.lastError = nil
            // Starting the inner camera moved the HUD off its occlusion: follow the new layout.
            syncVictoryPhotoView()
        } catch {
            victoryPhotos.lastError = error
        }
    }
}
