import Foundation
import SidelineCore

/// The players index on disk (`players-nfl.json` under the cache directory), so the 14 MB
/// download happens at most once a day and a restart needs no network.
///
/// Format: `{"version":1,"fetched_at":<epoch seconds>,"players":[[id,name,position,team],…]}`,
/// an array of arrays because it is about a quarter of the size of keyed objects and loads faster.
public enum PlayersIndexFile {
    public static let fileName = "players-nfl.json"
    static let version = 1

    /// Loads the index saved in `directory`; `nil` when there is none (first run).
    /// Throws when a file exists but cannot be read or parsed.
    public static func load(from directory: URL) throws -> (index: PlayersIndex, fetchedAt: Date)? {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        let file = try JSONDecoder().decode(FileContents.self, from: data)
        var players: [String: PlayerInfo] = [:]
        players.reserveCapacity(file.players.count)
        for row in file.players { players[row.info.id] = row.info }
        return (PlayersIndex(players: players), Date(timeIntervalSince1970: file.fetched_at))
    }

    /// Writes the index atomically: a temporary file in the same directory, then `rename(2)`,
    /// so a crash mid-write never leaves a truncated index behind.
    public static func save(_ index: PlayersIndex, fetchedAt: Date, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let rows = index.players.values.sorted { $0.id < $1.id }.map(Row.init)
        let contents = FileContents(version: version, fetched_at: fetchedAt.timeIntervalSince1970, players: rows)
        let data = try JSONEncoder().encode(contents)
        let target = directory.appendingPathComponent(fileName)
        let temporary = directory.appendingPathComponent(".\(fileName).\(UUID().uuidString).tmp")
        try data.write(to: temporary)
        guard rename(temporary.path, target.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path, "errno": code])
        }
    }

    struct FileContents: Codable {
        let version: Int
        let fetched_at: Double
        let players: [Row]
    }

    /// `[id, name, position|null, team|null]`.
    struct Row: Codable {
        let info: PlayerInfo

        init(_ info: PlayerInfo) { self.info = info }

        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            let id = try c.decode(String.self)
            let name = try c.decode(String.self)
            let position = try c.decodeIfPresent(String.self)
            let team = try c.decodeIfPresent(String.self)
            info = PlayerInfo(id: id, name: name, position: position, team: TeamCode(normalizing: team))
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(info.id)
            try c.encode(info.name)
            if let position = info.position { try c.encode(position) } else { try c.encodeNil() }
            if let team = info.team { try c.encode(team.rawValue) } else { try c.encodeNil() }
        }
    }
}
