import DuoTestSupport
import Testing

/// The doc blocks some tests hold a command's output to (`LintCommandTests`) match as the docs runner's do.
@Suite struct DocConsoleBlockTests {
    static let markdown = """
        ```sh
        $ duo lint
        not this one: a sh block
        ```

        <!-- not-run: a test holds it -->
        ```console
        $ duo lint                # every game
        checked [..] situations
        ...
        no violations[..]

        ```
        """

    @Test("[..] is any text of a line, ... any lines; a changed or missing line does not match")
    func matching() throws {
        let block = try DocConsoleBlock(markdown: Self.markdown, doc: "doc.md", command: "duo lint")
        #expect(block.place == "doc.md:8")
        #expect(block.expected == ["checked [..] situations", "...", "no violations[..]"])
        #expect(block.matches("checked 3920 situations\nno violations\n"))
        #expect(block.matches("checked 1 situations\n  a\n  b\nno violations (1 known finding)  \n\n"))
        #expect(!block.matches("checked 1 layouts\nno violations\n"))
        #expect(!block.matches("checked 1 situations\n"))
        #expect(!block.matches("checked 1 situations\nno violations\nviolation: more after the end\n"))
        #expect(throws: DocConsoleBlockError.self) { try DocConsoleBlock(markdown: Self.markdown, doc: "doc.md", command: "duo inspect") }
    }
}
