import SidelineDeviceClient

/// For previews and the simulator without pushes: the events it was given, then nothing.
struct FakeActivityEventSource: ActivityEventSource {
    var scripted: [TokenReportingEvent] = []

    func events() -> AsyncStream<TokenReportingEvent> {
        AsyncStream { continuation in
            for event in scripted { continuation.yield(event) }
            // Left open, as ActivityKit's sequences are: the consumer's task ends it.
        }
    }
}
