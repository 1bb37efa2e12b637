import SidelineDeviceClient

/// What ActivityKit hands the app, as the token reporter's events.
protocol ActivityEventSource: Sendable {
    /// Runs until the consuming task ends.
    func events() -> AsyncStream<TokenReportingEvent>
}
