import Foundation
import SidelineCore

/// Reduces the ~14 MB `players/nfl` body to the compact index: what
/// ``HTTPSleeperClient/players()`` does after the download (public for the benchmark).
public enum PlayersIndexParser {
    public static func parse(_ body: Data) throws -> PlayersIndex { try PlayersDecoder.decode(body) }
}

/// Reduces the ~14 MB `players/nfl` map to a ``PlayersIndex``, decoding only the five
/// fields Sideline uses out of the ~50 each player carries.
enum PlayersDecoder {
    /// The only fields read; `JSONDecoder` skips every other key without building values for it.
    struct Player: Decodable {
        let full_name: String?
        let first_name: String?
        let last_name: String?
        let position: String?
        let team: String?
    }

    static func decode(_ body: Data) throws -> PlayersIndex {
        let raw = try JSONDecoder().decode([String: Skippable<Player>].self, from: body)
        var players: [String: PlayerInfo] = [:]
        players.reserveCapacity(raw.count)
        for (id, entry) in raw {
            guard let player = entry.value else { continue }
            players[id] = info(id: id, player)
        }
        return PlayersIndex(players: players)
    }

    static func info(id: String, _ player: Player) -> PlayerInfo {
        PlayerInfo(id: id, name: name(id: id, player), position: player.position, team: TeamCode(normalizing: player.team))
    }

    static func name(id: String, _ player: Player) -> String {
        if let full = player.full_name, !full.isEmpty { return full }
        let parts = [player.first_name, player.last_name].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? id : parts.joined(separator: " ")
    }

    /// The same reduction through `JSONSerialization`, kept to compare speed (see the ADR
    /// and `PlayersDecodingTests`); ``decode(_:)`` is the one in use.
    static func decodeWithSerialization(_ body: Data) throws -> PlayersIndex {
        guard let raw = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "players/nfl is not an object"))
        }
        var players: [String: PlayerInfo] = [:]
        players.reserveCapacity(raw.count)
        for (id, value) in raw {
            guard let object = value as? [String: Any] else { continue }
            let player = Player(
                full_name: object["full_name"] as? String,
                first_name: object["first_name"] as? String,
                last_name: object["last_name"] as? String,
                position: object["position"] as? String,
                team: object["team"] as? String
            )
            players[id] = info(id: id, player)
        }
        return PlayersIndex(players: players)
    }
}
