import Foundation

extension Messages {
    /// Copy for a person's activity: one Lock Screen across all their leagues (issue 30).
    public enum Person {
        /// The attributes' title, `"Alex · all leagues"`: fixed for the activity's life, so it
        /// names no count that a later kickoff would make wrong (the summary line counts).
        public static func title(name: String) -> String { "\(name) · all leagues" }
        /// The attributes' league name for a person.
        public static let allLeagues = "All leagues"
        /// The attributes' subtitle: `"Week 12"`.
        public static func subtitle(week: Int) -> String { "Week \(week)" }
        /// `"1 league"`, `"6 leagues"`.
        public static func leagueCount(_ count: Int) -> String { count == 1 ? "1 league" : "\(count) leagues" }

        /// Names which league a legacy line is about: `"Dynasty Bros: Playing now — …"`.
        public static func inLeague(_ league: String, _ text: String) -> String { "\(league): \(text)" }

        /// Stands for the registration in a person event's timeline line: `#person alex · …`.
        public static let timelineTag = "person"

        /// The leagues not listed as rows: `"+2 more"`.
        public static func more(_ count: Int) -> String { "+\(count) more" }

        /// One row in the terminal preview: `"Dynasty Bros: 87.4 – 72.1 Up 15.3"`.
        public static func previewRow(_ league: String, score: String, status: String) -> String { "\(league): \(score) \(status)" }

        // MARK: Summary

        /// `"Up in 4 · Down in 2"`: each part only when its count is not zero, results first.
        public static func summary(won: Int, lost: Int, tied: Int, up: Int, down: Int, level: Int, noOpponent: Int) -> String {
            let parts = [
                won > 0 ? "Won \(won)" : nil,
                lost > 0 ? "Lost \(lost)" : nil,
                tied > 0 ? "Tied \(tied)" : nil,
                up > 0 ? "Up in \(up)" : nil,
                down > 0 ? "Down in \(down)" : nil,
                level > 0 ? "Tied in \(level)" : nil,
                noOpponent > 0 ? "No opponent in \(noOpponent)" : nil,
            ].compactMap { $0 }
            return parts.isEmpty ? noLeagues : Display.joined(parts)
        }
        /// A person activity with no league left to show (its last was removed).
        public static let noLeagues = "No leagues playing"

        // MARK: Alerts

        /// A start: `"Kickoff — 3 leagues, 4 playing"`.
        public static func startBody(leagues: Int, playing: Int) -> String {
            "Kickoff — \(leagueCount(leagues)), \(playing) playing"
        }
        /// A late lead change in one league: `"Dynasty Bros: In front late — 98.1 – 97.3"`.
        public static func lateLeadChange(league: String, body: String) -> String { inLeague(league, body) }
        /// The person's last final: the summary of every league, e.g. `"Won 4 · Lost 2"`.
        public static func finalBody(_ summary: String) -> String { "Final — \(summary)" }
    }
}
