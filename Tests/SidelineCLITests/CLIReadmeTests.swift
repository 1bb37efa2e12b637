import Foundation
import Testing
import SidelineTestSupport

/// Issues 27 and 29: the README's and `docs/`'s commands, options, keys, variables, exit codes
/// and links, checked against the binary built beside the tests and the tree
/// (`scripts/check-readme`, the way the OpenAPI examples are checked), so a claim cannot go
/// stale unnoticed (ADR 037).
@Suite("The README and docs/ against the binary")
struct CLIReadmeTests {
    static let script = TestTools.repository.appendingPathComponent("scripts/check-readme").path

    @Test("Every command, option, configuration key, SIDELINE_* variable, exit code and link the README and docs/ name is the binary's or the tree's")
    func documentsMatchTheBinary() async throws {
        let result = try await TestTools.run(TestTools.python, [Self.script, SidelineBinary.executable])
        #expect(result.status == 0, "scripts/check-readme found claims the binary or the tree does not bear out:\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("sideline commands"), "\(result.stdout)\(result.stderr)")
    }

    @Test("A mistake of each kind planted in a copy of docs/ is reported, naming the page")
    func plantedMistakesAreReported() async throws {
        try await withTemporaryDirectory("check-readme") { root in
            let files = FileManager.default
            let repository = TestTools.repository
            try files.copyItem(at: repository.appendingPathComponent("README.md"), to: root.appendingPathComponent("README.md"))
            try files.copyItem(at: repository.appendingPathComponent("docs"), to: root.appendingPathComponent("docs"))
            // What the documents link to outside docs/, as it is.
            for folder in ["Apps", "config", "Packages", "Sources", "Tests", "scripts"] {
                try files.createSymbolicLink(at: root.appendingPathComponent(folder), withDestinationURL: repository.appendingPathComponent(folder))
            }
            let docs = root.appendingPathComponent("docs")
            // A command the table forgets, so no page documents it.
            let commands = docs.appendingPathComponent("commands.md")
            let table = try String(contentsOf: commands, encoding: .utf8)
            try table.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("| `sideline schema`") }
                .joined(separator: "\n").write(to: commands, atomically: true, encoding: .utf8)
            // A page of its own with a wrong command, option, key and links; an ADR with no row in the index.
            try """
                # Planted

                Run `sideline users frobnicate`, then `sideline tick --frobnicate`.
                Set `display.frobnicate`. See [a page](gone.md) and [a heading](configuration.md#no-such-heading).
                """.write(to: docs.appendingPathComponent("planted.md"), atomically: true, encoding: .utf8)
            try "# ADR 999: planted\n".write(to: docs.appendingPathComponent("adr/999-planted.md"), atomically: true, encoding: .utf8)

            let result = try await TestTools.run(TestTools.python, [Self.script, "--root", root.path, SidelineBinary.executable])
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            for report in ["docs/commands.md: the commands table has no row for `sideline schema`",
                           "docs/planted.md:3: `sideline users frobnicate`",
                           "docs/planted.md:3: `sideline tick --frobnicate`: `sideline tick --help` has no --frobnicate",
                           "docs/planted.md:4: `display.frobnicate` is not a configuration key",
                           "docs/planted.md:4: the link (gone.md) names docs/gone.md, which is not in the tree",
                           "docs/planted.md:4: the link (configuration.md#no-such-heading): docs/configuration.md has no heading #no-such-heading",
                           "docs/adr/README.md: no row links 999-planted.md"] {
                #expect(result.stdout.contains(report), "missing \"\(report)\" in:\n\(result.stdout)\(result.stderr)")
            }
        }
    }
}
