import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import MiniGolf
import MiniGolfDesktop
import Testing

/// The help (``Hotkeys/table``, shown by H and `duo --help`) says what each
/// key does; these tests press every key it lists and check that the key
/// does what its line says.
@Suite("The hotkey help matches the key bindings")
struct HotkeyHelpTests {
    /// One key press: a key, with or without Shift.
    struct Press: Hashable, CustomStringConvertible {
        let key: Key
        let shift: Bool
        var description: String { "\(shift ? "Shift+" : "")\(key)" }
    }

    /// What each line of the window's help promises, one command per key
    /// in the order the line names them, read from its action text.
    static let promised: [String: [DesktopCommand]] = [
        "Up / Down": [.hingeStep(5), .hingeStep(-5)],
        "1 2 3 4 5": [.posture(.closed), .posture(.flat), .posture(.book), .posture(.tent), .posture(.tabletop)],
        "R (Shift+R)": [.rotate(clockwise: true), .rotate(clockwise: false)],
        "Left / Right, [ ]": [.moveFold(-Hotkeys.foldStep), .moveFold(Hotkeys.foldStep), .moveFold(-Hotkeys.foldStep), .moveFold(Hotkeys.foldStep)],
        "C": [.toggleInnerCamera],
        "L": [.toggleDirection],
        "P": [.switchProfile],
        "S": [.cycleSensor],
        "G": [.toggleRegions],
        "V": [.toggleDeviceFrame],
        "H, F1": [.toggleHelp, .toggleHelp],
        "T": [.takePhoto],
        "F3": [.toggleFrameTiming],
        "Esc, Q": [.back, .quit],
        "PgUp / PgDn": [.scrollNews(1), .scrollNews(-1)],
    ]

    /// What the lines whose action names a Shift variant ("(Shift: 1°)") promise with Shift held.
    static let promisedWithShift: [String: [DesktopCommand]] = [
        "Up / Down": [.hingeStep(1), .hingeStep(-1)],
        "PgUp / PgDn": [.scrollNews(Hotkeys.newsPage), .scrollNews(-Hotkeys.newsPage)],
    ]

    /// The pointer gestures a game's help may list; they are no key presses.
    static let gestures: Set<String> = ["Click", "Drag"]

    /// The key presses a line of the help names ("Up / Down", "R (Shift+R)",
    /// "Left / Right, [ ]", "H, F1"). Nil when a name is no key this test
    /// knows, so a new spelling in the help fails rather than going unchecked.
    static func presses(_ keys: String) -> [Press]? {
        if gestures.contains(keys) { return [] }
        var presses: [Press] = []
        for token in keys.split(whereSeparator: { $0 == " " || $0 == "," }) where token != "/" {
            var name = token
            var shift = false
            if name.hasPrefix("(Shift+") && name.hasSuffix(")") {
                name = name.dropFirst("(Shift+".count).dropLast()
                shift = true
            }
            guard let key = key(named: String(name)) else { return nil }
            presses.append(Press(key: key, shift: shift))
        }
        return presses
    }

    /// The key a name of the help stands for: an arrow, a named key, a digit or an upper-case letter.
    static func key(named name: String) -> Key? {
        switch name {
        case "Up": return .up
        case "Down": return .down
        case "Left": return .left
        case "Right": return .right
        case "[": return .leftBracket
        case "]": return .rightBracket
        case "F1": return .f1
        case "F3": return .f3
        case "Esc": return .escape
        case "Space": return .space
        case "Enter": return .enter
        case "Backspace": return .backspace
        case "PgUp": return .pageUp
        case "PgDn": return .pageDown
        default:
            guard name.count == 1, let character = name.first else { return nil }
            if let digit = character.wholeNumberValue { return .digit(digit) }
            return character.isUppercase && character.isLetter ? .letter(Character(character.lowercased())) : nil
        }
    }

    @Test("Every key of the window's help does what its line says, and none falls through to the game")
    func windowLines() throws {
        #expect(Set(Hotkeys.table.map(\.keys)) == Set(Self.promised.keys), "every line of the help, and only those, has a promise here")
        #expect(Hotkeys.table.allSatisfy { $0.group != Hotkeys.gameGroup })
        for line in Hotkeys.table {
            let presses = try #require(Self.presses(line.keys), "unreadable keys \"\(line.keys)\"")
            let commands = presses.map { Hotkeys.command(for: $0.key, shift: $0.shift) }
            #expect(commands == Self.promised[line.keys], "\(line.keys): \(line.action)")
            for (press, command) in zip(presses, commands) {
                if case .gameKey? = command { Issue.record("\(press) (\(line.action)) falls through to the game") }
            }
            let shifted = Self.promisedWithShift[line.keys]
            #expect(line.action.contains("(Shift:") == (shifted != nil), "\(line.keys): a Shift variant is promised exactly when the help names one")
            if let shifted {
                #expect(presses.map { Hotkeys.command(for: $0.key, shift: true) } == shifted, "\(line.keys) with Shift: \(line.action)")
            }
        }
    }

    @Test("Every key of a game's help reaches the game, as itself where it is the game's own key")
    func gameLines() throws {
        let games: [(String, [Hotkey])] = [("Broadside", BroadsideKeys.hotkeys), ("Mini golf", MiniGolfTable.desktopHotkeys)]
        for (game, lines) in games {
            #expect(!lines.isEmpty, "\(game) lists its keys")
            for line in lines {
                #expect(line.group == Hotkeys.gameGroup, "\(game): \(line.keys)")
                let presses = try #require(Self.presses(line.keys), "\(game): unreadable keys \"\(line.keys)\"")
                let withShift = line.action.contains("(Shift:") ? presses.map { Press(key: $0.key, shift: true) } : []
                for press in presses + withShift {
                    // The session hands exactly these three commands to the game; any other would shadow its key.
                    switch Hotkeys.command(for: press.key, shift: press.shift) {
                    case .gameKey(let key, let shift)?:
                        #expect(key == press.key && shift == press.shift, "\(game): \(press) reaches the game as itself")
                    case .confirm?:
                        #expect(press.key == .enter, "\(game): \(press) confirms")
                    case .newGame?:
                        #expect(line.action.hasPrefix("new game"), "\(game): \(press) starts a new game, not \"\(line.action)\"")
                    case let other:
                        Issue.record("\(game): \(press) (\(line.action)) is taken by the window: \(String(describing: other))")
                    }
                }
            }
        }
    }
}
