import Foundation
import Testing
import SidelineTestSupport

/// Issue 27: the README's commands, options, keys, variables and exit codes, checked against
/// the binary built beside the tests (`scripts/check-readme`, the way the OpenAPI examples
/// are checked), so a claim cannot go stale unnoticed.
@Suite("The README against the binary")
struct CLIReadmeTests {
    @Test("Every command, option, configuration key, SIDELINE_* variable and exit code the README names is the binary's")
    func readmeMatchesTheBinary() async throws {
        let script = TestTools.repository.appendingPathComponent("scripts/check-readme").path
        let result = try await TestTools.run(TestTools.python, [script, SidelineBinary.executable])
        #expect(result.status == 0, "scripts/check-readme found README claims the binary does not bear out:\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("sideline commands"), "\(result.stdout)\(result.stderr)")
    }
}
