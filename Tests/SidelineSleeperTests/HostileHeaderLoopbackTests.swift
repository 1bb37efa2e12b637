import Foundation
import SidelineCore
import SidelineCurl
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("Hostile Retry-After and Date headers through the real HTTP client")
struct HostileHeaderLoopbackTests {
    /// `Retry-After` and `Date` pairs a broken or hostile server has sent, or could.
    static let hostile: [(retryAfter: String, date: String?)] = [
        ("Sun, 06 Nov 999999999999 08:49:37 GMT", nil),
        ("Sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 999999999999 08:49:37 GMT"),
        ("Sun, 06 Nov 999999999999 08:49:37 GMT", "Sun, 06 Nov 999999999999 08:49:37 GMT"),
        ("Fri, 31 Dec 9999 23:59:59 GMT", "Thu, 01 Jan 1970 00:00:00 GMT"),
        ("inf", nil), ("nan", nil), ("-1", nil), ("1e9", nil), ("99999999999999999999999999", nil),
        ("", "garbage"), ("🏈", "Sun, 06 Nov 1994 08:49:37 GMT"), (String(repeating: "9", count: 4000), nil),
    ]

    /// Every hostile pair on every game-status source and Sleeper endpoint, as 429 and 503.
    static func cases() -> [(status: Int, retryAfter: String, date: String?)] {
        hostile.flatMap { pair in [429, 503].map { (status: $0, retryAfter: pair.retryAfter, date: pair.date) } }
    }

    func inject(_ status: Int, _ retryAfter: String, _ date: String?, into world: FakeSleeperWorld, prefix: String) {
        var headers = ["Retry-After": retryAfter]
        if let date { headers["Date"] = date }
        world.inject(.raw(status: status, headers: headers, body: Data("null".utf8)), forPathPrefix: prefix, times: 1)
    }

    /// The rest a refusal asks for: `nil` or within 15 minutes, and never anything else.
    func requestedRest(_ error: SleeperError) -> Double?? {
        guard case .http(_, _, let retryAfter) = error else { return .none }
        return .some(retryAfter)
    }

    @Test("Sleeper, the scores feed and ESPN turn any hostile header into no rest or one of at most 15 minutes")
    func everySourceIsCapped() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate(), now: { Date(timeIntervalSince1970: 1_795_000_000) })
            let scores = SleeperScoresFeed(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            let espn = ESPNScoreboard(baseURL: base, transport: CurlTransport())
            for (status, retryAfter, date) in Self.cases() {
                let label = "\(status) Retry-After \(retryAfter.prefix(40).debugDescription) Date \(date.debugDescription)"
                inject(status, retryAfter, date, into: world, prefix: "/v1/state")
                inject(status, retryAfter, date, into: world, prefix: "/scores/")
                inject(status, retryAfter, date, into: world, prefix: "/apis/site/")
                var errors: [SleeperError] = []
                do throws(SleeperError) { _ = try await client.nflState() } catch { errors.append(error) }
                do throws(SleeperError) { _ = try await scores.schedule(season: "2026", seasonType: .regular, week: 12) } catch { errors.append(error) }
                do throws(SleeperError) { _ = try await espn.schedule(season: "2026", seasonType: .regular, week: 12) } catch { errors.append(error) }
                #expect(errors.count == 3, "\(label): every source refused")
                for error in errors {
                    let rest = try #require(requestedRest(error), "\(label): \(error)")
                    if let rest { #expect((0...RetryAfter.cap).contains(rest), "\(label) gave \(rest) s") }
                }
            }
            // After all that, the client still works.
            #expect(try await client.nflState().week == 12)
        }
    }

    @Test("A hostile scores feed refusal is handed back with the fallback's games, its rest capped; asked for ESPN, only ESPN is asked")
    func fallbackKeepsTheRefusal() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let source = FallbackGameStatusSource(primary: SleeperScoresFeed(baseURL: base, transport: CurlTransport(), gate: OpenCallGate()), fallback: ESPNScoreboard(baseURL: base, transport: CurlTransport()))
            inject(429, "1e9", nil, into: world, prefix: "/scores/")
            let seconds = await source.observe(season: "2026", seasonType: .regular, week: 12, from: .scores)
            #expect(seconds.schedule?.games.count == GameDayScript.schedule.count)
            #expect(seconds.answeredBy == .espn)
            #expect(seconds.failures[.scores] == .http(status: 429, url: base.absoluteString + "/scores/nfl/regular/2026/12", retryAfter: nil))
            inject(503, "99999", nil, into: world, prefix: "/scores/")
            let capped = await source.observe(season: "2026", seasonType: .regular, week: 12, from: .scores)
            #expect(capped.failures[.scores] == .http(status: 503, url: base.absoluteString + "/scores/nfl/regular/2026/12", retryAfter: RetryAfter.cap))
            // When ESPN fails too, each refusal comes back: each host rests as it said.
            inject(429, "180", nil, into: world, prefix: "/scores/")
            world.inject(.status(500), forPathPrefix: "/apis/site/", times: 1)
            let both = await source.observe(season: "2026", seasonType: .regular, week: 12, from: .scores)
            #expect(both.schedule == nil)
            #expect(both.failures[.scores] == .http(status: 429, url: base.absoluteString + "/scores/nfl/regular/2026/12", retryAfter: 180))
            #expect(both.failures[.espn]?.isBackoff == true)
            // A failure that is no push-back (garbage) is handed back as it is; ESPN answers.
            world.inject(.garbage("{}"), forPathPrefix: "/scores/", times: 1)
            let garbled = await source.observe(season: "2026", seasonType: .regular, week: 12, from: .scores)
            #expect(garbled.failures[.scores]?.isBackoff == false)
            #expect(garbled.answeredBy == .espn)
            // Asked for ESPN (the scores feed resting), ESPN alone is asked.
            world.clearRequests()
            let direct = await source.observe(season: "2026", seasonType: .regular, week: 12, from: .espn)
            #expect(direct.answeredBy == .espn && direct.asked == [.espn])
            #expect(world.requestCount(pathPrefix: "/scores/") == 0)
        }
    }
}
