import CSDL2

/// SDL key codes to the desktop's ``Key``s.
enum SDLKeyMapping {
    /// The key of an SDL key code, or nil for keys the desktop does not use.
    static func key(for sym: SDL_Keycode) -> Key? {
        func code(_ key: SDL_KeyCode) -> Int32 { Int32(bitPattern: key.rawValue) }
        switch sym {
        case code(SDLK_UP): return .up
        case code(SDLK_DOWN): return .down
        case code(SDLK_LEFT): return .left
        case code(SDLK_RIGHT): return .right
        case code(SDLK_F1): return .f1
        case code(SDLK_F3): return .f3
        case code(SDLK_ESCAPE): return .escape
        case code(SDLK_SPACE): return .space
        case code(SDLK_RETURN), code(SDLK_KP_ENTER): return .enter
        case code(SDLK_BACKSPACE): return .backspace
        case code(SDLK_LEFTBRACKET): return .leftBracket
        case code(SDLK_RIGHTBRACKET): return .rightBracket
        case code(SDLK_PAGEUP): return .pageUp
        case code(SDLK_PAGEDOWN): return .pageDown
        case code(SDLK_KP_1)...code(SDLK_KP_9): return .digit(Int(sym - code(SDLK_KP_1)) + 1)
        case code(SDLK_0)...code(SDLK_9): return .digit(Int(sym - code(SDLK_0)))
        case code(SDLK_a)...code(SDLK_z): return .letter(Character(UnicodeScalar(UInt8(sym))))
        default: return nil
        }
    }
}
