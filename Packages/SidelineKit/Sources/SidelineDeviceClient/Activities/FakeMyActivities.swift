import SidelineActivity

/// Canned activities for previews and tests: one live matchup as the server pushes it.
public enum FakeMyActivities {
    public static let attributes = LiveActivityAttributes(
        registration: "1", activity: "1-2026w12-1", leagueName: "Dynasty Bros", season: "2026", week: 12,
        myTeamName: "Gridiron Gang", myTeamShortName: "Gridiron G…", opponentTeamName: "Taco Tuesday",
        opponentTeamShortName: "Taco Tues…", title: "Gridiron Gang vs Taco Tuesday", subtitle: "Dynasty Bros · Week 12"
    )

    public static let contentState = LiveActivityContentState(
        updatedAt: 1_795_358_040, phase: .live, sentiment: .winning, myScore: "87.4", opponentScore: "72.1",
        scoreLine: "87.4 – 72.1", margin: "Up 15.3", headline: "Up 15.3",
        myCounts: LiveActivityPlayerCounts(playing: 3, toPlay: 2, done: 4),
        opponentCounts: LiveActivityPlayerCounts(playing: 2, toPlay: 3, done: 4),
        myPlayersLine: "3 playing · 2 to play · 4 done", opponentPlayersLine: "2 playing · 3 to play · 4 done",
        topPerformers: [LiveActivityPerformer(name: "P. Mahomes", points: "24.3", line: "P. Mahomes 24.3")],
        next: "next: 4:25 PM", asOf: "as of 2:14 PM", staleText: "Scores may be out of date — as of 2:14 PM", medianNote: nil,
        compactLeading: "87.4", compactTrailing: "72.1", minimal: "+15.3",
        expanded: LiveActivityExpandedText(leading: "87.4", trailing: "72.1", center: "Up 15.3",
                                           bottom: "3 playing · 2 to play · 4 done — P. Mahomes 24.3"),
        lockScreen: LiveActivityLockScreenText(headline: "Up 15.3 — 87.4 – 72.1", detail: "Playing now — P. Mahomes 24.3",
                                               footer: "3 playing · 2 to play · 4 done · as of 2:14 PM"),
        small: LiveActivitySmallText(headline: "87.4 – 72.1", detail: "Up 15.3")
    )

    public static let live = MyActivities(
        activities: [ActivityState(activityId: attributes.activity, registrationId: attributes.registration, phase: .live,
                                   dismissed: false, attributes: attributes, contentState: contentState)],
        retryAfterMs: 60_000
    )

    /// One person across three leagues (schema 3): the legacy fields are the highlighted
    /// league's, the rows every league's.
    public static let personAttributes = LiveActivityAttributes(
        registration: "person:73", activity: "p-73-2026w12-1", leagueName: "All leagues", season: "2026", week: 12,
        myTeamName: "Alex", myTeamShortName: "Alex", opponentTeamName: nil, opponentTeamShortName: nil,
        title: "Alex · all leagues", subtitle: "Week 12", scope: .person
    )

    public static let person = MyActivities(
        activities: [ActivityState(
            activityId: personAttributes.activity, registrationId: personAttributes.registration, phase: .live, dismissed: false,
            attributes: personAttributes,
            contentState: LiveActivityContentState(
                updatedAt: contentState.updatedAt, phase: .live, sentiment: .winning, myScore: "87.4", opponentScore: "72.1",
                scoreLine: "87.4 – 72.1", margin: "Up 15.3", headline: "Up 15.3", myCounts: contentState.myCounts,
                opponentCounts: contentState.opponentCounts, myPlayersLine: contentState.myPlayersLine,
                opponentPlayersLine: contentState.opponentPlayersLine, topPerformers: Array(contentState.topPerformers.prefix(1)),
                next: contentState.next, asOf: contentState.asOf, staleText: contentState.staleText, medianNote: nil,
                compactLeading: "87.4", compactTrailing: "72.1", minimal: "+15.3", expanded: contentState.expanded,
                lockScreen: LiveActivityLockScreenText(headline: "Up 15.3 — 87.4 – 72.1", detail: "Dynasty Bros: Playing now — P. Mahomes 24.3",
                                                       footer: "Up in 2 · Down in 1 · as of 2:14 PM"),
                small: contentState.small, winChance: "62% to win", scope: .person,
                leagues: [
                    LiveActivityLeagueRow(id: "1", league: "Dynasty Bros", score: "87.4 – 72.1", status: "Up 15.3", sentiment: .winning,
                                          players: "3 playing · 2 to play · 4 done", winChance: "62% to win"),
                    LiveActivityLeagueRow(id: "2", league: "Work League", score: "60.0 – 75.5", status: "Down 15.5", sentiment: .losing,
                                          players: "2 playing · 1 to play · 6 done", winChance: nil),
                    LiveActivityLeagueRow(id: "3", league: "Family Cup", score: "101.2 – 99.9", status: "Up 1.3", sentiment: .winning,
                                          players: "1 playing · 0 to play · 8 done", winChance: "55% to win"),
                ],
                summary: "Up in 2 · Down in 1",
                highlight: LiveActivityHighlight(league: "Dynasty Bros", myTeam: "Gridiron G…", opponentTeam: "Taco Tues…")
            )
        )],
        retryAfterMs: 60_000
    )
}
