/// Every user-facing string Sideline writes, in one place.
///
/// Voice: a fan watching with friends. Understated; `!` only for rare moments; an em dash
/// between a description and its figures (`"Up 15.3 — 87.4 – 72.1"`); no clichés. Figures
/// arrive here already formatted; this file only arranges words around them.
public enum Messages {
    /// Copy for the Live Activity: content state, attributes and push alerts.
    public enum Display {
        // MARK: Scores

        /// `"87.4 – 72.1"` (en dash between the two scores).
        public static func scoreLine(mine: String, theirs: String) -> String { "\(mine) – \(theirs)" }
        public static func up(_ margin: String) -> String { "Up \(margin)" }
        public static func down(_ margin: String) -> String { "Down \(margin)" }
        public static let tied = "Tied"
        /// Margin when there is no head-to-head opponent.
        public static let noOpponent = "No opponent this week"
        /// Margin when the only game is against the league median.
        public static let medianOnly = "Playing the league median"
        public static let medianNote = "Plus a game against the league median"
        /// Short words for the expanded trailing region without an opponent.
        public static let byeShort = "Bye"
        public static let medianShort = "Median"

        // MARK: Results

        public static func won(_ scoreLine: String) -> String { "Won \(scoreLine)" }
        public static func lost(_ scoreLine: String) -> String { "Lost \(scoreLine)" }
        public static func tiedResult(_ scoreLine: String) -> String { "Tied \(scoreLine)" }
        public static let wonShort = "Won"
        public static let lostShort = "Lost"
        /// Result words only come once both lineups are done; until then, say who is left.
        public static func myStartersDone(_ scoreLine: String, theyHave: Int) -> String {
            "Your starters are done — \(scoreLine), they have \(theyHave) to play"
        }
        public static func theyHave(_ count: Int) -> String { "They have \(count) to play" }
        /// The registration's starters are done and there is no opponent to wait for.
        public static func doneForTheWeek(_ score: String) -> String { "Done for the week — \(score)" }
        public static let done = "Done"

        // MARK: Players

        /// `"3 playing · 2 to play · 4 done"`.
        public static func playersLine(playing: Int, toPlay: Int, done: Int) -> String {
            "\(playing) playing · \(toPlay) to play · \(done) done"
        }
        public static func playingCount(_ count: Int) -> String { "\(count) playing" }
        public static let noStarters = "No starters set"
        public static let nobodyPlayingThisWeek = "Nobody playing this week"
        /// `"P. Mahomes 24.3"`.
        public static func performer(name: String, points: String) -> String { "\(name) \(points)" }
        public static let performerSeparator = " · "
        public static func playingNow(_ performers: String) -> String { "Playing now — \(performers)" }
        public static func betweenGames(next: String) -> String { "Between games — \(next)" }
        public static let allDone = "All your starters are done"
        public static let bothDone = "Both lineups are done"
        /// Labels the opponent's players line: `"Opponent — 1 playing · 1 to play · 2 done"`.
        public static let opponent = "Opponent"
        public static let nobodyPlaying = "Nobody playing right now"
        public static let defenseSuffix = "D/ST"
        public static let unnamedTeam = "Unnamed team"
        public static let unknownPlayer = "Unknown player"
        /// Joins a description and its figures: `"Up 15.3 — 87.4 – 72.1"`.
        public static func withFigures(_ description: String, _ figures: String) -> String {
            "\(description) — \(figures)"
        }
        /// Joins short parts of one line: `"3 playing · 2 to play · 4 done · as of 2:14 PM"`.
        public static func joined(_ parts: [String]) -> String { parts.joined(separator: " · ") }

        // MARK: Time

        /// `"next: 4:25 PM"`.
        public static func next(_ time: String) -> String { "next: \(time)" }
        /// `"as of 2:14 PM"`.
        public static func asOf(_ time: String) -> String { "as of \(time)" }
        /// Shown when the system marks the activity stale: honest about what we know.
        public static func stale(since time: String) -> String { "Scores may be behind — last update \(time)" }

        // MARK: Attributes

        /// `"Gridiron Gang vs Taco Tuesday"`.
        public static func title(mine: String, theirs: String) -> String { "\(mine) vs \(theirs)" }
        public static func titleWithoutOpponent(mine: String) -> String { mine }
        /// `"Dynasty Bros · Week 12"`.
        public static func subtitle(league: String, week: Int) -> String { "\(league) · Week \(week)" }

        // MARK: Alerts

        /// The quiet alert a push-to-start must carry.
        public static func startBody(playing: Int, toPlay: Int) -> String {
            "Kickoff — \(playing) playing, \(toPlay) to play"
        }
        /// A rollover's start: the same activity, carried on past Apple's 8-hour limit.
        public static func continuedBody(_ scoreLine: String) -> String { "Still following — \(scoreLine)" }
        /// Late lead change: they were ahead, now we are.
        public static func backInFront(_ scoreLine: String) -> String { "In front late — \(scoreLine)" }
        /// Late lead change: we were ahead, now they are.
        public static func fellBehind(_ scoreLine: String) -> String { "Behind late — \(scoreLine)" }

        /// Labels for the plain-text preview `sideline demo` and `--dry-run` print.
        public enum Preview {
            public static let lockScreen = "Lock Screen"
            public static let island = "Island"
            public static let compact = "compact"
            public static let minimal = "minimal"
            public static let expanded = "expanded"
            public static let watch = "Watch"
            public static let stale = "If stale"
        }
    }
}
