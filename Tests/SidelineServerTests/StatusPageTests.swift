import Foundation
import Testing
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineServer
@testable import SidelineDelivery
import SidelineTestSupport

extension ServerTests {
    @Suite("The status page, as a person sees it in a real headless browser")
    struct StatusPageTests {
        @Test("A live Sunday: the Lock Screen preview, the registration, the device with a short token")
        func inChromium() async throws {
            let chromium = try TestTools.chromium()
            try await withServer { h in
                try await h.liveSunday()
                let token = String(repeating: "0123456789abcdef", count: 4)
                _ = try await h.pair("demo_alex", token: token)
                let running = try #require(try h.store.runningActivities(at: h.clock.date).first)
                let envelope = try EventEnvelope.decode(running.payload)

                // The browser authenticates as a person would: the token as the Basic password.
                let page = URL(string: "http://admin:\(ServerHarness.adminToken)@127.0.0.1:\(h.base.port!)/")!
                let profile = h.directory.appendingPathComponent("chromium")
                let flags = Self.headless(profile: profile)
                let dom = try await TestTools.run(chromium, flags + ["--dump-dom", page.absoluteString])
                #expect(dom.status == 0, "\(dom.stderr.suffix(2000))")
                let text = Self.visibleText(dom.stdout)

                // What the phone shows, word for word from the same content state.
                for line in [envelope.attributes.title, envelope.attributes.subtitle, envelope.contentState.lockScreen.headline,
                             envelope.contentState.lockScreen.detail, envelope.contentState.lockScreen.footer] {
                    #expect(text.contains(line), "missing \"\(line)\" in \(text.prefix(3000))")
                }
                #expect(text.contains("Alex's Audibles vs demo_casey"))
                #expect(text.contains("demo_alex"))
                #expect(text.contains("Sideline Demo League (\(GameDayScript.leagueID))"))
                #expect(text.contains("live"))
                #expect(text.contains("Test iPhone"))
                #expect(text.contains(PushToken.shortened(token)))
                #expect(!text.contains(token), "tokens are never shown whole")
                #expect(text.contains("calls in the last minute"))
                #expect(text.contains("kickoff"))
                // Times in the display zone with the zone named, never bare UTC beside the cards;
                // the configuration and database this server runs on (issue 27).
                #expect(text.contains("as of Sun, Nov 22 at 9:33 AM EST"), "\(text.prefix(600))")
                #expect(!text.contains("T14:") && !text.contains("11-22 14:"), "no UTC times")
                #expect(text.contains("configuration file: none") && text.contains("database: \(h.configuration.databasePath)"))
                #expect(text.contains("Live points: ") && text.contains("Game statuses: "))

                // A picture of it, for people and for the README (SIDELINE_SCREENSHOT=path keeps one).
                let shot = ProcessInfo.processInfo.environment["SIDELINE_SCREENSHOT"].map { URL(fileURLWithPath: $0) } ?? h.directory.appendingPathComponent("status.png")
                let picture = try await TestTools.run(chromium, flags + ["--hide-scrollbars", "--window-size=430,1400", "--screenshot=\(shot.path)", page.absoluteString])
                #expect(picture.status == 0, "\(picture.stderr.suffix(2000))")
                let png = try Data(contentsOf: shot)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                #expect(png.count > 10_000, "a real picture, not a blank page")
            }
        }

        /// Chromium's flags for a run with no window and a profile of its own.
        static func headless(profile: URL) -> [String] {
            ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--user-data-dir=\(profile.path)"]
        }

        /// The page's text as a reader gets it: tags dropped, entities decoded, spaces collapsed.
        static func visibleText(_ html: String) -> String {
            var text = html
            if let start = text.range(of: "<style>"), let end = text.range(of: "</style>") { text.removeSubrange(start.lowerBound..<end.upperBound) }
            text = text.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            for (entity, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")] {
                text = text.replacingOccurrences(of: entity, with: character)
            }
            return text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        }
    }
}
