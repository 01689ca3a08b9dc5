// libFuzzer target for the code every client byte meets first: line
// framing, the strict JSON parser, and the protocol's message decoders.
// Not part of the package build: scripts/fuzz-protocol.sh compiles it with
// `-sanitize=fuzzer,address` together with those source files.
//
// Properties checked on every input (a violation traps, and libFuzzer
// saves the input):
// - nothing traps, overflows or leaks, whatever the bytes;
// - a line never comes out longer than the framer's cap;
// - a parsed JSON value written back out parses to the same value;
// - a decoded client message keeps its move intact through that round trip;
// - a move request read without the parser (CanonicalMoveRequest) is one
//   the decoder reads as the same move, written back to the same bytes.

import DuoClient

@_cdecl("LLVMFuzzerTestOneInput")
public func protocolDecoderFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var framer = LineFramer(maxLineBytes: 4_096)
    var lines: [[UInt8]] = []
    framer.append(bytes) { event in
        if case .line(let line) = event { lines.append(line) }
    }
    // Bytes after the last newline are a line too, for the decoders' sake.
    if size > 0 && lines.isEmpty { lines.append(Array(bytes.prefix(4_096))) }
    for line in lines {
        precondition(line.count <= 4_096, "a framed line passed the cap")
        if let value = try? JSONValue(parsing: line) {
            let written = value.serialized
            guard let again = try? JSONValue(parsing: written) else {
                preconditionFailure("serialized JSON does not parse: \(String(decoding: written, as: UTF8.self))")
            }
            precondition(again == value, "JSON round trip changed the value")
        }
        if case .move(let move)? = try? ClientMessage(line: line) {
            precondition((try? JSONValue(parsing: move.serialized)) == move, "a move changed on its way through")
        }
        if let fast = CanonicalMoveRequest(line: line) {
            guard case .move(let move)? = try? ClientMessage(line: line) else {
                preconditionFailure("read as a move, but not a move request: \(String(decoding: line, as: UTF8.self))")
            }
            precondition(!move.containsNonIntegerNumber && move.serialized[...] == fast.move, "a move read without the parser differs")
        }
        _ = try? ServerMessage(line: line)
    }
    return 0
}
