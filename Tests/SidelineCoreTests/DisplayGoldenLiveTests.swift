import Testing
@testable import SidelineCore

/// Scripted situations → exact content states (every field, as `path = value`).
/// When copy changes on purpose, update the golden here and check it reads well.
@Suite("Display golden: live") struct DisplayGoldenLiveTests {
    @Test("Live and ahead: both scores, the margin, counts, top performers and the next kickoff")
    func liveWinning() {
        expectGolden(.liveWinning, """
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

    @Test("Live and behind, next kickoff on another day shows its weekday")
    func liveLosingMondayNext() {
        expectGolden(.liveLosingMondayNext, """
        asOf = as of 2:14 PM
        compactLeading = 70.0
        compactTrailing = 72.1
        expanded.bottom = 3 playing · 2 to play · 4 done — P. Mahomes 24.3
        expanded.center = Down 2.1
        expanded.leading = 70.0
        expanded.trailing = 72.1
        headline = Down 2.1
        lockScreen.detail = Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
        lockScreen.footer = 3 playing · 2 to play · 4 done · as of 2:14 PM
        lockScreen.headline = Down 2.1 — 70.0 – 72.1
        margin = Down 2.1
        minimal = −2.1
        myCounts.done = 4
        myCounts.playing = 3
        myCounts.toPlay = 2
        myPlayersLine = 3 playing · 2 to play · 4 done
        myScore = 70.0
        next = next: Mon 8:15 PM
        opponentCounts.done = 2
        opponentCounts.playing = 2
        opponentCounts.toPlay = 5
        opponentPlayersLine = 2 playing · 5 to play · 2 done
        opponentScore = 72.1
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 70.0 – 72.1
        sentiment = losing
        small.detail = Down 2.1
        small.headline = 70.0 – 72.1
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

    @Test("Level scores read Tied everywhere, minimal included")
    func liveTied() {
        expectGolden(.liveTied, """
        asOf = as of 2:14 PM
        compactLeading = 50.0
        compactTrailing = 50.0
        expanded.bottom = 3 playing · 2 to play · 4 done — P. Mahomes 24.3
        expanded.center = Tied
        expanded.leading = 50.0
        expanded.trailing = 50.0
        headline = Tied
        lockScreen.detail = Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
        lockScreen.footer = 3 playing · 2 to play · 4 done · as of 2:14 PM
        lockScreen.headline = Tied — 50.0 – 50.0
        margin = Tied
        minimal = Tied
        myCounts.done = 4
        myCounts.playing = 3
        myCounts.toPlay = 2
        myPlayersLine = 3 playing · 2 to play · 4 done
        myScore = 50.0
        next = next: 4:25 PM
        opponentCounts.done = 2
        opponentCounts.playing = 2
        opponentCounts.toPlay = 5
        opponentPlayersLine = 2 playing · 5 to play · 2 done
        opponentScore = 50.0
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 50.0 – 50.0
        sentiment = tied
        small.detail = Tied
        small.headline = 50.0 – 50.0
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

    @Test("A lead one decimal would hide is shown with two decimals")
    func hiddenLead() {
        expectGolden(.hiddenLead, """
        asOf = as of 2:14 PM
        compactLeading = 100.04
        compactTrailing = 100.01
        expanded.bottom = 3 playing · 2 to play · 4 done — P. Mahomes 24.3
        expanded.center = Up 0.03
        expanded.leading = 100.04
        expanded.trailing = 100.01
        headline = Up 0.03
        lockScreen.detail = Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
        lockScreen.footer = 3 playing · 2 to play · 4 done · as of 2:14 PM
        lockScreen.headline = Up 0.03 — 100.04 – 100.01
        margin = Up 0.03
        minimal = +0.03
        myCounts.done = 4
        myCounts.playing = 3
        myCounts.toPlay = 2
        myPlayersLine = 3 playing · 2 to play · 4 done
        myScore = 100.04
        next = next: 4:25 PM
        opponentCounts.done = 2
        opponentCounts.playing = 2
        opponentCounts.toPlay = 5
        opponentPlayersLine = 2 playing · 5 to play · 2 done
        opponentScore = 100.01
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 100.04 – 100.01
        sentiment = winning
        small.detail = Up 0.03
        small.headline = 100.04 – 100.01
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

    @Test("Top performers are the best three playing, ties broken by name")
    func manyPlaying() {
        expectGolden(.manyPlaying, """
        asOf = as of 2:14 PM
        compactLeading = 61.2
        compactTrailing = 61.2
        expanded.bottom = 5 playing · 0 to play · 0 done — J. Chase 21.0
        expanded.center = Tied
        expanded.leading = 61.2
        expanded.trailing = 61.2
        headline = Tied
        lockScreen.detail = Playing now — J. Chase 21.0 · J. Hurts 18.2 · S. Barkley 18.2
        lockScreen.footer = 5 playing · 0 to play · 0 done · as of 2:14 PM
        lockScreen.headline = Tied — 61.2 – 61.2
        margin = Tied
        minimal = Tied
        myCounts.done = 0
        myCounts.playing = 5
        myCounts.toPlay = 0
        myPlayersLine = 5 playing · 0 to play · 0 done
        myScore = 61.2
        opponentCounts.done = 2
        opponentCounts.playing = 2
        opponentCounts.toPlay = 5
        opponentPlayersLine = 2 playing · 5 to play · 2 done
        opponentScore = 61.2
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 61.2 – 61.2
        sentiment = tied
        small.detail = Tied
        small.headline = 61.2 – 61.2
        staleText = Scores may be behind — last update 2:14 PM
        topPerformers[0].line = J. Chase 21.0
        topPerformers[0].name = J. Chase
        topPerformers[0].points = 21.0
        topPerformers[1].line = J. Hurts 18.2
        topPerformers[1].name = J. Hurts
        topPerformers[1].points = 18.2
        topPerformers[2].line = S. Barkley 18.2
        topPerformers[2].name = S. Barkley
        topPerformers[2].points = 18.2
        updatedAt = 1795374840
        """)
    }

    @Test("Nobody playing yet starters to play: between games with the next kickoff")
    func betweenGames() {
        expectGolden(.betweenGames, """
        asOf = as of 2:14 PM
        compactLeading = 40.6
        compactTrailing = 41.0
        expanded.bottom = 0 playing · 2 to play · 4 done · next: 4:25 PM
        expanded.center = Down 0.4
        expanded.leading = 40.6
        expanded.trailing = 41.0
        headline = Down 0.4
        lockScreen.detail = Between games — next: 4:25 PM
        lockScreen.footer = 0 playing · 2 to play · 4 done · as of 2:14 PM
        lockScreen.headline = Down 0.4 — 40.6 – 41.0
        margin = Down 0.4
        minimal = −0.4
        myCounts.done = 4
        myCounts.playing = 0
        myCounts.toPlay = 2
        myPlayersLine = 0 playing · 2 to play · 4 done
        myScore = 40.6
        next = next: 4:25 PM
        opponentCounts.done = 2
        opponentCounts.playing = 2
        opponentCounts.toPlay = 5
        opponentPlayersLine = 2 playing · 5 to play · 2 done
        opponentScore = 41.0
        phase = live
        schemaVersion = 3
        scope = league
        scoreLine = 40.6 – 41.0
        sentiment = losing
        small.detail = Down 0.4
        small.headline = 40.6 – 41.0
        staleText = Scores may be behind — last update 2:14 PM
        topPerformers = []
        updatedAt = 1795374840
        """)
    }
}
