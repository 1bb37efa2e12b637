import Foundation
import SidelineCore
import SidelineEngine
import SidelineSleeper

/// The players index as a file under the cache directory.
public struct FilePlayersIndexStore: PlayersIndexStore {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    public func load() -> (index: PlayersIndex, fetchedAt: Date)? {
        // Missing or unreadable: the pass fetches `players/nfl` again, as on a first run.
        try? PlayersIndexFile.load(from: URL(fileURLWithPath: directory))
    }

    public func save(_ index: PlayersIndex, fetchedAt: Date) throws {
        try PlayersIndexFile.save(index, fetchedAt: fetchedAt, to: URL(fileURLWithPath: directory))
    }
}
