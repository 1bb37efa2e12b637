import Foundation
import SidelineCore
import SidelineEngine
import SidelineHTTP
import SidelineSleeper

extension Wiring {
    /// The most leagues `sideline check` reads: enough to catch a deleted league, few enough
    /// that a big install does not spend minutes of the budget on it.
    public static let checkedLeagueSample = 20

    /// Sleeper, the scores feed and ESPN answer, and registered leagues are readable (a
    /// sample of at most ``checkedLeagueSample``). Every Sleeper call passes the rate-budget
    /// gate, as a registration call, so it counts against `sleeper.max_calls_per_minute`.
    /// With `http.source_address` set, a line on it first: a wrong address fails every call,
    /// and the Sleeper line alone would not say whether the address or Sleeper is at fault.
    public func checkSleeper() async -> [CheckResult] {
        let sourceLines = configuration.sourceAddress.map { [Self.checkSourceAddress($0)] } ?? []
        let sleeperURL = configuration.sleeperURL.absoluteString
        let sleeper = passEnvironment(forRegistration: true).sleeper
        let state: NFLState
        do {
            state = try await sleeper.nflState()
        } catch {
            return sourceLines + [.failed("sleeper", Messages.Check.sleeperFailed(sleeperURL, error.description)), .failed("scores", Messages.Check.feedsNotChecked)]
        }
        var results = sourceLines + [CheckResult.passed("sleeper", Messages.Check.sleeperAnswered(sleeperURL, season: state.season, week: state.week))]
        results += await checkFeeds(state)
        results += await checkLeagues(sleeper)
        return results
    }

    /// The address is one of this host's: a socket binds to it (nothing is sent).
    static func checkSourceAddress(_ address: String) -> CheckResult {
        if let failure = SourceAddressProbe.bindFailure(address) {
            return .failed("source address", Messages.Check.sourceAddressUnavailable(address, failure))
        }
        return .passed("source address", Messages.Check.sourceAddressBound(address))
    }

    func checkFeeds(_ state: NFLState) async -> [CheckResult] {
        let gate = StoreCallGate(store: store, budget: configuration.rateBudget, now: now)
        let scoresURL = configuration.scoresURL.absoluteString, espnURL = configuration.espnURL.absoluteString
        return [
            await checkFeed(SleeperScoresFeed(baseURL: configuration.scoresURL, transport: transport, gate: gate), state, subject: "scores",
                            answered: { Messages.Check.scoresAnswered(scoresURL, games: $0) }, failed: { Messages.Check.scoresFailed(scoresURL, $0) }),
            await checkFeed(ESPNScoreboard(baseURL: configuration.espnURL, transport: transport), state, subject: "espn",
                            answered: { Messages.Check.espnAnswered(espnURL, games: $0) }, failed: { Messages.Check.espnFailed(espnURL, $0) }),
        ]
    }

    /// One game-status source asked for this week: its games counted, or why not.
    func checkFeed(
        _ source: any GameStatusSource, _ state: NFLState, subject: String,
        answered: (Int) -> String, failed: (String) -> String
    ) async -> CheckResult {
        do {
            let week = try await source.schedule(season: state.season, seasonType: state.seasonType, week: state.week)
            return .passed(subject, answered(week.games.count))
        } catch {
            return .failed(subject, failed(error.description))
        }
    }

    func checkLeagues(_ sleeper: any SleeperClient) async -> [CheckResult] {
        let registrations: [Registration]
        do { registrations = try store.activeRegistrations() } catch {
            return [.failed("leagues", Messages.Check.databaseFailed(configuration.store.name, "\(error)"))]
        }
        let leagues = Dictionary(registrations.map { ($0.leagueID, $0.leagueName) }) { first, _ in first }
        guard !leagues.isEmpty else { return [.passed("leagues", Messages.Check.noLeagues)] }
        let sample = leagues.keys.sorted().prefix(Self.checkedLeagueSample)
        var failures: [CheckResult] = []
        for leagueID in sample {
            do { _ = try await sleeper.league(leagueID) } catch {
                failures.append(.failed("leagues", Messages.Check.leagueUnreadable(leagueID, name: leagues[leagueID] ?? leagueID, error.description)))
            }
        }
        let summary = Messages.Check.leaguesReadable(sample.count - failures.count, sampled: sample.count, registered: leagues.count)
        return [CheckResult("leagues", ok: failures.isEmpty, summary)] + failures
    }
}
