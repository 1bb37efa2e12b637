import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore

@Suite("Database files: a missing directory, read-only files")
struct DatabaseFilesTests {
    let t0 = storeT0

    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// A sidecar as a run that opened the database read-only leaves it: written (SQLite
    /// itself gives an *empty* file the database's mode when it opens it, which would hide
    /// what Sideline does), with `mode`.
    func leaveSidecar(_ path: String, mode: Int) throws {
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 32_768)))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    @Test("A configured database whose directory is missing is an error naming the directory, and nothing is created")
    func missingDirectoryIsAnError() throws {
        let directory = URL(fileURLWithPath: temporaryDatabase()).deletingLastPathComponent().path
        let path = directory + "/volume/state.sqlite"
        do {
            _ = try SQLiteStore(path: path, directory: .mustExist)
            Issue.record("a missing directory was replaced by a fresh database")
        } catch {
            #expect(error.message.contains(directory + "/volume"), "\(error.message)")
            #expect(error.message.contains("does not exist"))
            #expect(!error.message.contains("\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/volume"))
    }

    @Test("The default path's directory is created on first run, as before")
    func defaultDirectoryIsCreated() throws {
        let path = temporaryDatabase()
        let store = try SQLiteStore(path: path, directory: .create)
        #expect(try store.activeRegistrations().isEmpty)
        #expect(FileManager.default.fileExists(atPath: path))
        // An existing directory is fine when it must exist.
        #expect(try SQLiteStore(path: path, directory: .mustExist).activeRegistrations().isEmpty)
    }

    @Test("A read-only -shm left by a read-only run is given the database's mode again, and writes work")
    func readOnlySidecarIsRepaired() throws {
        let path = temporaryDatabase()
        do { _ = try SQLiteStore(path: path).recordBackoff(.sleeper, at: t0, retryAfter: nil) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        // What SQLite leaves when it opened the database while the file was 0444: sidecars
        // created with the file's mode, which no later writer can use.
        for sidecar in [path + "-shm", path + "-wal"] { try leaveSidecar(sidecar, mode: 0o444) }
        let store = try SQLiteStore(path: path)
        #expect(try mode(path + "-shm") == 0o640)
        #expect(try mode(path + "-wal") == 0o640)
        #expect(try store.recordBackoff(.sleeper, at: t0, retryAfter: nil) == t0.addingTimeInterval(60))
    }

    @Test("A sidecar that already has the database's write bits is left alone")
    func writableSidecarIsLeftAlone() throws {
        let path = temporaryDatabase()
        do { _ = try SQLiteStore(path: path) }
        let shm = path + "-shm"
        try leaveSidecar(shm, mode: 0o600)
        // Checked while the store is open: its last connection removes the -shm on close.
        let store = try SQLiteStore(path: path)
        #expect(try mode(shm) == 0o600)
        withExtendedLifetime(store) {}
    }
}
