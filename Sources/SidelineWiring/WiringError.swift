/// A failure of the wiring or of what runs on it (the daemon loop, the API server, the demo),
/// typed by what went wrong so the CLI can map it to its documented exit code. The message
/// is the one line the CLI prints after `sideline: `.
public struct WiringError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// Refused input, or something outside Sideline said no (exit 1).
        case refused
        /// The database could not be opened, read or written (exit 74).
        case database
        /// Another pass holds the database's pass lock (exit 75).
        case locked
        /// The configuration names something that cannot be built or used (exit 78).
        case configuration
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
