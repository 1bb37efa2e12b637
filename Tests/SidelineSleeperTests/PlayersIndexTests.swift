import Foundation
import SidelineCore
import Testing
@testable import SidelineSleeper

@Suite("The players index: download reduction and the file in cache/")
struct PlayersIndexTests {
    /// A `players/nfl`-like body: `count` players with ~50 keys each plus the 32 defenses.
    static func generatedPayload(count: Int) throws -> Data {
        let sample = try JSONSerialization.jsonObject(with: try Fixture.data("players_nfl_sample.json")) as? [String: Any] ?? [:]
        let template = sample["4984"] as? [String: Any] ?? [:]
        let teams = ["ARI", "ATL", "BAL", "BUF", "CAR", "CHI", "CIN", "CLE", "DAL", "DEN", "DET", "GB", "HOU", "IND", "JAX", "KC",
                     "LV", "LAC", "LAR", "MIA", "MIN", "NE", "NO", "NYG", "NYJ", "PHI", "PIT", "SF", "SEA", "TB", "TEN", "WAS"]
        var map: [String: Any] = [:]
        for i in 0..<count {
            var player = template
            let id = String(10_000 + i)
            player["player_id"] = id
            player["first_name"] = "First\(i)"
            player["last_name"] = "Last\(i)"
            player["full_name"] = i % 10 == 0 ? NSNull() : "First\(i) Last\(i)"
            player["team"] = i % 4 == 0 ? NSNull() : teams[i % teams.count]
            map[id] = player
        }
        for code in teams {
            map[code] = ["player_id": code, "team": code, "position": "DEF", "first_name": code, "last_name": "Defense",
                         "fantasy_positions": ["DEF"], "active": true]
        }
        return try JSONSerialization.data(withJSONObject: map)
    }

    /// Built once for the suite: generating 15 MB of JSON in a debug build takes seconds.
    static let large = Result { try generatedPayload(count: 12_000) }

    @Test("names fall back to first and last name; free agents have no team")
    func reduction() throws {
        let index = try PlayersDecoder.decode(try Self.generatedPayload(count: 200))
        #expect(index.count == 232)
        #expect(index["10000"]?.name == "First0 Last0")
        #expect(index["10000"]?.team == nil)
        #expect(index["10001"]?.name == "First1 Last1")
        #expect(index["KC"]?.team == TeamCode(normalizing: "KC"))
    }

    @Test("JSONDecoder and JSONSerialization reduce to the same index")
    func sameIndex() throws {
        let payload = try Self.generatedPayload(count: 300)
        #expect(try PlayersDecoder.decode(payload) == PlayersDecoder.decodeWithSerialization(payload))
    }

    @Test("a 12,000-player payload parses, and the timings are printed for the ADR")
    func timing() throws {
        let payload = try Self.large.get()
        let clock = ContinuousClock()
        var index: PlayersIndex?
        let decoder = clock.measure { index = try? PlayersDecoder.decode(payload) }
        let serialization = clock.measure { _ = try? PlayersDecoder.decodeWithSerialization(payload) }
        // Debug-build figures; the release ones are in docs/adr/001-http-stack.md.
        print("players/nfl \(payload.count / 1_000_000) MB: JSONDecoder \(decoder), JSONSerialization \(serialization)")
        #expect(index?.count == 12_032)
    }

    @Test("save then load gives back the same index and fetch instant")
    func roundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-players-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try PlayersIndexFile.load(from: directory) == nil)
        let index = try PlayersDecoder.decode(try Self.large.get())
        let fetchedAt = Date(timeIntervalSince1970: 1_795_000_000.5)
        try PlayersIndexFile.save(index, fetchedAt: fetchedAt, to: directory)
        let clock = ContinuousClock()
        var loaded: (index: PlayersIndex, fetchedAt: Date)?
        let duration = try clock.measure { loaded = try PlayersIndexFile.load(from: directory) }
        print("players index file: \(index.count) entries loaded in \(duration)")
        #expect(loaded?.index == index)
        #expect(loaded?.fetchedAt == fetchedAt)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == [PlayersIndexFile.fileName], "no temporary file is left behind")
    }

    @Test("a corrupt index file throws instead of reading as empty")
    func corrupt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-players-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{\"version\":1".utf8).write(to: directory.appendingPathComponent(PlayersIndexFile.fileName))
        #expect(throws: (any Error).self) { try PlayersIndexFile.load(from: directory) }
    }
}
