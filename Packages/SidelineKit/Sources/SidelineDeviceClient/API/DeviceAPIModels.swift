import SidelineActivity

/// `POST /v1/devices`'s body (`PairingRequest` in `docs/openapi.json`).
public struct PairingRequest: Codable, Hashable, Sendable {
    /// The code as the server normalises it (``PairingCode``).
    public let code: String
    public let environment: APNsEnvironment
    /// A label for `sideline devices list`, e.g. "Alex's iPhone".
    public let name: String?
    /// ActivityKit's push-to-start token in hex, when iOS has handed one over already.
    public let pushToStartToken: String?

    public init(code: String, environment: APNsEnvironment, name: String?, pushToStartToken: String?) {
        self.code = code
        self.environment = environment
        self.name = name
        self.pushToStartToken = pushToStartToken
    }
}

/// `POST /v1/devices`'s answer: the secret is shown once, so it goes to the ``SecretStore``.
public struct PairingResponse: Codable, Hashable, Sendable {
    public let deviceId: String
    public let deviceSecret: String
    public let sleeperUserId: String
    public let name: String
    public let environment: APNsEnvironment
}

/// `GET /v1/me/activities`: the current display states of this device's user.
public struct MyActivities: Codable, Hashable, Sendable {
    public let activities: [ActivityState]
    /// How long the server asks the app to wait before asking again.
    public let retryAfterMs: Int

    public init(activities: [ActivityState], retryAfterMs: Int) {
        self.activities = activities
        self.retryAfterMs = retryAfterMs
    }
}

/// One running activity, exactly as it was last pushed.
public struct ActivityState: Codable, Hashable, Sendable, Identifiable {
    public let activityId: String
    /// The registration's id; a person's activity's `person:<Sleeper user id>`.
    public let registrationId: String
    /// `live` or `grace`: for styling only.
    public let phase: LiveActivityPhase
    /// Swiped away on this device: nothing more is pushed to it here.
    public let dismissed: Bool
    public let attributes: LiveActivityAttributes
    public let contentState: LiveActivityContentState

    public var id: String { activityId }

    /// A person's activity (one Lock Screen across their leagues, schema 3): its leagues as
    /// rows, in the server's order; `nil` for one league's activity (or a server before 3).
    public var personLeagues: [LiveActivityLeagueRow]? {
        attributes.scope == .person || contentState.scope == .person ? contentState.leagues ?? [] : nil
    }

    public init(activityId: String, registrationId: String, phase: LiveActivityPhase, dismissed: Bool,
                attributes: LiveActivityAttributes, contentState: LiveActivityContentState) {
        self.activityId = activityId
        self.registrationId = registrationId
        self.phase = phase
        self.dismissed = dismissed
        self.attributes = attributes
        self.contentState = contentState
    }
}

/// `PUT /v1/devices/{id}/push-to-start-token`'s body.
struct PushToStartTokenRequest: Codable, Sendable {
    let token: String
    let environment: APNsEnvironment
}

/// `PUT /v1/activities/{activity}/token`'s body.
struct ActivityTokenRequest: Codable, Sendable {
    let token: String
}

/// The server's error envelope, `{"error": {"code", "message"}}`.
struct ErrorEnvelope: Decodable, Sendable {
    struct Body: Decodable, Sendable {
        let code: String
        let message: String
    }
    let error: Body
}
