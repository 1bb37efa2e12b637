import Testing
@testable import SidelineCore

/// Scripted situations → exact content states (every field, as `path = value`).
/// When copy changes on purpose, update the golden here and check it reads well.
@Suite("Display golden: grace and final") struct DisplayGoldenFinalTests {
    @Test("Grace: my starters are done while the opponent still has two to play")
    func graceTheyHaveTwoToPlay() {
        expectGolden(.graceTheyHaveTwoToPlay, """
        asOf = as of 8:20 PM
        compactLeading = 112.4
        compactTrailing = 98.7
        expanded.bottom = 0 playing · 0 to play · 9 done
        expanded.center = Up 13.7
        expanded.leading = 112.4
        expanded.trailing = 98.7
        headline = Your starters are done — 112.4 – 98.7, they have 2 to play
        lockScreen.detail = Opponent — 1 playing · 1 to play · 2 done
        lockScreen.footer = 0 playing · 0 to play · 9 done · as of 8:20 PM
        lockScreen.headline = Your starters are done — 112.4 – 98.7, they have 2 to play
        margin = Up 13.7
        minimal = +13.7
        myCounts.done = 9
        myCounts.playing = 0
        myCounts.toPlay = 0
        myPlayersLine = 0 playing · 0 to play · 9 done
        myScore = 112.4
        opponentCounts.done = 2
        opponentCounts.playing = 1
        opponentCounts.toPlay = 1
        opponentPlayersLine = 1 playing · 1 to play · 2 done
        opponentScore = 98.7
        phase = grace
        schemaVersion = 3
        scope = league
        scoreLine = 112.4 – 98.7
        sentiment = winning
        small.detail = They have 2 to play
        small.headline = 112.4 – 98.7
        staleText = Scores may be behind — last update 8:20 PM
        topPerformers = []
        updatedAt = 1795396800
        """)
    }

    @Test("Final with both lineups done: Won with the score line, and no win chance (the result says it)")
    func finalWon() {
        expectGolden(.finalWon, """
        asOf = as of 11:20 PM
        compactLeading = 112.4
        compactTrailing = 98.7
        expanded.bottom = 0 playing · 0 to play · 9 done
        expanded.center = Won
        expanded.leading = 112.4
        expanded.trailing = 98.7
        headline = Won 112.4 – 98.7
        lockScreen.detail = Both lineups are done
        lockScreen.footer = 0 playing · 0 to play · 9 done · as of 11:20 PM
        lockScreen.headline = Won 112.4 – 98.7
        margin = Up 13.7
        minimal = Won
        myCounts.done = 9
        myCounts.playing = 0
        myCounts.toPlay = 0
        myPlayersLine = 0 playing · 0 to play · 9 done
        myScore = 112.4
        opponentCounts.done = 9
        opponentCounts.playing = 0
        opponentCounts.toPlay = 0
        opponentPlayersLine = 0 playing · 0 to play · 9 done
        opponentScore = 98.7
        phase = final
        schemaVersion = 3
        scope = league
        scoreLine = 112.4 – 98.7
        sentiment = winning
        small.detail = Won
        small.headline = 112.4 – 98.7
        staleText = Scores may be behind — last update 11:20 PM
        topPerformers = []
        updatedAt = 1795407600
        """)
    }

    @Test("Final with both lineups done: Lost with the score line")
    func finalLost() {
        expectGolden(.finalLost, """
        asOf = as of 11:20 PM
        compactLeading = 98.7
        compactTrailing = 112.4
        expanded.bottom = 0 playing · 0 to play · 9 done
        expanded.center = Lost
        expanded.leading = 98.7
        expanded.trailing = 112.4
        headline = Lost 98.7 – 112.4
        lockScreen.detail = Both lineups are done
        lockScreen.footer = 0 playing · 0 to play · 9 done · as of 11:20 PM
        lockScreen.headline = Lost 98.7 – 112.4
        margin = Down 13.7
        minimal = Lost
        myCounts.done = 9
        myCounts.playing = 0
        myCounts.toPlay = 0
        myPlayersLine = 0 playing · 0 to play · 9 done
        myScore = 98.7
        opponentCounts.done = 9
        opponentCounts.playing = 0
        opponentCounts.toPlay = 0
        opponentPlayersLine = 0 playing · 0 to play · 9 done
        opponentScore = 112.4
        phase = final
        schemaVersion = 3
        scope = league
        scoreLine = 98.7 – 112.4
        sentiment = losing
        small.detail = Lost
        small.headline = 98.7 – 112.4
        staleText = Scores may be behind — last update 11:20 PM
        topPerformers = []
        updatedAt = 1795407600
        """)
    }

    @Test("Final with both lineups done: Tied with the score line")
    func finalTied() {
        expectGolden(.finalTied, """
        asOf = as of 11:20 PM
        compactLeading = 101.5
        compactTrailing = 101.5
        expanded.bottom = 0 playing · 0 to play · 9 done
        expanded.center = Tied
        expanded.leading = 101.5
        expanded.trailing = 101.5
        headline = Tied 101.5 – 101.5
        lockScreen.detail = Both lineups are done
        lockScreen.footer = 0 playing · 0 to play · 9 done · as of 11:20 PM
        lockScreen.headline = Tied 101.5 – 101.5
        margin = Tied
        minimal = Tied
        myCounts.done = 9
        myCounts.playing = 0
        myCounts.toPlay = 0
        myPlayersLine = 0 playing · 0 to play · 9 done
        myScore = 101.5
        opponentCounts.done = 9
        opponentCounts.playing = 0
        opponentCounts.toPlay = 0
        opponentPlayersLine = 0 playing · 0 to play · 9 done
        opponentScore = 101.5
        phase = final
        schemaVersion = 3
        scope = league
        scoreLine = 101.5 – 101.5
        sentiment = tied
        small.detail = Tied
        small.headline = 101.5 – 101.5
        staleText = Scores may be behind — last update 11:20 PM
        topPerformers = []
        updatedAt = 1795407600
        """)
    }

    @Test("Final while the opponent still has players: no result words yet, the win chance still shown")
    func finalTheyStillPlay() {
        expectGolden(.finalTheyStillPlay, """
        asOf = as of 11:20 PM
        compactLeading = 112.4
        compactTrailing = 98.7
        expanded.bottom = 0 playing · 0 to play · 9 done
        expanded.center = Up 13.7
        expanded.leading = 112.4
        expanded.trailing = 98.7
        headline = Your starters are done — 112.4 – 98.7, they have 2 to play
        lockScreen.detail = Opponent — 1 playing · 1 to play · 2 done
        lockScreen.footer = 0 playing · 0 to play · 9 done · as of 11:20 PM
        lockScreen.headline = Your starters are done — 112.4 – 98.7, they have 2 to play
        margin = Up 13.7
        minimal = +13.7
        myCounts.done = 9
        myCounts.playing = 0
        myCounts.toPlay = 0
        myPlayersLine = 0 playing · 0 to play · 9 done
        myScore = 112.4
        opponentCounts.done = 2
        opponentCounts.playing = 1
        opponentCounts.toPlay = 1
        opponentPlayersLine = 1 playing · 1 to play · 2 done
        opponentScore = 98.7
        phase = final
        schemaVersion = 3
        scope = league
        scoreLine = 112.4 – 98.7
        sentiment = winning
        small.detail = They have 2 to play
        small.headline = 112.4 – 98.7
        staleText = Scores may be behind — last update 11:20 PM
        topPerformers = []
        updatedAt = 1795407600
        winChance = 97% to win
        """)
    }
}
