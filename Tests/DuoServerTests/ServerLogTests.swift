import DuoNet
import Foundation
import Testing

@Suite struct ServerLogTests {
    @Test func jsonLogMessagesEscapeEverythingRFC8259Requires() throws {
        let message = "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀"
        let literal = ServerLog.jsonString(message)
        let line = "{\"message\":\(literal)}"
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["message"] == message)
        #expect(literal.contains("\\u0007") && !literal.contains("\n"))
    }
}
