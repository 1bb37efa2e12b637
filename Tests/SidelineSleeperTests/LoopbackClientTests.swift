import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper
import SidelineHTTP
import SidelineTestSupport

@Suite("HTTPSleeperClient against the fake Sleeper on loopback")
struct LoopbackClientTests {
    let league = GameDayScript.leagueID

    @Test("every route of the fake decodes with the real client")
    func roundTrip() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            let state = try await client.nflState()
            #expect(state == NFLState(week: 12, season: "2026", seasonType: .regular, leagueSeason: "2026"))
            let alex = try await client.user("demo_alex")
            #expect(alex.userID == GameDayScript.alex.userID)
            #expect(try await client.user(GameDayScript.alex.userID).username == "demo_alex")
            let leagues = try await client.leagues(userID: alex.userID, season: "2026")
            #expect(leagues.map(\.leagueID) == [league])
            let detail = try await client.league(league)
            #expect(detail.name == "Sideline Demo League")
            #expect(detail.status == .inSeason)
            let rosters = try await client.rosters(leagueID: league)
            #expect(rosters.count == 4)
            #expect(rosters.first { $0.rosterID == 1 }?.isOwned(by: alex.userID) == true)
            let members = try await client.members(leagueID: league)
            #expect(members.first { $0.userID == alex.userID }?.shownTeamName == "Alex's Audibles")
            #expect(members.first { $0.userID == GameDayScript.casey.userID }?.shownTeamName == "demo_casey")
            let matchups = try #require(try await client.matchups(leagueID: league, week: 12))
            #expect(matchups.count == 4)
            #expect(Set(matchups.compactMap(\.matchupID)) == [1, 2])
            let players = try await client.players()
            _ = try await client.players()
            #expect(world.requests.filter { $0.path == "/v1/players/nfl" }.allSatisfy { $0.headers["if-none-match"] == nil },
                    "the 14 MB download is never conditional")
            #expect(players["11566"]?.name == "Jayden Daniels")
            #expect(players["KC"]?.name == "Kansas City Chiefs")
            #expect(players["KC"]?.position == "DEF")
        }
    }

    @Test("unknown users and leagues answer like Sleeper does")
    func unknowns() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, _ in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            await #expect(throws: SleeperError.userNotFound("nobody")) { try await client.user("nobody") }
            await #expect(throws: SleeperError.leagueNotFound("123")) { try await client.league("123") }
            await #expect(throws: SleeperError.leagueNotFound("123")) { try await client.rosters(leagueID: "123") }
            await #expect(throws: SleeperError.leagueNotFound("123")) { try await client.matchups(leagueID: "123", week: 1) }
            let none = try await client.leagues(userID: "999", season: "2026")
            #expect(none.isEmpty)
        }
    }

    @Test("a repeated matchups call sends the ETag and gets nil on 304")
    func etagRoundTrip() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            let first = try await client.matchups(leagueID: league, week: 12)
            #expect(first != nil)
            let second = try await client.matchups(leagueID: league, week: 12)
            #expect(second == nil)
            let requests = world.requests.filter { $0.path.hasSuffix("/matchups/12") }
            #expect(requests.count == 2)
            #expect(requests[0].headers["if-none-match"] == nil)
            #expect(requests[1].headers["if-none-match"]?.hasPrefix("W/\"") == true)
            // A new instant changes the points, so the ETag no longer matches.
            world.setNow(GameDayScript.earlyKickoff.addingTimeInterval(2 * 3_600))
            #expect(try await client.matchups(leagueID: league, week: 12) != nil)
            // Other endpoints reuse the cached body on 304.
            let rostersA = try await client.rosters(leagueID: league)
            let rostersB = try await client.rosters(leagueID: league)
            #expect(rostersA == rostersB)
        }
    }

    @Test("a matchups call conditional on the caller's ETag: changed with the new ETag, then unchanged")
    func callerKeptETag() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            guard case .changed(let entries, let etag?) = try await client.matchups(leagueID: league, week: 12, ifNoneMatch: nil) else {
                Issue.record("a first call should bring a body and its ETag")
                return
            }
            #expect(entries.count == 4)
            #expect(try await client.matchups(leagueID: league, week: 12, ifNoneMatch: etag) == .unchanged)
            // A stale ETag brings the current body again.
            #expect(try await client.matchups(leagueID: league, week: 12, ifNoneMatch: "W/\"stale\"") == .changed(entries, etag: etag))
            let sent = world.requests.filter { $0.path.hasSuffix("/matchups/12") }.map { $0.headers["if-none-match"] }
            #expect(sent == [nil, etag, "W/\"stale\""])
        }
    }

    @Test("a 429 carries its Retry-After seconds and HTTP date")
    func retryAfter() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate(), now: { Date(timeIntervalSince1970: 784_111_717) })
            world.inject(.status(429, retryAfter: "30"), forPathPrefix: "/v1/state", times: 1)
            await #expect(throws: SleeperError.http(status: 429, url: base.absoluteString + "/v1/state/nfl", retryAfter: 30)) {
                try await client.nflState()
            }
            world.inject(.status(429, retryAfter: "Sun, 06 Nov 1994 08:49:37 GMT"), forPathPrefix: "/v1/state", times: 1)
            do {
                _ = try await client.nflState()
                Issue.record("expected a 429")
            } catch {
                // The fake's own Date header is the reference, so only "a date was read" is stable.
                guard case .http(429, _, let retry)? = error as? SleeperError else { Issue.record("unexpected \(error)"); return }
                #expect(retry != nil)
            }
            // Injected for one request only: the next one succeeds.
            let state = try await client.nflState()
            #expect(state.week == 12)
        }
    }

    @Test("failures injected by path prefix surface as SleeperError")
    func failureInjection() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: OpenCallGate())
            world.inject(.status(503), forPathPrefix: "/v1/league/", times: 2)
            await #expect(throws: SleeperError.http(status: 503, url: base.absoluteString + "/v1/league/\(league)/rosters", retryAfter: nil)) {
                try await client.rosters(leagueID: league)
            }
            await #expect(throws: SleeperError.http(status: 503, url: base.absoluteString + "/v1/league/\(league)/users", retryAfter: nil)) {
                try await client.members(leagueID: league)
            }
            let members = try await client.members(leagueID: league)
            #expect(members.count == 4)
            world.inject(.garbage("<html>maintenance</html>"), forPathPrefix: "/v1/user/")
            await #expect {
                _ = try await client.user("demo_alex")
            } throws: { error in
                if case .malformed? = error as? SleeperError { return true }
                return false
            }
            world.clearFailures()
            let alex = try await client.user("demo_alex")
            #expect(alex.username == "demo_alex")
            #expect(world.requestCount(pathPrefix: "/v1/user/") == 2)
        }
    }

    @Test("the gate sees every call once, with its kind, path and registration flag")
    func gate() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, _ in
            let gate = RecordingGate()
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: gate)
            _ = try await client.nflState()
            _ = try await client.registering().user("demo_alex")
            _ = try await client.registering().leagues(userID: GameDayScript.alex.userID, season: "2026")
            _ = try await client.registering().league(league)
            _ = try await client.rosters(leagueID: league)
            _ = try await client.registering().members(leagueID: league)
            _ = try await client.registering().matchups(leagueID: league, week: 12)
            _ = try await client.players()
            let calls = gate.recorded
            #expect(calls.map(\.kind) == [.state, .user, .leagues, .league, .rosters, .members, .matchups, .players])
            #expect(calls.map(\.isRegistration) == [false, true, true, true, false, true, false, false])
            #expect(calls[6].path == "/v1/league/\(league)/matchups/12")
        }
    }

    @Test("a refusing gate stops the call before any request is made")
    func refusingGate() async throws {
        try await withFakeSleeper(scriptedWorld()) { base, world in
            let client = HTTPSleeperClient(baseURL: base, transport: CurlTransport(), gate: RefusingGate())
            await #expect(throws: SleeperError.budgetExhausted(endpoint: "/v1/state/nfl")) { try await client.nflState() }
            #expect(world.requests.isEmpty)
        }
    }
}
