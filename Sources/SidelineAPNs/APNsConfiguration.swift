import Foundation

/// What an ``APNsClient`` needs: the token-auth credentials from the Apple Developer portal,
/// the app's bundle id, and transport settings.
public struct APNsConfiguration: Sendable {
    /// The `.p8` key's id (`kid`).
    public var keyID: String
    /// The developer team id (`iss`).
    public var teamID: String
    /// The iOS app's bundle id; the topic is `<bundleID>.push-type.liveactivity`.
    public var bundleID: String
    public var signingKey: APNsSigningKey
    /// Replaces Apple's host for an environment (a test server, a relay);
    /// `/3/device/<token>` is appended to it.
    public var baseURLOverrides: [APNsEnvironment: URL]
    /// A PEM CA bundle to trust instead of the system store.
    public var caFile: String?
    /// Per request, connection setup included.
    public var timeout: TimeInterval
    /// When the provider token is re-signed; clamped to 20–60 minutes.
    public var tokenRefreshAge: TimeInterval

    public init(
        keyID: String, teamID: String, bundleID: String, signingKey: APNsSigningKey,
        baseURLOverrides: [APNsEnvironment: URL] = [:], caFile: String? = nil, timeout: TimeInterval = 10,
        tokenRefreshAge: TimeInterval = APNsProviderToken.defaultRefreshAge
    ) {
        self.keyID = keyID
        self.teamID = teamID
        self.bundleID = bundleID
        self.signingKey = signingKey
        self.baseURLOverrides = baseURLOverrides
        self.caFile = caFile
        self.timeout = timeout
        self.tokenRefreshAge = tokenRefreshAge
    }

    /// Where an environment's requests go.
    public func baseURL(for environment: APNsEnvironment) -> URL {
        baseURLOverrides[environment] ?? environment.defaultBaseURL
    }
}
