// Example: a client of `duo-server serve`, with a plain socket and JSON lines.
//
//   swift run duo-server serve &                 # listens on 127.0.0.1:7447
//   swift run ExampleServerClient [--port 7447] [--game minigolf] [--bot random] [--screenshot FILE.png]
//
// The protocol is one JSON object per line each way (docs/PROTOCOL.md):
// say hello, create a match against a server bot, then answer every `view`
// in which it is our turn with a move, until `ended`. For mini golf the
// client aims at the cup itself, from the rules the server sends; for any
// other game it asks the server for a `hint`.
import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let tool = "ExampleServerClient"
let portOption: Option<Int> = .integer("port", "PORT", in: 1...65535, default: 7447, help: "the server's port on 127.0.0.1")
let gameOption: Option<String> = .text("game", "NAME", default: "minigolf", help: "the game to create")
let botOption: Option<String> = .text("bot", "NAME", default: "random", help: "the server's bot in the other seat")
let screenshotOption: Option<String?> = .text("screenshot", "FILE.png", help: "also render the scorecard at the end offscreen to this PNG file")
let command = CommandSpec(
    tool,
    sections: [
        .usage,
        .text(
            """
            A client of 'duo-server serve' (start it first: swift run duo-server serve),
            with a plain socket and JSON lines: say hello, create a match against a
            server bot, then answer every view in which it is our turn, until ended.
            """),
        .options("options:", [portOption.spec, gameOption.spec, botOption.spec, screenshotOption.spec]),
    ])
let options = command.parseOrExit(Array(CommandLine.arguments.dropFirst()))
let port = options[portOption]

/// A TCP connection that sends and receives JSON objects, one per line.
final class LineConnection {
    private let socketFD: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard socketFD >= 0, status == 0 else { throw ArgumentError("no server on 127.0.0.1:\(port) (start one with 'duo-server serve')") }
    }

    func send(_ message: [String: Any]) throws {
        let line = try JSONSerialization.data(withJSONObject: message) + Data("\n".utf8)
        _ = line.withUnsafeBytes { write(socketFD, $0.baseAddress, $0.count) }
    }

    func receive() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: line) as? [String: Any] ?? [:]
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(socketFD, &chunk, chunk.count)
            guard count > 0 else { throw ArgumentError("the server closed the connection") }
            buffer += chunk[..<count]
        }
    }
}

/// Mini golf: straight at the cup, hard enough to roll 20 cm past it (v² = 2 a d).
func golfStroke(view: [String: Any], seat: Int, rules: [String: Any]) -> [String: Any]? {
    guard let table = view["table"] as? [String: Any], let hole = table["hole"] as? Int,
        let balls = table["balls"] as? [[String: Int]], let holes = rules["holes"] as? [[String: Any]],
        let cup = holes[hole]["cup"] as? [Int], let physics = rules["physics"] as? [String: Int],
        let friction = physics["greenFriction"], let maxSpeed = physics["maxSpeed"]
    else { return nil }
    let x = Double(balls[seat]["x"] ?? 0) / 4096
    let y = Double(balls[seat]["y"] ?? 0) / 4096  // 1/4096 cm units
    let dx = Double(cup[0]) - x
    let dy = Double(cup[1]) - y
    let angle = (Int((atan2(dy, dx) * 180 / .pi).rounded()) + 360) % 360
    let speed = (2 * Double(friction) * (hypot(dx, dy) + 20)).squareRoot()
    return ["angle": angle, "power": min(100, max(1, Int((speed / Double(maxSpeed) * 100).rounded(.up))))]
}

do {
    let server = try LineConnection(port: port)
    try server.send(["type": "hello", "version": 1, "client": tool])
    let welcome = try server.receive()
    print("server \(welcome["server"] ?? "?") hosts \(welcome["games"] ?? [])")
    let game = options[gameOption]
    try server.send(["type": "create", "game": game, "bot": options[botOption]])
    let seated = try server.receive()
    guard seated["type"] as? String == "created", let seat = seated["seat"] as? Int, let rules = seated["rules"] as? [String: Any] else {
        throw ArgumentError("could not create a match: \(seated["message"] ?? seated)")
    }
    print("match \(seated["code"] ?? "?"): \(game) (\(seated["variant"] ?? "?")), we are seat \(seat)")
    var moves = 0
    var lastView: [String: Any] = [:]
    while true {
        let message = try server.receive()
        switch message["type"] as? String {
        case "view":
            lastView = message["view"] as? [String: Any] ?? [:]
            guard (message["toMove"] as? [Int])?.contains(seat) == true else { continue }
            var move = game == "minigolf" ? golfStroke(view: lastView, seat: seat, rules: rules) : nil
            if move == nil {
                try server.send(["type": "hint"])
                var answer = try server.receive()
                while answer["type"] as? String != "hint" { answer = try server.receive() }
                move = answer["move"] as? [String: Any]
            }
            try server.send(["type": "move", "move": move ?? [:]])
            moves += 1
        case "ended":
            let result = message["result"] as? [String: Any] ?? [:]
            let winner = result["winner"] as? Int
            let outcome = winner == nil ? "a draw" : winner == seat ? "we won" : "we lost"
            print("match over after \(moves) moves of ours: \(outcome) (\(result["reason"] ?? "?"), scores \(result["scores"] ?? []))")
            if let path = options[screenshotOption] { try drawScorecard(lastView, seat: seat, to: path) }
            exit(0)
        case "error":
            throw ArgumentError("the server refused: \(message["code"] ?? "?"): \(message["message"] ?? "")")
        default:
            continue  // accepted, opponent news
        }
    }
} catch {
    CommandExit.failure("\(error)", tool: tool)
}

/// The final scorecard of a golf match as bars, one pair per hole (ours in yellow).
func drawScorecard(_ view: [String: Any], seat: Int, to path: String) throws {
    let card = (view["table"] as? [String: Any])?["scorecard"] as? [[Int]] ?? [[], []]
    let image = try OffscreenRenderer(width: 60 + 50 * max(1, card[0].count), height: 220)
    defer { image.close() }
    let canvas = image.canvas
    canvas.clear(RGBAColor(hex: 0x10291B))
    let text = TextStyle(size: 12, bold: true, color: RGBAColor(hex: 0xFFFFFF))
    for (hole, strokes) in card[0].enumerated() {
        for side in 0...1 {
            let height = Double(card[side][hole]) * 18
            let x = 40 + Double(hole) * 50 + Double(side) * 18
            canvas.fillRect(
                x: x, y: 180 - height, width: 16, height: height,
                color: side == seat ? RGBAColor(hex: 0xFFC928) : RGBAColor(hex: 0xFF6F61))
        }
        canvas.drawText("\(hole + 1): \(strokes)-\(card[1][hole])", x: 57 + Double(hole) * 50, y: 188, style: text, alignment: .top)
    }
    canvas.drawText("strokes per hole (yellow: this client)", x: 12, y: 8, style: text)
    try image.readPixels().writePNG(to: URL(fileURLWithPath: path))
    print("screenshot: \(path)")
}
