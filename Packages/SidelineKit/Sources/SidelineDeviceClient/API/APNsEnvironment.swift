/// Which APNs host the server must use for this build's tokens: a token works only on its
/// own environment's host.
public enum APNsEnvironment: String, Codable, Hashable, Sendable, CaseIterable {
    /// Builds run from Xcode (the `aps-environment` entitlement is `development`).
    case sandbox
    /// TestFlight and App Store builds.
    case production

    /// The environment of a build: Debug is signed for development, so its tokens are
    /// sandbox tokens; Release (TestFlight, App Store) is signed for distribution. The app
    /// passes its own `#if DEBUG`, because a package's `DEBUG` flag follows the package's
    /// build, not necessarily the app's.
    public static func forBuild(isDebug: Bool) -> APNsEnvironment {
        isDebug ? .sandbox : .production
    }
}
