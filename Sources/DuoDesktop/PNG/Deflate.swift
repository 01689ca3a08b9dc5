/// A small DEFLATE compressor (RFC 1951) in a zlib wrapper (RFC 1950):
/// LZ77 with hash chains, coded with the fixed Huffman tables.
///
/// Why not stored blocks only: rendered frames are mostly flat colour, and
/// the committed pictures in `docs/images/` should be kilobytes, not
/// megabytes. Why not dynamic tables: fixed codes already shrink flat
/// images by two orders of magnitude and keep the encoder short.
public enum Deflate {
    /// Bytes compressed as one zlib stream (header, fixed-Huffman blocks, Adler-32).
    /// - Parameters:
    ///   - input: the bytes to compress.
    ///   - maxChain: how many earlier positions each match search
    ///     visits; more finds longer matches at more cost.
    public static func zlibCompress(_ input: [UInt8], maxChain: Int = 24) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes.reserveCapacity(input.count / 8 + 64)
        // CMF 0x78: deflate with a 32 KiB window; FLG 0x01 makes the pair a multiple of 31.
        writer.bytes.append(0x78)
        writer.bytes.append(0x01)
        input.withUnsafeBufferPointer { source in
            compressBlock(source, into: &writer, maxChain: max(1, maxChain))
        }
        writer.flush()
        let adler = Adler32.checksum(input)
        for shift in stride(from: 24, through: 0, by: -8) {
            writer.bytes.append(UInt8((adler >> UInt32(shift)) & 0xFF))
        }
        return writer.bytes
    }

    // MARK: - LZ77 + fixed Huffman

    private static let windowSize = 32_768
    private static let minMatch = 3
    private static let maxMatch = 258
    private static let hashBits = 15

    private static func compressBlock(_ source: UnsafeBufferPointer<UInt8>, into writer: inout BitWriter, maxChain: Int) {
        let codes = FixedCodes.shared
        // One final block (BFINAL = 1) of fixed Huffman codes (BTYPE = 01).
        writer.write(bits: 1, count: 1)
        writer.write(bits: 1, count: 2)
        let count = source.count
        let hashSize = 1 << hashBits
        var head = [Int32](repeating: -1, count: hashSize)
        var previous = [Int32](repeating: -1, count: windowSize)
        head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                @inline(__always) func hash(at position: Int) -> Int {
                    let value = (UInt32(source[position]) << 16) | (UInt32(source[position + 1]) << 8) | UInt32(source[position + 2])
                    return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
                }
                @inline(__always) func insert(_ position: Int) {
                    guard position + minMatch <= count else { return }
                    let key = hash(at: position)
                    previous[position & (windowSize - 1)] = head[key]
                    head[key] = Int32(position)
                }
                var position = 0
                while position < count {
                    var bestLength = 0
                    var bestDistance = 0
                    if position + minMatch <= count {
                        var candidate = Int(head[hash(at: position)])
                        var chain = maxChain
                        let limit = min(maxMatch, count - position)
                        while candidate >= 0, chain > 0, position - candidate <= windowSize {
                            // Check the byte that would make the match longer first: a cheap reject.
                            if source[candidate + bestLength] == source[position + bestLength] || bestLength == 0 {
                                var length = 0
                                while length < limit, source[candidate + length] == source[position + length] {
                                    length += 1
                                }
                                if length > bestLength {
                                    bestLength = length
                                    bestDistance = position - candidate
                                    if length == limit { break }
                                }
                            }
                            let next = Int(previous[candidate & (windowSize - 1)])
                            // Chains only ever point backwards; anything else is a stale slot.
                            guard next < candidate else { break }
                            candidate = next
                            chain -= 1
                        }
                    }
                    if bestLength >= minMatch {
                        codes.writeLength(bestLength, into: &writer)
                        codes.writeDistance(bestDistance, into: &writer)
                        for offset in 0..<bestLength { insert(position + offset) }
                        position += bestLength
                    } else {
                        codes.writeLiteral(Int(source[position]), into: &writer)
                        insert(position)
                        position += 1
                    }
                }
            }
        }
        codes.writeLiteral(256, into: &writer) // end of block
    }
}

/// Bits packed least-significant first, as DEFLATE stores them.
struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var bufferedBits = 0

    mutating func write(bits: UInt32, count: Int) {
        buffer |= UInt64(bits) << UInt64(bufferedBits)
        bufferedBits += count
        while bufferedBits >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bufferedBits -= 8
        }
    }

    /// Pads the last partial byte with zero bits.
    mutating func flush() {
        if bufferedBits > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
        }
        buffer = 0
        bufferedBits = 0
    }
}

/// The fixed Huffman codes of RFC 1951 section 3.2.6, pre-reversed for LSB-first output.
struct FixedCodes: Sendable {
    static let shared = FixedCodes()

    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Reversed code and bit length of each literal/length symbol 0...287.
    private let literalCodes: [(code: UInt32, length: Int)]
    /// Length-code index for each match length 0...258 (valid from 3).
    private let lengthSymbol: [UInt8]

    private init() {
        var literals: [(UInt32, Int)] = []
        for symbol in 0..<288 {
            let (code, length): (UInt32, Int)
            switch symbol {
            case 0...143: (code, length) = (UInt32(0x30 + symbol), 8)
            case 144...255: (code, length) = (UInt32(0x190 + symbol - 144), 9)
            case 256...279: (code, length) = (UInt32(symbol - 256), 7)
            default: (code, length) = (UInt32(0xC0 + symbol - 280), 8)
            }
            literals.append((Self.reverse(code, length), length))
        }
        literalCodes = literals
        var symbols = [UInt8](repeating: 0, count: 259)
        for index in 0..<Self.lengthBase.count {
            let start = Self.lengthBase[index]
            let end = index + 1 < Self.lengthBase.count ? Self.lengthBase[index + 1] : 259
            for length in start..<min(end, 259) { symbols[length] = UInt8(index) }
        }
        // 258 has its own code (285) even though 227 + 31 would also reach it.
        symbols[258] = UInt8(Self.lengthBase.count - 1)
        lengthSymbol = symbols
    }

    static func reverse(_ code: UInt32, _ length: Int) -> UInt32 {
        var result: UInt32 = 0
        var value = code
        for _ in 0..<length {
            result = (result << 1) | (value & 1)
            value >>= 1
        }
        return result
    }

    func writeLiteral(_ symbol: Int, into writer: inout BitWriter) {
        let entry = literalCodes[symbol]
        writer.write(bits: entry.code, count: entry.length)
    }

    func writeLength(_ length: Int, into writer: inout BitWriter) {
        let index = Int(lengthSymbol[length])
        writeLiteral(257 + index, into: &writer)
        let extra = Self.lengthExtra[index]
        if extra > 0 {
            writer.write(bits: UInt32(length - Self.lengthBase[index]), count: extra)
        }
    }

    func writeDistance(_ distance: Int, into writer: inout BitWriter) {
        // 30 codes: a short search beats a 32 KiB table here.
        var index = Self.distanceBase.count - 1
        while Self.distanceBase[index] > distance { index -= 1 }
        writer.write(bits: Self.reverse(UInt32(index), 5), count: 5)
        let extra = Self.distanceExtra[index]
        if extra > 0 {
            writer.write(bits: UInt32(distance - Self.distanceBase[index]), count: extra)
        }
    }
}
