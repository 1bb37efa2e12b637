import Foundation
import SidelineCore
import SidelineStore
import SidelineDelivery

/// What `sideline status` shows.
public struct StatusReport: Codable, Sendable {
    public struct RegistrationStatus: Codable, Sendable {
        public let registration: String
        public let username: String
        public let leagueID: String
        public let leagueName: String
        public let season: String
        /// `idle`, `live` or `grace` for real passes, and the same for dry runs.
        public let lifecycle: String
        public let dryRunLifecycle: String
        public let activity: String?
        public let note: String?
        /// The open activity's win chance as its phone shows it (`"62% to win"`), when known.
        public let winChance: String?
        /// `person` or `league` (ADR 039): with `person`, the activity is the person's (`people`).
        public var scope: ActivityScope?

        enum CodingKeys: String, CodingKey {
            case registration, username, season, lifecycle, activity, note, scope
            case winChance = "win_chance"
            case leagueID = "league_id"
            case leagueName = "league_name"
            case dryRunLifecycle = "dry_run_lifecycle"
        }
    }

    /// A person-scope user and their activity across leagues (ADR 039).
    public struct PersonStatus: Codable, Sendable {
        public let sleeperUserID: String
        public let username: String
        /// `idle`, `live` or `grace` (real passes).
        public let lifecycle: String
        public let activity: String?
        /// The leagues the open activity shows (all the user's leagues while idle).
        public let leagues: [String]
        /// The highlighted league's name, while open.
        public let highlight: String?
        /// The league pinned with `users scope --pin`, if any.
        public let pinned: String?

        enum CodingKeys: String, CodingKey {
            case username, lifecycle, activity, leagues, highlight, pinned
            case sleeperUserID = "sleeper_user_id"
        }
    }

    public struct DuePoll: Codable, Sendable {
        public let call: String
        public let due: String
    }

    public struct Deliveries: Codable, Sendable {
        public let sink: String
        public let status: String
        public let count: Int
    }

    /// The budget in use and what it buys: live leagues and how fresh their scores are.
    public struct Polling: Codable, Sendable {
        /// Calls a minute the scheduler may use now (its share, under any push-back).
        public let schedulerBudget: Int
        public let registrationHeadroom: Int
        /// 100 unless Sleeper pushed back recently.
        public let budgetPercent: Int
        /// Leagues with a live or grace activity, and those registrations.
        public let liveLeagues: Int
        public let liveRegistrations: Int
        /// The refresh interval the budget allows at this load (never below 60 s).
        public let refreshSeconds: Int
        /// Age of the live leagues' scores now, median and worst; `nil` with nothing live.
        public let freshnessMedianSeconds: Int?
        public let freshnessWorstSeconds: Int?
        /// Calls due now that the budget makes wait.
        public let waitingCalls: Int

        enum CodingKeys: String, CodingKey {
            case schedulerBudget = "scheduler_budget"
            case registrationHeadroom = "registration_headroom"
            case budgetPercent = "budget_percent"
            case liveLeagues = "live_leagues"
            case liveRegistrations = "live_registrations"
            case refreshSeconds = "refresh_seconds"
            case freshnessMedianSeconds = "freshness_median_seconds"
            case freshnessWorstSeconds = "freshness_worst_seconds"
            case waitingCalls = "waiting_calls"
        }
    }

    /// One Home Assistant notify service: today's allowance as the sink spends it.
    public struct HomeAssistantTarget: Codable, Sendable {
        public let service: String
        /// Starts and updates sent today (UTC day) to this service, by every device on it.
        public let usedToday: Int
        public let allowance: Int
        /// The gap between routine updates now; `nil` once only the reserve is left.
        public let spacingSeconds: Int?
        public let pausedUntil: String?
        /// Home Assistant refused the target (400): its message.
        public let refused: String?

        enum CodingKeys: String, CodingKey {
            case service, allowance, refused
            case usedToday = "used_today"
            case spacingSeconds = "spacing_seconds"
            case pausedUntil = "paused_until"
        }
    }

    public let at: String
    public let week: String?
    public let registrations: [RegistrationStatus]
    public let nextPolls: [DuePoll]
    public let callsLastMinute: Int
    public let callBudget: Int
    public let polling: Polling
    public let backoff: [String: String]
    public let deliveries: [Deliveries]
    /// Home Assistant targets (empty unless the sink is on).
    public let homeAssistant: [HomeAssistantTarget]
    /// A sink-wide problem to fix (Home Assistant refused the token).
    public let sinkProblems: [String]
    /// Where live points come from: the stats feed, or the matchups alone and why (ADR 029);
    /// `nil` when no stats feed is wired.
    public var livePoints: String?
    /// Where game statuses come from: Sleeper's scores feed, or ESPN and why (ADR 030).
    public var gameStatuses: String?
    /// The configuration file this process read (`nil`: none, as with `SIDELINE_CONFIG=none`)
    /// and the database it used: two setups on one machine are told apart by these.
    public var configurationFile: String?
    public var database = ""
    /// Each sink's last credentials check (ADR 033); empty before the first. Optional only
    /// so a report saved before it existed still decodes; `status` always sets it.
    public var sinks: [SinkCredentials]?
    /// "Is it working?": the last pass and the verdict from it (ADR 035).
    public var working: Working?
    /// Person-scope users, one line each (ADR 039). Optional so older reports decode.
    public var people: [PersonStatus]?
    /// Said while users from before the person scope still get one activity per league.
    public var scopeNote: String?
    /// This poller's `cluster.egress`, whose budget the call counts above are; `nil` (and
    /// absent from the JSON) when none is set.
    public var egress: String?
    /// Every poller sharing this store, when several do (issue 32); `nil` (and absent from
    /// the JSON) for a SQLite store or while no poller heartbeats into the PostgreSQL one.
    public var cluster: Cluster?

    enum CodingKeys: String, CodingKey {
        case at, week, registrations, backoff, deliveries, polling, database, sinks, working, people, egress, cluster
        case scopeNote = "scope_note"
        case configurationFile = "configuration_file"
        case livePoints = "live_points"
        case gameStatuses = "game_statuses"
        case homeAssistant = "homeassistant"
        case sinkProblems = "sink_problems"
        case nextPolls = "next_polls"
        case callsLastMinute = "calls_last_minute"
        case callBudget = "call_budget"
    }
}
