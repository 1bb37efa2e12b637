/// What ActivityKit hands the app, as the token reporter's events. The app's real source
/// is ActivityKit glue (Apps/); ``FakeActivityEventSource`` serves previews and tests.
public protocol ActivityEventSource: Sendable {
    /// Runs until the consuming task ends.
    func events() -> AsyncStream<TokenReportingEvent>
}
