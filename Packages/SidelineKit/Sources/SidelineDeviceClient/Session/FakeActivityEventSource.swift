/// For previews, the simulator without pushes and tests: the events it was given, then
/// nothing. Each call to ``events()`` is a new stream, as each of ActivityKit's is.
public struct FakeActivityEventSource: ActivityEventSource {
    public var scripted: [TokenReportingEvent]

    public init(scripted: [TokenReportingEvent] = []) {
        self.scripted = scripted
    }

    public func events() -> AsyncStream<TokenReportingEvent> {
        AsyncStream { continuation in
            for event in scripted { continuation.yield(event) }
            // Left open, as ActivityKit's sequences are: the consumer's task ends it.
        }
    }
}
