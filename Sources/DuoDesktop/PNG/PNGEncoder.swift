/// Writes a ``PixelImage`` as a PNG file (8-bit RGBA, no interlace), in pure
/// Swift: so `duo screenshot` needs neither SDL_image nor zlib.
public enum PNGEncoder {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The bytes of a PNG file holding `image`.
    public static func encode(_ image: PixelImage) -> [UInt8] {
        var file = signature
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        // bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        header += [8, 6, 0, 0, 0]
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", Deflate.zlibCompress(filteredScanlines(image)), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Each row prefixed by the filter that makes it smallest by the usual
    /// heuristic (least sum of absolute byte values), from None, Sub, Up and Paeth.
    static func filteredScanlines(_ image: PixelImage) -> [UInt8] {
        let stride = image.width * 4
        var output = [UInt8]()
        output.reserveCapacity((stride + 1) * image.height)
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        image.rgba.withUnsafeBufferPointer { pixels in
            for row in 0..<image.height {
                let start = row * stride
                var bestFilter: UInt8 = 0
                var bestScore = Int.max
                for filter in UInt8(0)...4 where filter != 3 {
                    var score = 0
                    for index in 0..<stride {
                        let raw = pixels[start + index]
                        let left = index >= 4 ? pixels[start + index - 4] : 0
                        let up = row > 0 ? pixels[start + index - stride] : 0
                        let upLeft = (row > 0 && index >= 4) ? pixels[start + index - stride - 4] : 0
                        let value: UInt8
                        switch filter {
                        case 0: value = raw
                        case 1: value = raw &- left
                        case 2: value = raw &- up
                        default: value = raw &- paeth(left, up, upLeft)
                        }
                        candidate[index] = value
                        score += value < 128 ? Int(value) : 256 - Int(value)
                    }
                    if score < bestScore {
                        bestScore = score
                        bestFilter = filter
                        swap(&best, &candidate)
                    }
                }
                output.append(bestFilter)
                output += best
            }
        }
        return output
    }

    /// The Paeth predictor of the PNG specification.
    static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left))
        let toUp = abs(estimate - Int(up))
        let toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        file.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        file += typeBytes
        file += data
        file.appendBigEndian(crc.value)
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}
