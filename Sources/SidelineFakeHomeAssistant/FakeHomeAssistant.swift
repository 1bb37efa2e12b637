import Foundation
import Hummingbird
import Logging
import SidelineLoopback

/// A Home Assistant look-alike on loopback for tests: the REST calls Sideline's Home
/// Assistant sink makes (`GET /api/`, `GET /api/services`, `POST /api/services/notify/<service>`)
/// with HA's bearer check and its plain-text 400/401 answers, `title` and `message` rendered
/// as templates, and each phone's Live Activities routed as HA core routes them
/// (``phone(_:)``), recording every call. Checked against a real HA core by
/// `scripts/ha-core-check` (ADR 032).
///
/// ```swift
/// let fake = FakeHomeAssistant(token: "t0ken", notifyServices: ["mobile_app_alex_iphone"])
/// let base = try await fake.start()          // http://127.0.0.1:<port>
/// fake.answer("mobile_app_alex_iphone", with: 503, retryAfter: "7")
/// …
/// #expect(fake.calls.count == 1)
/// await fake.stop()
/// ```
///
/// Settings, scripts and the call log are behind a lock, so they are read and changed
/// without `await`, even while requests are being served.
public actor FakeHomeAssistant {
    private nonisolated let state: FakeHomeAssistantState
    private let logger: Logger
    private var server: LoopbackServer?

    /// - Parameters:
    ///   - token: the one bearer token accepted.
    ///   - notifyServices: the notify services that exist, without `notify.`.
    ///   - clock: stamps each call's ``FakeHomeAssistantCall/receivedAt`` (a scripted day's clock).
    public init(
        token: String, notifyServices: Set<String>,
        clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "sideline.fake-homeassistant")
    ) {
        state = FakeHomeAssistantState(token: token, services: notifyServices, clock: clock)
        var quiet = logger
        quiet.logLevel = .warning
        self.logger = quiet
    }

    /// Every call so far, oldest first, whatever it was answered.
    public nonisolated var calls: [FakeHomeAssistantCall] { state.calls }

    /// The notify calls to `service` so far, oldest first.
    public nonisolated func calls(to service: String) -> [FakeHomeAssistantCall] {
        state.calls.filter { $0.service == service }
    }

    /// The next calls to `service` are answered `statuses`, in order (with `Retry-After:
    /// retryAfter` when given), whatever their token or body; then as usual.
    public nonisolated func answer(_ service: String, with statuses: Int..., retryAfter: String? = nil) {
        state.script(service, statuses.map { FakeHomeAssistantReply(status: $0, retryAfter: retryAfter) })
    }

    /// Replaces the notify services that exist (a phone added or removed in HA).
    public nonisolated func setNotifyServices(_ services: Set<String>) { state.setServices(services) }

    /// Replaces the accepted token (the old one revoked).
    public nonisolated func setToken(_ token: String) { state.setToken(token) }

    /// What the phone behind `service` got, routed as HA core does: its Live Activities by
    /// tag, its ordinary notifications, and the relay's count per UTC day.
    public nonisolated func phone(_ service: String) -> FakeHomeAssistantPhone { state.phone(service) }

    /// From now on every request is answered `status` (301, 308, …) with `Location:` the same
    /// path at `base`, as a proxy that moves HA to https does; `nil` stops it.
    public nonisolated func redirect(to base: URL?, status: Int = 301) {
        state.setRedirect(base.map { ($0, status) })
    }

    /// Binds `127.0.0.1` on a free port and returns the base URL once it accepts connections.
    public func start() async throws -> URL {
        if let server { return server.baseURL }
        let server = try await LoopbackServer.start(name: "FakeHomeAssistant", responder: FakeHomeAssistantResponder(state: state), logger: logger)
        self.server = server
        return server.baseURL
    }

    /// Stops serving and waits until the port is closed.
    public func stop() async {
        await server?.stop()
        server = nil
    }
}
