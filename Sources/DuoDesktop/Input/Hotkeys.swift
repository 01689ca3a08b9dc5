import DuoPlatform
import Foundation

/// A key as the desktop understands it, independent of SDL's key codes.
public enum Key: Sendable, Hashable {
    /// Arrow keys.
    case up, down, left, right
    /// A digit key, 0...9.
    case digit(Int)
    /// A letter key, lowercase.
    case letter(Character)
    /// F1.
    case f1
    /// F3.
    case f3
    /// Escape.
    case escape
    /// Space.
    case space
    /// Enter or Return.
    case enter
    /// Backspace.
    case backspace
    /// `[` and `]`.
    case leftBracket, rightBracket
    /// Page Up and Page Down.
    case pageUp, pageDown
}

/// One line of the hotkey table: the keys, what they do, and the command.
public struct Hotkey: Sendable, Hashable {
    /// The keys as shown to people (`Up / Down`).
    public let keys: String
    /// What they do.
    public let action: String
    /// Which group of the help it belongs to.
    public let group: String

    /// A line of the help.
    public init(keys: String, action: String, group: String) {
        self.keys = keys
        self.action = action
        self.group = group
    }
}

/// The hotkey table: the one source of the key bindings, the help overlay and `duo --help`.
public enum Hotkeys {
    /// Hinge step without and with Shift, in degrees.
    public static let hingeStep = 5.0
    /// Fine hinge step (with Shift), in degrees.
    public static let fineHingeStep = 1.0
    /// Fold movement per key press, as a fraction of the inner display's width.
    public static let foldStep = 0.05
    /// News entries one Shift+PageUp scrolls.
    public static let newsPage = 5

    /// The postures the keys 1 to 5 take, in key order: every posture there is
    /// (`duo-bench frame` measures them all in this order).
    public static let postures: [Posture] = [.closed, .flat, .book, .tent, .tabletop]

    /// The victory photo's key, shown only for a game that takes one (``VictoryPhotoGame``).
    public static let victoryPhoto = Hotkey(keys: "T", action: "take the victory photo (after a win)", group: "Window")

    /// Every binding, in help order.
    public static let table: [Hotkey] = [
        Hotkey(keys: "Up / Down", action: "open / close the hinge 5° (Shift: 1°)", group: "Device"),
        Hotkey(keys: "1 2 3 4 5", action: "closed / flat / book / tent / tabletop", group: "Device"),
        Hotkey(keys: "R (Shift+R)", action: "rotate the device a quarter turn (back)", group: "Device"),
        Hotkey(keys: "Left / Right, [ ]", action: "move the fold", group: "Device"),
        Hotkey(keys: "C", action: "inner camera in use on / off", group: "Device"),
        Hotkey(keys: "L", action: "right-to-left on / off", group: "Device"),
        Hotkey(keys: "P", action: "switch profile (duo / classic)", group: "Device"),
        Hotkey(keys: "S", action: "hinge sensor: ideal, noisy, coarse, late", group: "Device"),
        Hotkey(keys: "G", action: "show reserved regions (debug overlay)", group: "View"),
        Hotkey(keys: "V", action: "draw the device as built / content upright", group: "View"),
        Hotkey(keys: "F3", action: "frames per second and whole frame time on / off", group: "View"),
        Hotkey(keys: "H, F1", action: "this help", group: "View"),
        Hotkey(keys: "PgUp / PgDn", action: "scroll the news back / forward (Shift: 5 at a time)", group: "View"),
        victoryPhoto,
        Hotkey(keys: "Esc, Q", action: "close the help, the camera or the banner / quit", group: "Window"),
    ]

    /// The command a key press means, or nil for an unbound key.
    public static func command(for key: Key, shift: Bool) -> DesktopCommand? {
        switch key {
        case .up: return .hingeStep(shift ? fineHingeStep : hingeStep)
        case .down: return .hingeStep(-(shift ? fineHingeStep : hingeStep))
        case .left, .leftBracket: return .moveFold(-foldStep)
        case .right, .rightBracket: return .moveFold(foldStep)
        case .digit(let digit):
            return (1...postures.count).contains(digit) ? .posture(postures[digit - 1]) : nil
        case .f1: return .toggleHelp
        case .f3: return .toggleFrameTiming
        case .escape: return .back
        case .pageUp: return .scrollNews(shift ? newsPage : 1)
        case .pageDown: return .scrollNews(-(shift ? newsPage : 1))
        case .enter: return .confirm
        case .space, .backspace: return .gameKey(key, shift: shift)
        case .letter(let letter):
            switch letter {
            case "r": return .rotate(clockwise: !shift)
            case "c": return .toggleInnerCamera
            case "l": return .toggleDirection
            case "p": return .switchProfile
            case "s": return .cycleSensor
            case "g": return .toggleRegions
            case "v": return .toggleDeviceFrame
            case "h": return .toggleHelp
            case "n": return .newGame
            case "t": return .takePhoto
            case "q": return .quit
            default: return .gameKey(key, shift: shift)
            }
        }
    }

    /// The group of the lines a game gives (``DesktopGame/hotkeys``).
    public static let gameGroup = "Game"

    /// The help of a window playing `game`: the device, view and window lines, then the game's own.
    public static func lines(for game: any DesktopGame) -> [Hotkey] {
        table.filter { $0 != victoryPhoto || game is any VictoryPhotoGame } + game.hotkeys
    }

    /// The table as plain text lines (for `duo --help`), followed by each
    /// game's own keys under its title.
    public static func helpText(games: [(title: String, hotkeys: [Hotkey])] = []) -> String {
        let all = table + games.flatMap(\.hotkeys)
        let width = all.map(\.keys.count).max() ?? 0
        var lines: [String] = []
        var group = ""
        let titled = games.flatMap { game in game.hotkeys.map { Hotkey(keys: $0.keys, action: $0.action, group: "Game: \(game.title)") } }
        for hotkey in table + titled {
            if hotkey.group != group {
                group = hotkey.group
                lines.append("  \(group):")
            }
            lines.append("    " + hotkey.keys.padding(toLength: width + 2, withPad: " ", startingAt: 0) + hotkey.action)
        }
        return lines.joined(separator: "\n")
    }
}
