import Broadside
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
    // MARK: - What shows

    /// The HUD screen shown now: the victory photo's while it is open, else the table's.
    var currentScreen: HUDScreen {
        victoryPhotos.flow.isOpen ? VictoryPhotoScreen.screen(for: table.hud) : table.screen
    }

    /// The preview to draw, nil while the photo is closed.
    public var victoryPhotoPreview: VictoryPhotoPreview? {
        guard victoryPhotos.flow.isOpen else { return nil }
        syncVictoryPhotoView()
        guard let camera = victoryPhotos.camera else {
            return VictoryPhotoPreview(image: nil, caption: victoryPhotos.lastError?.description ?? "No camera")
        }
        guard let device = camera.camera, let image = camera.previewFrame() else {
            return VictoryPhotoPreview(image: nil, caption: "No camera")
        }
        let caption = device.name + (camera.viewfinder.isPreviewMirrored ? " · mirrored" : "")
        return VictoryPhotoPreview(image: image, caption: caption, flash: victoryPhotos.flow.flash)
    }

    /// The capture accessory's scene (the outer display), nil while it is not available.
    public var accessoryContent: SceneContent? {
        guard let camera = victoryPhotos.camera, camera.isAccessoryShown,
              let context = AccessoryScoreScene.context(profile: device.state.profile, orientation: camera.accessory.sceneOrientation,
                                                        direction: device.state.layoutDirection) else { return nil }
        return SceneContent(context: context, layout: AccessoryScoreScene.screen.layout(in: context), table: table,
                            effect: nil, showsRegions: showsRegions)
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
        return AccessoryInset(content: content,
                              layout: AccessoryInsetLayout(windowWidth: windowWidth, windowHeight: windowHeight, sceneSize: content.context.size))
    }

    // MARK: - Input

    /// Releases the shutter: the photo (level, never mirrored) is saved as
    /// the next PNG of the photo folder and announced in the news. On
    /// failure the news says why and the camera stays open.
    public func takeVictoryPhoto() {
        guard victoryPhotos.flow.isOpen else { return }
        do {
            guard let camera = victoryPhotos.camera else { throw victoryPhotos.lastError ?? .noCameraFacesTheView }
            let url = try victoryPhotos.writer.save(try camera.capturePhoto())
            victoryPhotos.flow.photoSaved(as: url.path)
            victoryPhotos.lastError = nil
            table.announce("Victory photo saved: \(url.lastPathComponent)")
            victoryPhotos.onSaved?(url)
        } catch let error as VictoryPhotoError {
            victoryPhotos.lastError = error
            table.announce(error.description.prefix(1).uppercased() + error.description.dropFirst())
        } catch {
            // Every failure above is a VictoryPhotoError.
        }
    }

    /// Closes the camera (Esc, the close button): the game-over screen again.
    public func closeVictoryPhoto() {
        guard victoryPhotos.flow.close() else { return }
        victoryPhotos.stopCamera()
    }

    // MARK: - Following the game and the device

    /// Opens the photo when a person has just won, closes it when a new
    /// match starts. Called after every input and tick.
    func followMatchForVictoryPhoto() {
        let winner = VictoryPhotoFlow.personWinner(winner: table.state.winner, isPassAndPlay: table.mode == .passAndPlay)
        switch victoryPhotos.flow.follow(matchIndex: table.matchIndex, isOver: table.state.phase == .over, personWinner: winner) {
        case .open: openVictoryCamera()
        case .close: victoryPhotos.stopCamera()
        case .none: break
        }
    }

    /// The device was replaced (profile or sensor switched): the camera
    /// belongs to the old one, so it is opened again on the new one.
    func victoryPhotoDeviceWasReplaced() {
        guard victoryPhotos.camera != nil || victoryPhotos.flow.isOpen else { return }
        victoryPhotos.stopCamera()
        if victoryPhotos.flow.isOpen { openVictoryCamera() }
    }

    /// Tells the camera where the preview is after a layout pass (its view
    /// may have moved, or moved to the other half).
    func syncVictoryPhotoView() {
        guard let camera = victoryPhotos.camera else { return }
        camera.setView(victoryPhotoView)
    }

    /// The winner's view: the preview element's frame in the device's scene.
    var victoryPhotoView: CameraView {
        VictoryCamera.view(previewFrame: hudLayout.frame(of: VictoryPhotoScreen.ElementID.preview),
                           sceneSize: sceneContext.size, deviceSceneSize: device.state.sceneSize)
    }

    private func openVictoryCamera() {
        do {
            let camera = try VictoryPhotoCamera(device: device, view: victoryPhotoView, locator: victoryPhotos.cameraAssets)
            victoryPhotos.camera = camera
            victoryPhotos.lastError = nil
            // Starting the inner camera moved the HUD off its occlusion: follow the new layout.
            syncVictoryPhotoView()
            table.announce(camera.camera == nil ? "Victory photo: no camera faces you yet" : "Victory photo! Press T to take it")
        } catch {
            victoryPhotos.lastError = error
            victoryPhotos.flow.close()
            table.announce(error.description.prefix(1).uppercased() + error.description.dropFirst())
        }
    }
}
