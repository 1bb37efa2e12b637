import Foundation

extension Messages {
    /// `sideline users scope`, `users list` and `status` on activity scopes (ADR 039).
    public enum Scope {
        public static func unknownUser(_ user: String) -> String {
            "no registered user \(user): `sideline users list` shows who is registered"
        }

        public static func set(_ username: String, scope: ActivityScope, leagues: Int, pinned: String?) -> String {
            let what = switch scope {
            case .person: "one Live Activity across \(leagues == 1 ? "their league" : "their \(leagues) leagues")" + (pinned.map { ", highlighting \($0)" } ?? "")
            case .league: "one Live Activity per league (\(leagues == 1 ? "1 league" : "\(leagues) leagues"))"
            }
            return "\(username): \(scope.rawValue) scope — \(what)"
        }

        public static func waitsForOpen(_ username: String, open: Int) -> String {
            "\(username) has \(open == 1 ? "an activity" : "\(open) activities") open now: the change takes effect when \(open == 1 ? "it ends" : "they end")"
        }

        public static func pinNotRegistered(_ leagueID: String, username: String) -> String {
            "\(username) is not registered in league \(leagueID): pin one of their leagues (`sideline users list`)"
        }

        public static let pinNeedsPerson = "--pin applies to the person scope only"

        /// `status`, once, when users who exist from before the person scope are still per league.
        public static func optionExists(_ users: Int) -> String {
            "\(users == 1 ? "1 user gets" : "\(users) users get") one Live Activity per league; `sideline users scope <username> person` gives a user one across all their leagues"
        }

        public static let peopleHeading = "People (one activity across their leagues)"

        /// The status page's people table.
        public static let peopleColumns = ["Person", "Lifecycle", "Activity", "Leagues"]
        public static func highlighting(_ league: String) -> String { "highlighting \(league)" }

        /// `status`: a person-scope user's line.
        public static func person(_ username: String, lifecycle: String, activity: String?, leagues: [String], highlight: String?, pinned: String?) -> String {
            var line = "  \(username) — \(lifecycle)"
            if let activity { line += " · activity \(activity)" }
            line += " · \(leagues.isEmpty ? "no league" : leagues.joined(separator: ", "))"
            if let highlight { line += " · \(highlighting(highlight))" }
            if let pinned { line += " (pinned \(pinned))" }
            return line
        }

        /// `users list` and `status`: a user's scope in a few words.
        public static func label(_ scope: ActivityScope) -> String {
            switch scope {
            case .person: "person"
            case .league: "per league"
            }
        }
    }
}
