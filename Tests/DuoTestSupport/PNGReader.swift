import Foundation

/// A PNG file read back into RGBA bytes, so tests can check the pixels a
/// command wrote. Reads 8-bit RGBA and RGB, non-interlaced images (what
/// `duo screenshot` and ImageMagick write), and checks every chunk's CRC.
public struct PNGImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// R, G, B, A per pixel, rows top to bottom.
    public let rgba: [UInt8]

    /// The colour at (`x`, `y`) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * width + x) * 4
        return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
    }

    /// Decodes a whole PNG file.
    /// - Throws: ``PNGReadError`` saying what is wrong.
    public init(data: [UInt8]) throws {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 8, Array(data[0..<8]) == signature else { throw PNGReadError("not a PNG signature") }
        var offset = 8
        var header: [UInt8]?
        var compressed: [UInt8] = []
        var sawEnd = false
        while offset + 12 <= data.count {
            let length = Int(Self.bigEndian(data, offset))
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= data.count else { throw PNGReadError("chunk \(type) runs past the end") }
            let body = Array(data[(offset + 8)..<(offset + 8 + length)])
            let storedCRC = Self.bigEndian(data, offset + 8 + length)
            guard Self.crc32(Array(data[(offset + 4)..<(offset + 8 + length)])) == storedCRC else {
                throw PNGReadError("bad CRC in chunk \(type)")
            }
            switch type {
            case "IHDR": header = body
            case "IDAT": compressed += body
            case "IEND": sawEnd = true
            default: break
            }
            offset += 12 + length
            if sawEnd { break }
        }
        guard let header, header.count == 13 else { throw PNGReadError("no IHDR chunk") }
        guard sawEnd else { throw PNGReadError("no IEND chunk") }
        width = Int(Self.bigEndian(header, 0))
        height = Int(Self.bigEndian(header, 4))
        let bitDepth = header[8], colourType = header[9], interlace = header[12]
        guard bitDepth == 8, colourType == 6 || colourType == 2, interlace == 0 else {
            throw PNGReadError("unsupported PNG: depth \(bitDepth), colour type \(colourType), interlace \(interlace)")
        }
        let channels = colourType == 6 ? 4 : 3
        let raw = try Inflater.zlibDecompress(compressed)
        let stride = width * channels
        guard raw.count == (stride + 1) * height else {
            throw PNGReadError("image data is \(raw.count) bytes, expected \((stride + 1) * height)")
        }
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            for index in 0..<stride {
                let value = raw[row * (stride + 1) + 1 + index]
                let left = index >= channels ? pixels[row * stride + index - channels] : 0
                let up = row > 0 ? pixels[(row - 1) * stride + index] : 0
                let upLeft = (row > 0 && index >= channels) ? pixels[(row - 1) * stride + index - channels] : 0
                let predicted: UInt8
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = UInt8((Int(left) + Int(up)) / 2)
                case 4:
                    let estimate = Int(left) + Int(up) - Int(upLeft)
                    let (a, b, c) = (abs(estimate - Int(left)), abs(estimate - Int(up)), abs(estimate - Int(upLeft)))
                    predicted = (a <= b && a <= c) ? left : (b <= c ? up : upLeft)
                default: throw PNGReadError("bad filter \(filter) on row \(row)")
                }
                pixels[row * stride + index] = value &+ predicted
            }
        }
        if channels == 4 {
            rgba = pixels
        } else {
            var expanded = [UInt8]()
            expanded.reserveCapacity(width * height * 4)
            for index in Swift.stride(from: 0, to: pixels.count, by: 3) {
                expanded += [pixels[index], pixels[index + 1], pixels[index + 2], 255]
            }
            rgba = expanded
        }
    }

    /// Decodes the PNG file at `url`.
    public init(contentsOf url: URL) throws {
        try self.init(data: Array(try Data(contentsOf: url)))
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (UInt32(bytes[offset]) << 24) | (UInt32(bytes[offset + 1]) << 16) | (UInt32(bytes[offset + 2]) << 8) | UInt32(bytes[offset + 3])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

/// A PNG or zlib stream that cannot be decoded, with the reason.
public struct PNGReadError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A complete inflater (RFC 1950/1951: stored, fixed and dynamic blocks),
/// written independently of the encoder so a round trip proves something.
public enum Inflater {
    /// The bytes of a zlib stream, its Adler-32 checked.
    public static func zlibDecompress(_ input: [UInt8]) throws -> [UInt8] {
        guard input.count >= 6 else { throw PNGReadError("zlib stream too short") }
        guard input[0] & 0x0F == 8, (Int(input[0]) * 256 + Int(input[1])) % 31 == 0 else {
            throw PNGReadError("bad zlib header")
        }
        var reader = BitReader(bytes: input, position: 2)
        var output: [UInt8] = []
        var final = false
        while !final {
            final = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.bits(16), complement = try reader.bits(16)
                guard length == (~complement & 0xFFFF) else { throw PNGReadError("stored block length check failed") }
                for _ in 0..<length { output.append(UInt8(try reader.bits(8))) }
            case 1:
                try inflateBlock(&reader, &output, literal: fixedLiteral, distance: fixedDistance)
            case 2:
                let (literal, distance) = try readDynamicTables(&reader)
                try inflateBlock(&reader, &output, literal: literal, distance: distance)
            default:
                throw PNGReadError("reserved block type")
            }
        }
        reader.alignToByte()
        let adlerStored = try (0..<4).reduce(UInt32(0)) { value, _ in (value << 8) | UInt32(try reader.bits(8)) }
        var low: UInt32 = 1, high: UInt32 = 0
        for byte in output {
            low = (low + UInt32(byte)) % 65_521
            high = (high + low) % 65_521
        }
        guard (high << 16) | low == adlerStored else { throw PNGReadError("Adler-32 mismatch") }
        return output
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static let fixedLiteral = Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
    private static let fixedDistance = Huffman(lengths: [Int](repeating: 5, count: 30))

    private static func readDynamicTables(_ reader: inout BitReader) throws -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[order[index]] = try reader.bits(3) }
        let codeLengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengthCode.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let last = lengths.last else { throw PNGReadError("repeat with no previous length") }
                lengths += [Int](repeating: last, count: 3 + (try reader.bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        return (Huffman(lengths: Array(lengths[0..<literalCount])), Huffman(lengths: Array(lengths[literalCount...])))
    }

    private static func inflateBlock(_ reader: inout BitReader, _ output: inout [UInt8], literal: Huffman, distance: Huffman) throws {
        while true {
            let symbol = try literal.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw PNGReadError("bad length symbol \(symbol)") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let distanceSymbol = try distance.decode(&reader)
                guard distanceSymbol < distanceBase.count else { throw PNGReadError("bad distance symbol") }
                let back = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard back <= output.count else { throw PNGReadError("distance \(back) before start") }
                let start = output.count - back
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }

    /// Canonical Huffman decoding by counts per length (the zlib "puff" method).
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ reader: inout BitReader) throws -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw PNGReadError("bad Huffman code")
        }
    }

    struct BitReader {
        let bytes: [UInt8]
        var position: Int
        var bitBuffer = 0
        var bitCount = 0

        init(bytes: [UInt8], position: Int) {
            self.bytes = bytes
            self.position = position
        }

        mutating func bits(_ count: Int) throws -> Int {
            while bitCount < count {
                guard position < bytes.count else { throw PNGReadError("stream ends early") }
                bitBuffer |= Int(bytes[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let value = bitBuffer & ((1 << count) - 1)
            bitBuffer >>= count
            bitCount -= count
            return value
        }

        mutating func alignToByte() {
            bitBuffer = 0
            bitCount = 0
        }
    }
}
