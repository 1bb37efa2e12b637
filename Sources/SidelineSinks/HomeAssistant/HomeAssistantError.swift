import SidelineCore

/// Why Home Assistant's service list could not be read. Each message says what to check;
/// none ever holds the token.
public enum HomeAssistantError: Error, Sendable, Hashable, CustomStringConvertible {
    /// HA answered 401 or 403: the token is wrong, expired or revoked.
    case unauthorized
    /// No answer: what the transport said, with HA's address (scheme, host and port only).
    case unreachable(String)
    /// An answer that is not HA's service list: the status or what was wrong with it.
    case unexpected(String)
    /// HA's address answered with a redirect (http → https, a proxy): `location` is the
    /// address to set `homeassistant.url` to (`HomeAssistantClient.configurable(location:requestURL:requestPath:)`).
    case redirected(status: Int, location: String?)

    public var description: String {
        switch self {
        case .unauthorized:
            "Home Assistant refused the access token (HTTP 401): make a long-lived access token in your Home Assistant profile and set homeassistant.token to it"
        case .unreachable(let reason):
            "could not reach Home Assistant (\(reason)): check homeassistant.url and that Home Assistant is running"
        case .unexpected(let what):
            "Home Assistant's service list could not be read (\(what)): check that homeassistant.url is the address you open Home Assistant at"
        case .redirected(let status, let location):
            Messages.HomeAssistant.redirected(status: status, location: location)
        }
    }
}
