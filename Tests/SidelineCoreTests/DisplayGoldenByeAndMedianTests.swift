import Testing
@testable import SidelineCore

/// Scripted situations → exact content states (every field, as `path = value`).
/// When copy changes on purpose, update the golden here and check it reads well.
@Suite("Display golden: byes, unpaired rosters and median games") struct DisplayGoldenByeAndMedianTests {
    @Test("Bye or unpaired roster while live: no opponent, neutral sentiment")
    func byeLive() {
        expectGolden(.byeLive, """
        asOf = as of 2:14 PM
        compactLeading = 87.4
        compactTrailing = 3 playing
        expanded.bottom = 3 playing · 2 to play · 4 done — P. Mahomes 24.3
        expanded.center = 3 playing
        expanded.leading = 87.4
        expanded.trailing = Bye
        headline = No opponent this week
        lockScreen.detail = Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
        lockScreen.footer = 3 playing · 2 to play · 4 done · as of 2:14 PM
        lockScreen.headline = No opponent this week — 87.4
        margin = No opponent this week
        minimal = 87.4
        myCounts.done = 4
        myCounts.playing = 3
        myCounts.toPlay = 2
        myPlayersLine = 3 playing · 2 to play · 4 done
        myScore = 87.4
        next = next: 4:25 PM
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 87.4
        sentiment = neutral
        small.detail = 3 playing
        small.headline = 87.4
        staleText = Scores may be behind — last update 2:14 PM
        topPerformers[0].line = P. Mahomes 24.3
        topPerformers[0].name = P. Mahomes
        topPerformers[0].points = 24.3
        topPerformers[1].line = A. St. Brown 15.1
        topPerformers[1].name = A. St. Brown
        topPerformers[1].points = 15.1
        topPerformers[2].line = KC D/ST 8.0
        topPerformers[2].name = KC D/ST
        topPerformers[2].points = 8.0
        updatedAt = 1795374840
        """)
    }

    @Test("Bye or unpaired roster at the end: done for the week")
    func byeFinal() {
        expectGolden(.byeFinal, """
        asOf = as of 11:20 PM
        compactLeading = 112.4
        compactTrailing = Done
        expanded.bottom = 0 playing · 0 to play · 9 done
        expanded.center = Done
        expanded.leading = 112.4
        expanded.trailing = Bye
        headline = Done for the week — 112.4
        lockScreen.detail = All your starters are done
        lockScreen.footer = 0 playing · 0 to play · 9 done · as of 11:20 PM
        lockScreen.headline = Done for the week — 112.4
        margin = No opponent this week
        minimal = 112.4
        myCounts.done = 9
        myCounts.playing = 0
        myCounts.toPlay = 0
        myPlayersLine = 0 playing · 0 to play · 9 done
        myScore = 112.4
        phase = final
        schemaVersion = 3
        scope = league
        scoreLine = 112.4
        sentiment = neutral
        small.detail = Done
        small.headline = 112.4
        staleText = Scores may be behind — last update 11:20 PM
        topPerformers = []
        updatedAt = 1795407600
        """)
    }

    @Test("Median-game league with an opponent carries the median note and the win chance")
    func medianLeague() {
        expectGolden(.medianLeague, """
        asOf = as of 2:14 PM
        compactLeading = 87.4
        compactTrailing = 72.1
        expanded.bottom = 3 playing · 2 to play · 4 done — P. Mahomes 24.3
        expanded.center = Up 15.3
        expanded.leading = 87.4
        expanded.trailing = 72.1
        headline = Up 15.3
        lockScreen.detail = Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
        lockScreen.footer = 3 playing · 2 to play · 4 done · as of 2:14 PM
        lockScreen.headline = Up 15.3 — 87.4 – 72.1
        margin = Up 15.3
        medianNote = Plus a game against the league median
        minimal = +15.3
        myCounts.done = 4
        myCounts.playing = 3
        myCounts.toPlay = 2
        myPlayersLine = 3 playing · 2 to play · 4 done
        myScore = 87.4
        next = next: 4:25 PM
        opponentCounts.done = 2
        opponentCounts.playing = 2
        opponentCounts.toPlay = 5
        opponentPlayersLine = 2 playing · 5 to play · 2 done
        opponentScore = 72.1
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 87.4 – 72.1
        sentiment = winning
        small.detail = Up 15.3
        small.headline = 87.4 – 72.1
        staleText = Scores may be behind — last update 2:14 PM
        topPerformers[0].line = P. Mahomes 24.3
        topPerformers[0].name = P. Mahomes
        topPerformers[0].points = 24.3
        topPerformers[1].line = A. St. Brown 15.1
        topPerformers[1].name = A. St. Brown
        topPerformers[1].points = 15.1
        topPerformers[2].line = KC D/ST 8.0
        topPerformers[2].name = KC D/ST
        topPerformers[2].points = 8.0
        updatedAt = 1795374840
        winChance = 62% to win
        """)
    }

    @Test("Median-game league without an opponent plays the league median")
    func medianOnly() {
        expectGolden(.medianOnly, """
        asOf = as of 2:14 PM
        compactLeading = 87.4
        compactTrailing = 3 playing
        expanded.bottom = 3 playing · 2 to play · 4 done — P. Mahomes 24.3
        expanded.center = 3 playing
        expanded.leading = 87.4
        expanded.trailing = Median
        headline = Playing the league median
        lockScreen.detail = Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
        lockScreen.footer = 3 playing · 2 to play · 4 done · as of 2:14 PM
        lockScreen.headline = Playing the league median — 87.4
        margin = Playing the league median
        minimal = 87.4
        myCounts.done = 4
        myCounts.playing = 3
        myCounts.toPlay = 2
        myPlayersLine = 3 playing · 2 to play · 4 done
        myScore = 87.4
        next = next: 4:25 PM
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 87.4
        sentiment = neutral
        small.detail = 3 playing
        small.headline = 87.4
        staleText = Scores may be behind — last update 2:14 PM
        topPerformers[0].line = P. Mahomes 24.3
        topPerformers[0].name = P. Mahomes
        topPerformers[0].points = 24.3
        topPerformers[1].line = A. St. Brown 15.1
        topPerformers[1].name = A. St. Brown
        topPerformers[1].points = 15.1
        topPerformers[2].line = KC D/ST 8.0
        topPerformers[2].name = KC D/ST
        topPerformers[2].points = 8.0
        updatedAt = 1795374840
        """)
    }
}
