import DuoNet
import Testing

@Suite struct SecureRandomTests {
    @Test func drawsTheAskedNumberOfBytesAndDifferentOnes() throws {
        let first = try SecureRandom.bytes(300)
        let second = try SecureRandom.bytes(300)
        #expect(first.count == 300)
        #expect(first != second)
        // 300 bytes of a working source are not one repeated value.
        #expect(Set(first).count > 50)
    }

    @Test func hexStringsHaveTwoLowercaseDigitsPerByte() throws {
        let text = try SecureRandom.hexString(byteCount: 16)
        #expect(text.count == 32)
        #expect(text.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func indicesStayInRangeAndCoverIt() throws {
        var seen = Set<Int>()
        for _ in 0..<500 {
            let index = try SecureRandom.index(below: 7)
            #expect((0..<7).contains(index))
            seen.insert(index)
        }
        #expect(seen.count == 7)
    }
}
