import Foundation

/// Every user-facing string Sideline prints or pushes, in one place, in one voice.
/// (Log messages, developer errors and schema keys are not copy and live with their code.)
public enum Messages {
    /// The dry-run and demo timeline: one readable line per lifecycle event.
    public enum Timeline {
        public static func kindLabel(_ kind: LifecycleEventKind) -> String {
            switch kind {
            case .start: "START "
            case .update: "UPDATE"
            case .end: "END   "
            }
        }

        public static func reasonLabel(_ reason: LifecycleReason) -> String {
            switch reason {
            case .kickoff: "kickoff"
            case .points: "points"
            case .players: "players"
            case .resumed: "resumed"
            case .graceExpired: "grace over"
            case .rollover: "rollover"
            case .removed: "removed"
            }
        }

        public static func line(clock: String, kind: LifecycleEventKind, reason: LifecycleReason, registration: String, username: String, leagueName: String, week: Int, headline: String, detail: String) -> String {
            "\(clock)  \(kindLabel(kind))  #\(registration) \(username) · \(leagueName) wk \(week) — \(reasonLabel(reason)) — \(headline) · \(detail)"
        }
    }
}

extension Messages {
    /// Registration outcomes and problems, as `sideline users …` prints them.
    public enum Registration {
        public static func notRenewed(league: String, season: String) -> String {
            "\(league) was not renewed for \(season) (no \(season) league points back to it)"
        }

        public static func noRosterInRenewal(league: String, season: String) -> String {
            "\(league) was renewed for \(season), but this user has no roster in it"
        }
    }
}

extension Messages.Registration {
    public static func noLeagues(user: String, season: String) -> String {
        "\(user) has no NFL leagues on Sleeper for \(season)"
    }

    public static func notInLeague(user: String, league: String, id: String) -> String {
        "\(user) has no roster in \(league) (league \(id))"
    }

    public static let nothingToRegister = "nothing to register"

    public static func unknownRegistration(_ id: String) -> String {
        "no registration \(id) (see `sideline users list`)"
    }

    public static let budgetSpent = "Sleeper's call budget for this minute is spent; try again in a minute"

    public static func registered(_ handle: String, user: String, league: String, leagueID: String, roster: Int, season: String) -> String {
        "registered #\(handle): \(user) in \(league) (league \(leagueID), roster \(roster), season \(season))"
    }

    public static func alreadyRegistered(_ handle: String, user: String, league: String, leagueID: String) -> String {
        "already registered #\(handle): \(user) in \(league) (league \(leagueID))"
    }

    public static func removed(_ handle: String, user: String, league: String, endedActivities: Int) -> String {
        "removed #\(handle): \(user) in \(league)" + (endedActivities > 0 ? " (ended \(endedActivities) running activit\(endedActivities == 1 ? "y" : "ies"))" : "")
    }

    public static let noneRegistered = "no registrations yet: add one with `sideline users add <username> [--league <id>]`"
}

extension Messages {
    /// `sideline status` text.
    public enum Status {
        public static func header(at: String, week: String?) -> String {
            "Sideline status at \(at)" + (week.map { " — \($0)" } ?? " — no fantasy week (off-season or NFL state not fetched yet)")
        }

        public static let registrationsHeading = "Registrations"
        public static let noRegistrations = "  none: add one with `sideline users add <username> [--league <id>]`"

        public static func registration(_ handle: String, user: String, league: String, leagueID: String, lifecycle: String, dryRun: String, activity: String?, note: String?) -> String {
            var line = "  #\(handle) \(user) · \(league) (\(leagueID)) — \(lifecycle)"
            if dryRun != "idle" { line += ", dry run \(dryRun)" }
            if let activity { line += " · activity \(activity)" }
            if let note { line += "\n      ! \(note)" }
            return line
        }

        public static let pollsHeading = "Next polls"
        public static let noPolls = "  nothing scheduled"
        public static func poll(_ call: String, due: String) -> String { "  \(call) — \(due)" }

        public static func budget(used: Int, limit: Int) -> String { "Sleeper calls in the last minute — \(used) of \(limit)" }
        public static func backoff(_ scope: String, until: String) -> String { "Backing off \(scope) calls until \(until)" }
        public static let deliveriesHeading = "Deliveries"
        public static func deliveries(sink: String, status: String, count: Int) -> String { "  \(sink): \(count) \(status)" }
    }
}

extension Messages {
    /// `sideline demo` framing lines.
    public enum Demo {
        public static func header(league: String) -> String {
            "Replaying Sunday, November 22, 2026 (week 12) in \(league) — a fake Sleeper on 127.0.0.1, dry run, one pass per simulated minute"
        }

        public static func summary(passes: Int, calls: Int, busiestMinute: Int, events: Int, seconds: Double) -> String {
            "Done — \(passes) passes, \(calls) Sleeper calls (at most \(busiestMinute) in any minute), \(events) lifecycle events, in \(String(format: "%.1f", seconds)) s"
        }
    }
}
