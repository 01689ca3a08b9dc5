import Foundation

/// Compact JSON written straight into a growing byte buffer, for the hot
/// paths that `JSONEncoder` makes slow (a view per seat per move, legal-move
/// lists): no intermediate values, no per-call allocation.
///
/// The writer adds no separators or key order of its own: the caller writes
/// keys in sorted order and commas where they go, which is how a game's
/// direct encoding gives exactly the bytes `JSONEncoder` with `.sortedKeys`
/// gives for the same value (tests compare the two on many states).
/// Noncopyable: it owns its buffer, which ``data()`` hands over without a copy.
public struct JSONOutput: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes (it grows as needed).
    @inlinable public init(capacity: Int = 512) {
        self.capacity = Swift.max(16, capacity)
        base = .allocate(capacity: self.capacity)
        count = 0
    }

    deinit { base.deallocate() }

    /// How many bytes are written.
    @inlinable public var byteCount: Int { count }

    @inlinable @inline(__always) mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    @usableFromInline mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends ASCII text as it is (punctuation, keys with their quotes).
    @inlinable @inline(__always) public mutating func raw(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (base + count).update(from: text.utf8Start, count: length)
        count &+= length
    }

    /// Appends bytes as they are (a fragment encoded earlier).
    @inlinable @inline(__always) public mutating func raw(_ fragment: [UInt8]) {
        fragment.withUnsafeBufferPointer { raw($0) }
    }

    /// Appends bytes as they are.
    @inlinable @inline(__always) public mutating func raw(_ fragment: UnsafeBufferPointer<UInt8>) {
        guard let start = fragment.baseAddress else { return }
        reserve(fragment.count)
        (base + count).update(from: start, count: fragment.count)
        count &+= fragment.count
    }

    /// Appends bytes as they are (a fragment encoded as `Data`).
    public mutating func raw(_ fragment: Data) {
        fragment.withUnsafeBytes { raw($0.bindMemory(to: UInt8.self)) }
    }

    /// Forgets what was written, keeping the room: a buffer used for one
    /// message after another allocates only while it grows.
    @inlinable public mutating func removeAll() {
        count = 0
    }

    /// Lends the bytes written so far to `body`.
    @inlinable public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Appends one byte.
    @inlinable @inline(__always) public mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count &+= 1
    }

    /// Lets `body` write at most `limit` bytes in place; it returns how many it wrote.
    @inlinable @inline(__always) public mutating func write(atMost limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(limit)
        count &+= body(base + count)
    }

    /// Appends a whole number in decimal, as `JSONEncoder` writes it.
    @inlinable public mutating func integer(_ value: Int) {
        if value >= 0 && value < 10 {
            byte(0x30 &+ UInt8(truncatingIfNeeded: value))
            return
        }
        write(atMost: 20) { out in
            var magnitude = value.magnitude
            var digits = 0
            var probe = magnitude
            repeat {
                digits += 1
                probe /= 10
            } while probe > 0
            let sign = value < 0 ? 1 : 0
            if sign == 1 { out[0] = UInt8(ascii: "-") }
            var index = sign + digits - 1
            repeat {
                out[index] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                index -= 1
            } while magnitude > 0
            return sign + digits
        }
    }

    /// Appends a string with the escapes `JSONEncoder` uses (quote,
    /// backslash, control characters; `/` unescaped).
    public mutating func string(_ text: String) {
        byte(0x22)
        for unit in text.utf8 {
            switch unit {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                raw("\\u00")
                byte(hex.utf8Start[Int(unit >> 4)])
                byte(hex.utf8Start[Int(unit & 0x0F)])
            default: byte(unit)
            }
        }
        byte(0x22)
    }

    /// Appends `true` or `false`.
    @inlinable @inline(__always) public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// The bytes as `Data`, handed over without a copy.
    public consuming func data() -> Data {
        let start = base
        let length = count
        discard self
        return Data(bytesNoCopy: start, count: length, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// The bytes as an array.
    public consuming func byteArray() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
