/// What ActivityKit hands the app, what the person did with pairing, and what became of the
/// calls the ``TokenReportingMachine`` asked for.
public enum TokenReportingEvent: Hashable, Sendable {
    /// `Activity<LiveActivityAttributes>.pushToStartTokenUpdates` yielded a token (hex).
    case pushToStartTokenChanged(String)
    /// A push-started activity appeared (`Activity.activityUpdates`); the id is its
    /// attributes' `activity`, the server's id.
    case activityAppeared(activity: String)
    /// That activity's `pushTokenUpdates` yielded a token (hex).
    case activityTokenChanged(activity: String, token: String)
    /// That activity's `activityStateUpdates` yielded a state.
    case activityStateChanged(activity: String, state: ActivityLifecycle)
    /// Pairing succeeded; `sentPushToStartToken` is the token the pairing call carried.
    case paired(sentPushToStartToken: String?)
    /// The person unpaired (the secret is wiped): nothing is reported until paired again.
    case unpaired
    /// The app launched, came to the foreground or was woken in the background: the only
    /// moments a suspended app can retry, since it cannot run timers.
    case woke
    /// The server accepted a report.
    case reportSucceeded(TokenReport)
    /// A report did not go through.
    case reportFailed(TokenReport, ReportFailure)
}

/// ActivityKit's `ActivityState`, mirrored so the machine builds on Linux.
public enum ActivityLifecycle: String, Codable, Hashable, Sendable {
    case active, stale, ended, dismissed
}

/// A call the machine wants made.
public enum TokenReport: Codable, Hashable, Sendable {
    /// `PUT /v1/devices/{id}/push-to-start-token`
    case pushToStartToken(String)
    /// `PUT /v1/activities/{activity}/token`
    case activityToken(activity: String, token: String)
    /// `POST /v1/activities/{activity}/dismissed`
    case dismissal(activity: String)
}

/// Why a report did not go through, as far as the machine cares.
public enum ReportFailure: Hashable, Sendable {
    /// Unreachable, 5xx or 429: keep it and send it on the next wake.
    case transient
    /// The server will never take it (400, 403, 404): drop it.
    case rejected
    /// The device secret no longer works (401): the device was removed on the server.
    case unauthorized

    /// How the reporter reads a ``DeviceAPIError``.
    public init(_ error: DeviceAPIError) {
        if error == .unauthorized { self = .unauthorized } else { self = error.isTransient ? .transient : .rejected }
    }
}

/// What the machine asks its driver to do.
public enum TokenReportingAction: Hashable, Sendable {
    /// Make this call, then feed its outcome back.
    case send(TokenReport)
    /// The server no longer knows this device: show onboarding (asked once).
    case pairAgain
}
