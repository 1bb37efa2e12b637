import Foundation
import Testing
import SidelineCore
import SidelineEngine
@testable import SidelineDelivery
import SidelineTestSupport

extension ServerTests {
    @Suite("The status page's Lock Screen previews on their own: the README's picture")
    struct StatusPagePreviewTests {
        @Test("Mid-afternoon on the demo Sunday, every live activity's card renders in a real headless browser from the phone's own strings")
        func previewsInChromium() async throws {
            let chromium = try TestTools.chromium()
            try await withServer { h in
                try await h.register()
                // 1:40 PM ET: the London game is over and the 1:00 games are on, so both demo
                // users have a live activity with points on the board.
                try await h.runPasses(from: "2026-11-22T14:27:00Z", to: "2026-11-22T18:40:00Z")
                let running = try h.store.runningActivities(at: h.clock.date)
                #expect(running.count >= 2, "\(running.count) live activities")

                let page = try await HTTP.send("GET", h.base, bearer: ServerHarness.adminToken)
                #expect(page.status == 200)
                let previews = try #require(Self.previewsOnly(page.text), "no activities section in \(page.text.prefix(2000))")
                #expect(previews.components(separatedBy: "<article class=\"activity\"").count - 1 == running.count)
                let text = StatusPageTests.visibleText(previews)
                for activity in running {
                    let envelope = try EventEnvelope.decode(activity.payload)
                    #expect(text.contains(envelope.contentState.lockScreen.headline), "missing \(envelope.contentState.lockScreen.headline)")
                }
                #expect(!text.contains("Registrations") && !text.contains("database:"), "the previews alone, not the rest of the page")

                // The picture: the previews as a page of their own, at the width of two cards side by side.
                let file = h.directory.appendingPathComponent("previews.html")
                try previews.write(to: file, atomically: true, encoding: .utf8)
                let shot = ProcessInfo.processInfo.environment["SIDELINE_SCREENSHOT_PREVIEWS"].map { URL(fileURLWithPath: $0) }
                    ?? h.directory.appendingPathComponent("previews.png")
                let profile = h.directory.appendingPathComponent("chromium")
                let flags = StatusPageTests.headless(profile: profile)
                let picture = try await TestTools.run(chromium, flags + ["--hide-scrollbars", "--window-size=720,490", "--screenshot=\(shot.path)", file.absoluteString])
                #expect(picture.status == 0, "\(picture.stderr.suffix(2000))")
                let png = try Data(contentsOf: shot)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                #expect(png.count > 10_000, "a real picture, not a blank page")
            }
        }

        /// The page's style and its Live Activities section, as a page of their own.
        static func previewsOnly(_ html: String) -> String? {
            guard let style = html.range(of: "<style>"), let styleEnd = html.range(of: "</style>", range: style.upperBound..<html.endIndex),
                  let section = html.range(of: "<section id=\"activities\">"),
                  let sectionEnd = html.range(of: "</section>", range: section.upperBound..<html.endIndex) else { return nil }
            return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">\(html[style.lowerBound..<styleEnd.upperBound])</head>
                <body>\(html[section.lowerBound..<sectionEnd.upperBound])</body></html>
                """
        }
    }
}
