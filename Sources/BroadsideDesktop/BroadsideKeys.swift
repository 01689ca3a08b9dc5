import DuoDesktop

/// Broadside's keys at the desktop: the lines of the hotkey help and which
/// game command each key gives (``BroadsideInput/init(_:)``).
public enum BroadsideKeys {
    /// Broadside's lines of the help (group ``DuoDesktop/Hotkeys/gameGroup``).
    public static let hotkeys: [Hotkey] = [
        Hotkey(keys: "Click", action: "place a ship / fire at a cell / press a button", group: Hotkeys.gameGroup),
        Hotkey(keys: "Space", action: "rotate the ship being placed", group: Hotkeys.gameGroup),
        Hotkey(keys: "A", action: "auto-place the rest of the fleet", group: Hotkeys.gameGroup),
        Hotkey(keys: "Backspace", action: "take back the ships placed", group: Hotkeys.gameGroup),
        Hotkey(keys: "O", action: "show the other rows (when only half the board fits)", group: Hotkeys.gameGroup),
        Hotkey(keys: "Enter", action: "pass the device / show my screen / reconnect", group: Hotkeys.gameGroup),
        Hotkey(keys: "N", action: "new game (press twice while a match runs)", group: Hotkeys.gameGroup),
    ]
}
