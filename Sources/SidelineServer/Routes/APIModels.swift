import Foundation
import SidelineActivity
import SidelineCore
import SidelineEngine

// Response bodies. JSON keys are camelCase like the Live Activity content state the app
// already decodes; `docs/openapi.json` describes each one.

struct PairingResponse: Encodable {
    let deviceId: String
    /// Shown once: only its hash is kept.
    let deviceSecret: String
    let sleeperUserId: String
    let name: String
    let environment: String
}

struct MyActivities: Encodable {
    struct Item: Encodable {
        let activityId: String
        /// The registration's handle; a person activity's attributes' `person:<Sleeper user id>`.
        let registrationId: String
        let phase: String
        /// The person swiped it away on this device: nothing more is pushed to it here.
        let dismissed: Bool
        let attributes: LiveActivityAttributes
        let contentState: LiveActivityContentState
    }
    let activities: [Item]
    /// When to ask again, chosen by the server.
    let retryAfterMs: Int
}

struct RegistrationBody: Encodable {
    let id: String
    let sleeperUserId: String
    let username: String
    let displayName: String
    let leagueId: String
    let leagueName: String
    let rosterId: Int
    let season: String
    let timeZone: String?
    let locale: String?
    let note: String?

    init(_ r: Registration) {
        id = r.handle
        sleeperUserId = r.sleeperUserID
        username = r.username
        displayName = r.displayName
        leagueId = r.leagueID
        leagueName = r.leagueName
        rosterId = r.rosterID
        season = r.season
        timeZone = r.timeZone
        locale = r.locale
        note = r.followNote
    }
}

struct RegistrationList: Encodable {
    let registrations: [RegistrationBody]
}

struct RegistrationsAdded: Encodable {
    struct Item: Encodable {
        let registration: RegistrationBody
        /// It was registered before this request (registering is idempotent).
        let existed: Bool
    }
    let registrations: [Item]
    /// Leagues of the user's that were skipped (no roster in them), one line each.
    let skipped: [String]
}

struct RegistrationRemoved: Encodable {
    let removed: String
    let endedActivities: Int
}

struct Health: Encodable {
    let status: String
}

struct Readiness: Encodable {
    let status: String
    let database: String
    let lastPassAt: String?
    /// Why not ready, as a code: `database`, `no_pass`, `pass_too_old` or `pass_failed`.
    let reason: String?
    let problem: String?
}
