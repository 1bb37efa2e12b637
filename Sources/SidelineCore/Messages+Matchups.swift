import Foundation

extension Messages {
    /// Matchups answers that cannot stand for the lineups they claim to be, in logs and
    /// pass reports.
    public enum Matchups {
        /// Why an answer proves no lineup lock, and what the scheduler does about it.
        public static func unusable(league: String, week: Int, problem: SnapshotProblem) -> String {
            let kept = problem.keepsAnswer
                ? "kept for the registrations it shows; asked again each minute while a game is on"
                : "not kept; asked again each minute while a game is on"
            return "matchups \(league) week \(week): \(describe(problem)) — \(kept)"
        }

        public static func describe(_ problem: SnapshotProblem) -> String {
            switch problem {
            case .empty: "Sleeper answered [] (no rosters)"
            case .unusablePoints(let roster, let value): "roster \(roster) has an unusable points figure (\(value); a figure is finite and within ±\(Int(SnapshotUsability.pointsBound)))"
            case .missingRoster(let roster): "registered roster \(roster) is not in the answer"
            case .noStarters(let roster): "registered roster \(roster) has no lineup slots in the answer"
            }
        }
    }
}
