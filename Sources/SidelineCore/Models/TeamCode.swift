/// An NFL team code in Sleeper's spelling (`JAX`, `WAS`, `LAR`, `LV`, `LAC`).
///
/// Feeds disagree on codes (ESPN says `WSH`, older feeds `JAC`, `LA`, `OAK`, `SD`, `STL`);
/// every code that enters Sideline goes through ``init(normalizing:)`` so that a starter's
/// team and a game's teams always compare equal.
public struct TeamCode: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// Aliases seen in the wild, mapped to Sleeper's code.
    static let aliases: [String: String] = [
        "WSH": "WAS", "JAC": "JAX", "LA": "LAR", "STL": "LAR",
        "OAK": "LV", "LVR": "LV", "SD": "LAC", "GNB": "GB", "KAN": "KC",
        "NWE": "NE", "NOR": "NO", "SFO": "SF", "TAM": "TB",
    ]

    /// Normalises a code from any feed; `nil` for an empty or absent code (a free agent).
    public init?(normalizing raw: String?) {
        guard let raw else { return nil }
        let upper = raw.trimmingCharacters(in: .whitespaces).uppercased()
        guard !upper.isEmpty, upper.count <= 4, upper.allSatisfy({ $0.isLetter }) else { return nil }
        rawValue = Self.aliases[upper] ?? upper
    }

    /// A code Sideline normalised itself earlier (read back from its own store).
    public init(normalized rawValue: String) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let code = TeamCode(normalizing: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a team code: \(raw)"))
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: TeamCode, rhs: TeamCode) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}

import Foundation
