import Foundation
import SidelineCore

/// One stats or projections call: its path, its query, and how it is logged.
struct StatFeedRequest: Hashable {
    let kind: StatFeedKind
    let season: String
    let seasonType: SeasonType
    let week: Int
    let positions: [String]

    var callKind: SleeperCall.Kind {
        switch kind {
        case .stats: .stats
        case .projections: .projections
        }
    }

    var path: String { "/\(kind.rawValue)/nfl/\(season)/\(week)" }

    /// `season_type`, then one `position[]` per position, in the order asked.
    var query: [(name: String, value: String)] {
        [("season_type", seasonType.rawValue)] + positions.map { ("position[]", $0) }
    }

    /// The path and its query as a person reads them, for the call log.
    var loggedPath: String {
        path + "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// Every name and value is percent-encoded down to RFC 3986's unreserved characters:
    /// `URLComponents.queryItems` would leave `+` (read as a space by some servers), `[`
    /// and `]` as they are.
    func url(base: URL) -> URL {
        let text = base.absoluteString.trimmingSuffix("/") + path
        guard var components = URLComponents(string: text) else { return base }
        components.percentEncodedQueryItems = query.map {
            URLQueryItem(name: Self.encode($0.name), value: Self.encode($0.value))
        }
        return components.url ?? base
    }

    static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
