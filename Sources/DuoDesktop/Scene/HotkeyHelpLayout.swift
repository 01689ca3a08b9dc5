import DuoPlatform

/// Where the hotkey help (H) goes in the window and at what size: on the larger
/// side of the fold (never across it), above the status line, in one or two
/// columns, at the largest size from 13 points down to 10 at which every line
/// fits whole. Pure: the renderer measures, this decides.
struct HotkeyHelpLayout: Equatable {
    /// The help's box, in window pixels.
    var box: Rect
    /// The size of its lines (the title is drawn larger), in points.
    var size: Double
    /// The lines of each column: indices into the table, groups kept whole.
    var columns: [[Int]]
    /// The width of the keys' column within a column, in pixels.
    var keyWidth: Double

    /// The sizes tried, largest first.
    static let sizes = stride(from: 13.0, through: 10.0, by: -0.5).map { $0 }
    /// Space around the box, in pixels.
    static let margin = 10.0

    /// The height of a line at `size`.
    static func lineHeight(_ size: Double) -> Double { (size * 19 / 13).rounded() }
    /// The space, in pixels, before a column's keys and between its keys and their actions, at `size`.
    static func pad(_ size: Double) -> Double { (size * 20 / 13).rounded() }
    /// The height of the title's band at `size`.
    static func header(_ size: Double) -> Double { (size * 48 / 13).rounded() }

    /// The room the help may use: the window above the status line (`bottom`), on the larger side of each active fold.
    static func room(width: Double, bottom: Double, folds: [Rect]) -> Rect {
        var room = Rect(x: 0, y: 0, width: width, height: max(1, bottom))
        for fold in folds where crosses(fold, room) {
            let sides =
                fold.height >= fold.width
                ? [
                    Rect(x: room.minX, y: room.minY, width: fold.minX - room.minX, height: room.height),
                    Rect(x: fold.maxX, y: room.minY, width: room.maxX - fold.maxX, height: room.height),
                ]
                : [
                    Rect(x: room.minX, y: room.minY, width: room.width, height: fold.minY - room.minY),
                    Rect(x: room.minX, y: fold.maxY, width: room.width, height: room.maxY - fold.maxY),
                ]
            if let larger = sides.filter({ $0.width > 0 && $0.height > 0 }).max(by: { $0.area < $1.area }) { room = larger }
        }
        return room
    }

    /// The help for `table` in `room`.
    /// - Parameter width: how wide a string is at a size, bold or not, in pixels.
    static func make(_ table: [Hotkey], in room: Rect, width: (String, Double, Bool) -> Double) -> HotkeyHelpLayout {
        let inner = room.insetBy(dx: margin, dy: margin)
        var fallback: HotkeyHelpLayout?
        for size in sizes {
            let keyWidth = table.map { width($0.keys, size, true) }.max() ?? 0
            let actionWidth = table.map { width($0.action, size, false) }.max() ?? 0
            let titleWidth = width("Hotkeys", size * 18 / 13, true) + width("Esc or H closes", size, false) + 3 * size
            for count in [1, 2] {
                let columns = split(table, into: count)
                let lines = columns.map { lineCount(of: $0, in: table) }.max() ?? 0
                let columnWidth = keyWidth + actionWidth + 2 * pad(size) + 1
                let boxWidth = max(titleWidth, Double(count) * columnWidth + pad(size) + Double(count - 1) * 20)
                let boxHeight = header(size) + Double(lines) * lineHeight(size) + size
                let box = Rect(
                    x: inner.midX - boxWidth / 2, y: inner.minY + max(0, (inner.height - boxHeight) / 2), width: boxWidth, height: boxHeight)
                let layout = HotkeyHelpLayout(box: box, size: size, columns: columns, keyWidth: keyWidth)
                if boxWidth <= inner.width, boxHeight <= inner.height { return layout }
                if fallback == nil, count == 2 || boxWidth <= inner.width { fallback = layout }
            }
        }
        // Nothing fits whole: the smallest size, clamped to the room (what does not fit is cut there).
        var layout = fallback ?? HotkeyHelpLayout(box: inner, size: sizes.last ?? 10, columns: split(table, into: 1), keyWidth: 0)
        layout.size = sizes.last ?? 10
        layout.box = Rect(x: max(inner.minX, layout.box.minX), y: inner.minY, width: min(inner.width, layout.box.width), height: inner.height)
        return layout
    }

    /// The table's lines in `count` columns, each group whole in one, the columns as even as the groups allow.
    static func split(_ table: [Hotkey], into count: Int) -> [[Int]] {
        var groups: [[Int]] = []
        for (index, hotkey) in table.enumerated() {
            if let last = groups.last?.last, table[last].group == hotkey.group {
                groups[groups.count - 1].append(index)
            } else {
                groups.append([index])
            }
        }
        guard count > 1, groups.count > 1 else { return [groups.flatMap { $0 }] }
        let total = groups.reduce(0) { $0 + $1.count + 1 }
        var first: [Int] = []
        var lines = 0
        var rest = groups[...]
        while let group = rest.first, lines + (group.count + 1) / 2 < total / 2 || first.isEmpty {
            first += group
            lines += group.count + 1
            rest = rest.dropFirst()
        }
        return rest.isEmpty ? [first] : [first, rest.flatMap { $0 }]
    }

    /// The lines a column takes: each hotkey, and a heading per group.
    static func lineCount(of column: [Int], in table: [Hotkey]) -> Int {
        var groups = 0
        var previous: String?
        for index in column where table[index].group != previous {
            groups += 1
            previous = table[index].group
        }
        return column.count + groups
    }

    static func crosses(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) > max(a.minX, b.minX) && min(a.maxY, b.maxY) > max(a.minY, b.minY)
    }
}
