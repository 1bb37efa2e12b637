import Foundation
import GRDB
@testable import SidelineStore

/// A database file as an older version left it: migrated up to `migration` only, then
/// written by `body` (rows, or a hand edit) and closed, for a migration test to open.
func olderDatabase(upTo migration: String, _ body: (Database) throws -> Void) throws -> String {
    let path = temporaryDatabase()
    try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
    let pool = try DatabasePool(path: path)
    try Schema.migrator.migrate(pool, upTo: migration)
    try pool.write(body)
    return path
}
