import DuoNet
import Testing

@Suite struct LineFramerTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func linesSplitAcrossChunksAreJoined() {
        var framer = LineFramer(maxLineBytes: 100)
        #expect(framer.append(bytes("hel")) == [])
        #expect(framer.append(bytes("lo\nwor")) == [.line(bytes("hello"))])
        #expect(framer.append(bytes("ld\n\n")) == [.line(bytes("world")), .line([])])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func carriageReturnBeforeNewlineIsDropped() {
        var framer = LineFramer(maxLineBytes: 100)
        #expect(framer.append(bytes("a\r\nb\n")) == [.line(bytes("a")), .line(bytes("b"))])
    }

    @Test func lineOfExactlyTheCapIsAccepted() {
        var framer = LineFramer(maxLineBytes: 8)
        #expect(framer.append(bytes("12345678\n")) == [.line(bytes("12345678"))])
    }

    @Test func overLongLineIsReportedOnceAndFramingResumesAfterIt() {
        var framer = LineFramer(maxLineBytes: 8)
        // Reported as soon as the cap is passed, before the newline arrives.
        #expect(framer.append(bytes("123456789")) == [.error(.lineTooLong(limit: 8))])
        #expect(framer.append(bytes("more bytes of the same line")) == [])
        #expect(framer.append(bytes("end\nok\n")) == [.line(bytes("ok"))])
        // Nothing of the long line was kept.
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func overLongLineInsideOneChunkKeepsTheLinesAroundIt() {
        var framer = LineFramer(maxLineBytes: 4)
        let events = framer.append(bytes("ab\n123456\ncd\n"))
        #expect(events == [.line(bytes("ab")), .error(.lineTooLong(limit: 4)), .line(bytes("cd"))])
    }

    @Test func everyChunkingGivesTheSameLines() {
        let stream = bytes("first\nsecond line\r\n\nthird-is-way-too-long-for-the-cap\nlast\n")
        var whole = LineFramer(maxLineBytes: 16)
        let expected = whole.append(stream)
        for size in 1...7 {
            var framer = LineFramer(maxLineBytes: 16)
            var events: [LineFramer.Event] = []
            var start = 0
            while start < stream.count {
                events += framer.append(Array(stream[start..<min(start + size, stream.count)]))
                start += size
            }
            #expect(events == expected, "chunk size \(size)")
        }
    }
}
