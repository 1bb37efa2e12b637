import Foundation
import SidelineCore
import Testing
import SidelineWiring

@Suite("The wiring's typed failures")
struct WiringFailureTests {
    @Test("A configured database whose directory is missing is a database failure, not a new directory")
    func missingDatabaseDirectory() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-missing-\(UUID().uuidString)")
        let configuration = try ConfigurationLoader.resolve(
            file: nil, environment: [:], flags: ["database": missing.appendingPathComponent("state.sqlite").path, "cache_dir": missing.path], derivedDefaults: [:]
        )
        let error = #expect(throws: WiringError.self) { try Wiring.openStore(configuration) }
        #expect(error?.kind == .database)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
