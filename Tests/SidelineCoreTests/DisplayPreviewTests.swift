import Testing
@testable import SidelineCore

@Suite("Display preview")
struct DisplayPreviewTests {
    func preview(_ scenario: DisplayScenario) -> String {
        let attributes = DisplayBuilder.attributes(registration: "r", activity: "a", view: scenario.view)
        return DisplayPreview.text(attributes: attributes, state: scenario.contentState)
    }

    @Test("The terminal preview shows every presentation's strings, the win chance beside the headline and the expanded centre")
    func preview() {
        #expect(preview(.medianLeague) == """
            Lock Screen: Gridiron Gang vs Taco Tuesday (Dynasty Bros · Week 12)
              Up 15.3 — 87.4 – 72.1 (62% to win)
              Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
              3 playing · 2 to play · 4 done · as of 2:14 PM
              Plus a game against the league median
            Island: compact 87.4 | 72.1 · minimal +15.3
              expanded: Gridiron Ga… 87.4 · Up 15.3 (62% to win) · Taco Tuesday 72.1
              3 playing · 2 to play · 4 done — P. Mahomes 24.3
            Watch: 87.4 – 72.1 · Up 15.3
            If stale: Scores may be behind — last update 2:14 PM
            Home Assistant: Gridiron Gang vs Taco Tuesday [87.4 – 72.1] 4/9 done
              Up 15.3 — 87.4 – 72.1 · 62% to win · 3 playing · 2 to play · 4 done · as of 2:14 PM
            """)
    }

    @Test("Without a win chance the preview is what it was before there was one")
    func previewWithoutWinChance() {
        #expect(preview(.liveWinning) == """
            Lock Screen: Gridiron Gang vs Taco Tuesday (Dynasty Bros · Week 12)
              Up 15.3 — 87.4 – 72.1
              Playing now — P. Mahomes 24.3 · A. St. Brown 15.1 · KC D/ST 8.0
              3 playing · 2 to play · 4 done · as of 2:14 PM
            Island: compact 87.4 | 72.1 · minimal +15.3
              expanded: Gridiron Ga… 87.4 · Up 15.3 · Taco Tuesday 72.1
              3 playing · 2 to play · 4 done — P. Mahomes 24.3
            Watch: 87.4 – 72.1 · Up 15.3
            If stale: Scores may be behind — last update 2:14 PM
            Home Assistant: Gridiron Gang vs Taco Tuesday [87.4 – 72.1] 4/9 done
              Up 15.3 — 87.4 – 72.1 · 3 playing · 2 to play · 4 done · as of 2:14 PM
            """)
    }
}
