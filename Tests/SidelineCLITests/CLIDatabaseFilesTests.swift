import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import SidelineTestSupport
#endif

@Suite("Command line: the database's files (missing directory, read-only file)")
struct CLIDatabaseFilesTests {
    @Test("A configured database whose directory does not exist is exit 74 with one line naming it, and nothing is created")
    func missingDirectory() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            let volume = cli.directory.appendingPathComponent("unmounted").path
            for arguments in [["users", "list"], ["tick", "--now", "2026-11-25T12:00:00Z"]] {
                let result = try await cli.run(arguments, environment: ["SIDELINE_DATABASE": volume + "/state.sqlite"])
                #expect(result.status == 74, "\(arguments): \(result.stderr)")
                #expect(result.stderr.hasPrefix("sideline: "), "\(result.stderr)")
                #expect(result.stderr.contains(volume), "\(result.stderr)")
                #expect(result.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
            }
            let flag = try await cli.run(["users", "list", "--database", volume + "/state.sqlite"])
            #expect(flag.status == 74, "\(flag.stderr)")
            #expect(!FileManager.default.fileExists(atPath: volume), "no empty database took the volume's place")
        }
    }

    @Test("A read-only database is exit 74 naming the file; once its mode is fixed, passes write again")
    func readOnlyDatabaseRecovers() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            // The test may run as root: the database then belongs to nobody, who runs every command.
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cli.directory.path)
            let path = cli.databasePath
            let first = try await cli.runUnprivileged("tick", "--now", "2026-11-25T12:00:00Z")
            #expect(first.status == 0, "\(first.stderr)")

            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            let readOnly = try await cli.runUnprivileged("tick", "--now", "2026-11-25T12:01:00Z")
            #expect(readOnly.status == 74, "\(readOnly.stderr)")
            #expect(readOnly.stderr.contains(path), "\(readOnly.stderr)")
            #expect(readOnly.stderr.contains("chmod"), "says what to do: \(readOnly.stderr)")

            // The operator fixes the file's mode. Whatever a read-only run left beside it (a
            // read-only -shm, as SQLite makes one from the file's mode) must not keep it stuck.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            // (Written, not empty: SQLite gives an empty one the file's mode by itself.)
            let shm = path + "-shm"
            if FileManager.default.fileExists(atPath: shm) { try FileManager.default.removeItem(atPath: shm) }
            #expect(FileManager.default.createFile(atPath: shm, contents: Data(count: 32_768)))
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: shm)
            if geteuid() == 0 { _ = chown(shm, 65534, 65534) }
            let fixed = try await cli.runUnprivileged("tick", "--now", "2026-11-25T12:02:00Z")
            #expect(fixed.status == 0, "\(fixed.stderr)")
            let again = try await cli.runUnprivileged("tick", "--now", "2026-11-25T12:03:00Z")
            #expect(again.status == 0, "\(again.stderr)")
        }
    }

    @Test("As root, a command against another user's database is exit 74 naming that user and the sudo -u command, and leaves no root-owned file beside it",
          .enabled(if: geteuid() == 0, "only root can run a command against a database it does not own and still write it"))
    func rootRefusedOnAnotherUsersDatabase() async throws {
        try await withSidelineBinary(sleeper: nil) { cli in
            // The service's layout: a directory of its own, the database made by its user (nobody).
            let service = cli.directory.appendingPathComponent("service")
            try FileManager.default.createDirectory(at: service, withIntermediateDirectories: true)
            #expect(chown(service.path, 65534, 65534) == 0)
            let database = service.appendingPathComponent("state.sqlite").path
            let asService = try await cli.runUnprivileged("users", "list", "--database", database)
            #expect(asService.status == 0, "\(asService.stderr)")

            for arguments in [["users", "list"], ["tick", "--now", "2026-11-25T12:00:00Z"]] {
                let asRoot = try await cli.run(arguments + ["--database", database])
                #expect(asRoot.status == 74, "\(arguments): \(asRoot.stderr)")
                #expect(asRoot.stderr.hasPrefix("sideline: \(database) belongs to the user nobody"), "\(asRoot.stderr)")
                #expect(asRoot.stderr.contains("sudo -u nobody sideline"), "says what to run instead: \(asRoot.stderr)")
                #expect(asRoot.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(asRoot.stderr)")
            }
            let rootOwned = try FileManager.default.contentsOfDirectory(atPath: service.path).filter { name in
                var owner = stat()
                return stat(service.appendingPathComponent(name).path, &owner) == 0 && owner.st_uid == 0
            }
            #expect(rootOwned.isEmpty, "root left \(rootOwned) in the service's directory")

            // Before the service ever ran: root would create the database itself, root's.
            let fresh = cli.directory.appendingPathComponent("fresh")
            try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
            #expect(chown(fresh.path, 65534, 65534) == 0)
            let first = try await cli.run("users", "list", "--database", fresh.appendingPathComponent("state.sqlite").path)
            #expect(first.status == 74, "\(first.stderr)")
            #expect(first.stderr.contains("\(fresh.path) belongs to the user nobody"), "\(first.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: fresh.path).isEmpty)
        }
    }
}
