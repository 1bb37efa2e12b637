import Foundation

/// Which APNs service a device token belongs to. A token is valid in exactly one of them
/// (a development build's token is a sandbox token), so it is stored with the token and
/// each request names it: sending to the other one answers `400 BadDeviceToken`.
public enum APNsEnvironment: String, Sendable, Hashable, Codable, CaseIterable {
    case sandbox
    case production

    /// Apple's host for this environment, port 443. Tests and proxies override it through
    /// ``APNsConfiguration/baseURLOverrides``.
    public var defaultBaseURL: URL {
        switch self {
        case .sandbox: URL(string: "https://api.sandbox.push.apple.com")!
        case .production: URL(string: "https://api.push.apple.com")!
        }
    }
}
