import CSDL2
import DuoPlatform
import Foundation

/// The real window: SDL video, input, audio and the main loop around a
/// ``DesktopSession``. Everything the session does is tested without it;
/// this type only moves events in and frames and samples out, on the main
/// thread, with no SDL callback or timer touching any state.
@MainActor
public final class DesktopWindow {
    private let session: DesktopSession
    private let sdl: SDLSession
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let canvas: Canvas
    private let frames: FrameRenderer
    private let audio: AudioOutput
    private var tone: ToneSynthesizer
    private var wasToneActive = false
    private var frameMilliseconds: Double?
    private var fit = WindowFit()

    /// Opens the window for `session`.
    /// - Throws: ``DesktopError`` when there is no display, no renderer or no font (one clear message each).
    public init(session: DesktopSession, title: String) throws(DesktopError) {
        let faces = try FontLocator().locate()
        let sdl = try SDLSession()
        let initial = Screenshot.windowSize(for: session, scale: 1)
        var bounds = SDL_Rect()
        var width = Int32(initial.width)
        var height = Int32(initial.height)
        if SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 {
            // Fit a small screen, keeping the device's proportions.
            let shrink = min(1, Double(bounds.w) * 0.92 / Double(width), Double(bounds.h) * 0.92 / Double(height))
            width = Int32(Double(width) * shrink)
            height = Int32(Double(height) * shrink)
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard
            let window = SDL_CreateWindow(
                title, Int32(duo_SDL_WINDOWPOS_CENTERED()), Int32(duo_SDL_WINDOWPOS_CENTERED()),
                width, height, flags)
        else {
            let message = String(cString: SDL_GetError())
            sdl.close()
            throw .displayUnavailable(sdlError: message)
        }
        SDL_SetWindowMinimumSize(window, Int32(WindowFit.minimum.width), Int32(WindowFit.minimum.height))
        // A renderer that can draw into textures; the accelerated one when there is one, else software.
        let targetFlag = SDL_RENDERER_TARGETTEXTURE.rawValue
        let renderer =
            SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue | targetFlag)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue | targetFlag)
        guard let renderer else {
            let message = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            sdl.close()
            throw .sdl("making a renderer for the window", message)
        }
        do {
            canvas = try Canvas(renderer: renderer, faces: faces)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            sdl.close()
            throw error
        }
        self.session = session
        self.sdl = sdl
        self.window = window
        self.renderer = renderer
        self.frames = FrameRenderer(canvas: canvas)
        self.audio = AudioOutput.open(session: sdl)
        self.tone = ToneSynthesizer(sampleRate: audio.sampleRate)
    }

    /// Whether sound is playing through a real device (false: silent).
    public var isAudible: Bool { audio.isAudible }

    /// At most how many frames a second the window draws (default 60). Vsync may hold it to fewer;
    /// a lower cap leaves the CPU to other work (a window left playing by itself, several at once).
    public var pacing = FramePacing()

    /// Runs until the person quits. Frames are paced by vsync, and held to ``pacing``'s cap.
    /// - Throws: ``DesktopError`` when drawing fails for good.
    public func run() throws(DesktopError) {
        defer { close() }
        var last = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        var previousFrameStart: UInt64?
        while !session.wantsToQuit {
            handleEvents()
            let now = SDL_GetPerformanceCounter()
            let seconds = min(0.1, Double(now - last) / frequency)
            last = now
            session.advance(by: seconds)
            feedAudio()
            fitWindow()
            let started = SDL_GetPerformanceCounter()
            try drawFrame()
            let drawn = SDL_GetPerformanceCounter()
            let cost = Double(drawn - started) / frequency * 1000
            // A smoothed figure people can read, not one that flickers every frame.
            frameMilliseconds = frameMilliseconds.map { $0 * 0.9 + cost * 0.1 } ?? cost
            SDL_RenderPresent(renderer)
            // The whole frame: drawing and presenting (with vsync, the wait for the refresh too).
            let presented = SDL_GetPerformanceCounter()
            session.frameTiming.record(
                interval: previousFrameStart.map { Double(started - $0) / frequency },
                frame: Double(presented - started) / frequency, draw: Double(drawn - started) / frequency)
            previousFrameStart = started
            if let error = canvas.takeError() { throw error }
            // Without vsync (or under a lower cap), leave the CPU to others until the next frame is due.
            let delay = pacing.delayMilliseconds(afterFrameOf: Double(SDL_GetPerformanceCounter() - now) / frequency)
            if delay > 0 { SDL_Delay(delay) }
        }
    }

    // MARK: - Frames

    private var outputSize: (width: Double, height: Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        return (Double(width), Double(height))
    }

    private func presentation() -> DevicePresentation {
        let size = outputSize
        let viewport = session.deviceViewport(windowWidth: size.width, windowHeight: size.height)
        if session.isFreeform { session.setFreeformSize(Size(width: viewport.width - 8, height: viewport.height - 8)) }
        return session.presentation(in: viewport)
    }

    /// Window pixels per window coordinate (more than 1 on a high-DPI display).
    private var pixelsPerPoint: (x: Double, y: Double) {
        var windowWidth: Int32 = 0
        var windowHeight: Int32 = 0
        SDL_GetWindowSize(window, &windowWidth, &windowHeight)
        let output = outputSize
        return (windowWidth > 0 ? output.width / Double(windowWidth) : 1, windowHeight > 0 ? output.height / Double(windowHeight) : 1)
    }

    /// Gives the window the scene's new shape when a posture or a turn changed it (``WindowFit``).
    private func fitWindow() {
        let ratio = pixelsPerPoint
        var bounds = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        let usable =
            SDL_GetDisplayUsableBounds(max(0, display), &bounds) == 0 && bounds.w > 0 && bounds.h > 0
            ? Size(width: Double(bounds.w) * ratio.x, height: Double(bounds.h) * ratio.y) : nil
        guard let size = fit.size(for: session, usable: usable) else { return }
        SDL_SetWindowSize(window, Int32((Double(size.width) / ratio.x).rounded()), Int32((Double(size.height) / ratio.y).rounded()))
    }

    private func drawFrame() throws(DesktopError) {
        let size = outputSize
        session.cacheSizes = canvas.cacheSizes
        let presentation = presentation()
        fit.drew(atScale: presentation.scale, windowSize: (Int(size.width), Int(size.height)))
        try frames.render(
            session.content, presentation: presentation,
            statusLine: session.statusLine(frameMilliseconds: frameMilliseconds) + "   ·   H: help",
            showsHelp: session.showsHelp,
            accessory: session.accessoryInset(windowWidth: size.width, windowHeight: size.height))
    }

    // MARK: - Input

    private func handleEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                session.apply(.quit)
            case SDL_KEYDOWN:
                let shift = (UInt32(event.key.keysym.mod) & KMOD_SHIFT.rawValue) != 0
                if let key = SDLKeyMapping.key(for: event.key.keysym.sym), let command = Hotkeys.command(for: key, shift: shift) {
                    session.apply(command)
                }
            case SDL_MOUSEMOTION:
                session.pointerMoved(to: scenePoint(x: event.motion.x, y: event.motion.y))
            case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
                if let point = scenePoint(x: event.button.x, y: event.button.y) {
                    session.click(at: point)
                } else if session.showsHelp {
                    session.showsHelp = false
                }
            case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
                session.release(at: scenePoint(x: event.button.x, y: event.button.y))
            default:
                break
            }
        }
    }

    /// The scene point under a mouse position, through scaling, tilt and rotation.
    private func scenePoint(x: Int32, y: Int32) -> Point? {
        // Mouse positions are in window coordinates; the renderer may have more pixels (high DPI).
        let ratio = pixelsPerPoint
        return presentation().scenePoint(atPixelX: Double(x) * ratio.x + 0.5, y: Double(y) * ratio.y + 0.5)
    }

    // MARK: - Sound

    private func feedAudio() {
        let (frequency, amplitude) = session.effect.tone
        let active = session.effect.isActive
        if !active && wasToneActive {
            // Reset: the tone stops at once, nothing queued lingers.
            tone.silence()
            audio.flush()
        }
        wasToneActive = active
        tone.targetFrequency = frequency
        tone.targetAmplitude = active ? amplitude : 0
        let wanted = audio.samplesWanted
        guard wanted > 0, !(tone.isSilent && !active) else { return }
        audio.queue(tone.render(count: wanted))
    }

    private func close() {
        session.close()
        frames.close()
        canvas.close()
        audio.close()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        sdl.close()
    }
}
