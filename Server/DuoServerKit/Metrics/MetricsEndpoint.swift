import DuoNet
import Foundation

/// The HTTP/1.1 side door of `serve --metrics HOST:PORT`: `GET /metrics`
/// (Prometheus text format), `GET /healthz` (200 while the loop answers)
/// and `GET /readyz` (200 once recovery is done, 503 before and while
/// draining). One request per connection (`Connection: close`).
///
/// It runs on the match server's own loop, so a scrape sees one consistent
/// moment of the server and costs no thread; a request line and its headers
/// are lines, which the loop frames already.
final class MetricsEndpoint: ConnectionHandler {
    // Not Sendable: every field is touched only on `loop`'s thread.

    /// A request being read.
    private struct Request {
        var requestLine: String?
        var headerCount = 0
        var timer: TimerID?
    }

    private let loop: any EventLoop
    private weak var server: MatchServer?
    private var requests: [ConnectionID: Request] = [:]
    /// A connection that has not finished its request by then is closed.
    private let requestTimeout: Duration = .seconds(10)

    init(server: MatchServer, loop: any EventLoop) {
        self.server = server
        self.loop = loop
    }

    func connectionOpened(_ connection: ConnectionID, peer: SocketAddress?) {
        let timer = loop.schedule(after: requestTimeout) { [weak self] in
            self?.respond(to: connection, status: "408 Request Timeout", body: "no request within \(self?.requestTimeout ?? .zero)\n")
        }
        requests[connection] = Request(timer: timer)
    }

    func connection(_ connection: ConnectionID, received line: [UInt8]) {
        guard var request = requests[connection] else { return }
        var text = String(decoding: line, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        if request.requestLine == nil {
            // Robustness (RFC 9112 2.2): empty lines before the request line are ignored.
            if !text.isEmpty { request.requestLine = text }
            requests[connection] = request
            return
        }
        guard !text.isEmpty else {
            answer(request.requestLine ?? "", to: connection)
            return
        }
        request.headerCount += 1
        requests[connection] = request
        if request.headerCount > 100 {
            respond(to: connection, status: "431 Request Header Fields Too Large", body: "too many header lines\n")
        }
    }

    func connection(_ connection: ConnectionID, framingFailed error: FramingError) {
        respond(to: connection, status: "431 Request Header Fields Too Large", body: "a request line or header is too long\n")
    }

    func connectionClosed(_ connection: ConnectionID, reason: CloseReason) {
        if let timer = requests.removeValue(forKey: connection)?.timer { loop.cancel(timer) }
    }

    private func answer(_ requestLine: String, to connection: ConnectionID) {
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
            respond(to: connection, status: "400 Bad Request", body: "expected: GET /metrics HTTP/1.1\n")
            return
        }
        let method = parts[0]
        guard method == "GET" || method == "HEAD" else {
            respond(to: connection, status: "405 Method Not Allowed", body: "only GET and HEAD\n", extraHeaders: "Allow: GET, HEAD\r\n")
            return
        }
        let path = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let server else { return }
        let head = method == "HEAD"
        switch path {
        case "/metrics":
            respond(
                to: connection, status: "200 OK", body: server.metricsExposition(),
                contentType: "text/plain; version=0.0.4; charset=utf-8", headOnly: head)
        case "/healthz":
            respond(to: connection, status: "200 OK", body: "ok\n", headOnly: head)
        case "/readyz":
            if server.draining {
                respond(to: connection, status: "503 Service Unavailable", body: "draining\n", headOnly: head)
            } else if !server.recovered {
                respond(to: connection, status: "503 Service Unavailable", body: "recovering journals\n", headOnly: head)
            } else {
                respond(to: connection, status: "200 OK", body: "ready\n", headOnly: head)
            }
        default:
            respond(to: connection, status: "404 Not Found", body: "try /metrics, /healthz or /readyz\n", headOnly: head)
        }
    }

    /// Sends one whole response and closes once it is written.
    private func respond(
        to connection: ConnectionID, status: String, body: String,
        contentType: String = "text/plain; charset=utf-8", extraHeaders: String = "", headOnly: Bool = false
    ) {
        guard let request = requests.removeValue(forKey: connection) else { return }
        if let timer = request.timer { loop.cancel(timer) }
        let bodyBytes = Array(body.utf8)
        var response = Array(
            ("HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(bodyBytes.count)\r\n"
                + "Cache-Control: no-store\r\nConnection: close\r\n\(extraHeaders)\r\n").utf8)
        if !headOnly { response += bodyBytes }
        // The loop ends every line it sends with a newline: send all but the
        // last byte, which is the body's final newline (or the blank line's).
        let last = response.removeLast()
        precondition(last == 0x0A, "responses end with a newline")
        loop.send(response, to: connection)
        loop.close(connection)
    }
}
