import Foundation

extension Messages {
    /// `sideline healthcheck`: one line, for a person or a container's health log.
    public enum Healthcheck {
        public static func healthy(_ url: String) -> String { "healthy: \(url) answered 200" }
        public static func unhealthy(_ url: String, status: Int) -> String { "unhealthy: \(url) answered HTTP \(status)" }
        public static func unreachable(_ reason: String) -> String {
            "unhealthy: \(reason) (is `sideline run` or `sideline serve` running with this configuration?)"
        }
        public static let anyPort = "server.port is 0 (any free port, known only to the running server): set a fixed port to check it"
    }
}
