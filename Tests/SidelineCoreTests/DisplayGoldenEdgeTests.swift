import Testing
@testable import SidelineCore

/// Scripted situations → exact content states (every field, as `path = value`).
/// When copy changes on purpose, update the golden here and check it reads well.
@Suite("Display golden: empty lineups, long names, other locales") struct DisplayGoldenEdgeTests {
    @Test("Opponent with an empty lineup renders as no starters set")
    func opponentEmptyLineup() {
        expectGolden(.opponentEmptyLineup, """
        asOf = as of 2:14 PM
        compactLeading = 87.4
        compactTrailing = 0.0
        expanded.bottom = 3 playing · 2 to play · 4 done — P. Mahomes 24.3
        expanded.center = Up 87.4
        expanded.leading = 87.4
        expanded.trailing = 0.0
        headline = Up 87.4
        lockScreen.detail = Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
        lockScreen.footer = 3 playing · 2 to play · 4 done · as of 2:14 PM
        lockScreen.headline = Up 87.4 — 87.4 – 0.0
        margin = Up 87.4
        minimal = +87.4
        myCounts.done = 4
        myCounts.playing = 3
        myCounts.toPlay = 2
        myPlayersLine = 3 playing · 2 to play · 4 done
        myScore = 87.4
        next = next: 4:25 PM
        opponentCounts.done = 0
        opponentCounts.playing = 0
        opponentCounts.toPlay = 0
        opponentPlayersLine = No starters set
        opponentScore = 0.0
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 87.4 – 0.0
        sentiment = winning
        small.detail = Up 87.4
        small.headline = 87.4 – 0.0
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

    @Test("My empty lineup is never reported as done while live")
    func myEmptyLineup() {
        expectGolden(.myEmptyLineup, """
        asOf = as of 2:14 PM
        compactLeading = 0.0
        compactTrailing = 72.1
        expanded.bottom = No starters set
        expanded.center = Down 72.1
        expanded.leading = 0.0
        expanded.trailing = 72.1
        headline = Down 72.1
        lockScreen.detail = No starters set
        lockScreen.footer = No starters set · as of 2:14 PM
        lockScreen.headline = Down 72.1 — 0.0 – 72.1
        margin = Down 72.1
        minimal = −72.1
        myCounts.done = 0
        myCounts.playing = 0
        myCounts.toPlay = 0
        myPlayersLine = No starters set
        myScore = 0.0
        opponentCounts.done = 2
        opponentCounts.playing = 2
        opponentCounts.toPlay = 5
        opponentPlayersLine = 2 playing · 5 to play · 2 done
        opponentScore = 72.1
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 0.0 – 72.1
        sentiment = losing
        small.detail = Down 72.1
        small.headline = 0.0 – 72.1
        staleText = Scores may be behind — last update 2:14 PM
        topPerformers = []
        updatedAt = 1795374840
        """)
    }

    @Test("Long and emoji team names never reach the content state")
    func longEmojiNames() {
        expectGolden(.longEmojiNames, """
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
        """)
    }

    @Test("Times follow the registration's time zone and locale, not the server's")
    func londonLocale() {
        expectGolden(.londonLocale, """
        asOf = as of 19:14
        compactLeading = 87.4
        compactTrailing = 72.1
        expanded.bottom = 3 playing · 2 to play · 4 done — P. Mahomes 24.3
        expanded.center = Up 15.3
        expanded.leading = 87.4
        expanded.trailing = 72.1
        headline = Up 15.3
        lockScreen.detail = Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
        lockScreen.footer = 3 playing · 2 to play · 4 done · as of 19:14
        lockScreen.headline = Up 15.3 — 87.4 – 72.1
        margin = Up 15.3
        minimal = +15.3
        myCounts.done = 4
        myCounts.playing = 3
        myCounts.toPlay = 2
        myPlayersLine = 3 playing · 2 to play · 4 done
        myScore = 87.4
        next = next: 21:25
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
        staleText = Scores may be behind — last update 19:14
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
