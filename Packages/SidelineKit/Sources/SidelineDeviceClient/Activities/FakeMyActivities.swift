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
}
