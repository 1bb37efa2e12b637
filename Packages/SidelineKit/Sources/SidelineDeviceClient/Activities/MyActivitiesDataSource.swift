import Observation

/// This device's user's running activities (`GET /v1/me/activities`): the cached list at
/// once, then the server's, polled at the server's `retryAfterMs`.
@MainActor @Observable
public final class MyActivitiesDataSource: DataSource {
    public private(set) var data: MyActivities?
    public private(set) var problem: String?

    @ObservationIgnored private let api: any DeviceAPI
    @ObservationIgnored private let credentials: @Sendable () async throws -> DeviceCredentials?
    @ObservationIgnored private let cache: any ValueStore<MyActivities>
    @ObservationIgnored private let clock: any Clock<Duration>

    /// Before a first answer, or after a failed one, polling waits this long.
    public static let fallbackInterval = Duration.seconds(60)

    public init(api: any DeviceAPI, credentials: @escaping @Sendable () async throws -> DeviceCredentials?,
                cache: any ValueStore<MyActivities>, clock: any Clock<Duration> = ContinuousClock()) {
        self.api = api
        self.credentials = credentials
        self.cache = cache
        self.clock = clock
    }

    /// How long to wait before the next refresh: what the server asked for, never less
    /// than its documented floor of one second.
    public var nextInterval: Duration {
        guard let data, problem == nil else { return Self.fallbackInterval }
        return .milliseconds(max(data.retryAfterMs, 1_000))
    }

    public func loadCached() async {
        guard data == nil else { return }
        data = try? await cache.load()
    }

    public func refresh() async {
        do {
            guard let device = try await credentials() else {
                problem = DeviceAPIError.unauthorized.errorDescription
                return
            }
            let fresh = try await api.myActivities(as: device)
            data = fresh
            problem = nil
            try? await cache.save(fresh)
        } catch {
            problem = (error as? DeviceAPIError)?.errorDescription ?? "\(error)"
        }
    }

    public func poll() async {
        await loadCached()
        while !Task.isCancelled {
            await refresh()
            do { try await clock.sleep(for: nextInterval) } catch { return }
        }
    }
}
