import Foundation
@testable import SidelineCore
import SidelineFakeHomeAssistant
import SidelineHTTP
import SidelineSinks
import Testing
import SidelineTestSupport

/// HA renders a notify call's `title` and `message` as Jinja templates: names with braces
/// must arrive as written, and never make HA refuse the call.
@Suite("Home Assistant: text that renders to itself")
struct HomeAssistantTemplateTests {
    static let token = "t0ken"
    static let phone = "mobile_app_alex_iphone"

    /// Team names people really pick, and the ones that break a template.
    static let names = [
        "{{Frank}}'s Team", "Alex's Audibles", "Tom {% if %} Brady", "The {% set x = 1", "{# not a comment",
        "Raw {% raw %}deal", "Escape {% endraw %} artists", "Sneaky {%- endraw -%}{{ x }}", "{{{%%}}}", "{", "}}{{",
        "Braces {{ 'quoted' }}", "Trailing {",
    ]

    func notification(title: String, message: String) -> HomeAssistantNotification {
        HomeAssistantNotification(title: title, message: message, data: .init(
            tag: "sideline-1-2026w12-1", liveUpdate: true, criticalText: "22.3–17.2", progress: 2, progressMax: 9,
            notificationIcon: HomeAssistantNotification.icon, notificationIconColor: "#2E7D32"
        ))
    }

    @Test("Every name arrives as written in the title and the message, and HA takes every call")
    func namesArriveAsWritten() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.phone]) { fake, base in
            let transport = CurlTransport(timeout: 5)
            let client = HomeAssistantClient(baseURL: base, token: Self.token, transport: transport, poster: transport)
            for name in Self.names {
                let title = "\(name) vs Casey"
                let message = "Up 5.1 — \(name) · as of 2:14 PM"
                let answer = await client.notify(service: Self.phone, body: try notification(title: title, message: message).encoded())
                let call = try #require(fake.calls.last)
                #expect(answer == .accepted, "\(name): \(call.refusal ?? "")")
                #expect(call.renderedTitle == title, "\(name)")
                #expect(call.renderedMessage == message, "\(name)")
            }
        }
    }

    @Test("Text without a brace is sent as it is; with one, as raw pieces none of which holds {%")
    func templateShape() {
        #expect(HomeAssistantNotification.template(renderingTo: "Alex's Audibles vs Casey") == "Alex's Audibles vs Casey")
        #expect(HomeAssistantNotification.template(renderingTo: "{{Frank}}'s Team") == "{% raw %}{{Frank}}'s Team{% endraw %}")
        #expect(HomeAssistantNotification.template(renderingTo: "a {% endraw %} b")
            == "{% raw %}a {{% endraw %}{% raw %}% endraw %} b{% endraw %}")
    }

    @Test("The look-alike renders as HA does: unknown names to nothing, an unclosed tag or comment is a plain 400")
    func theLookAlikeRendersLikeHomeAssistant() async throws {
        try await withFakeHomeAssistant(token: Self.token, notifyServices: [Self.phone]) { fake, base in
            let transport = CurlTransport(timeout: 5)
            let client = HomeAssistantClient(baseURL: base, token: Self.token, transport: transport, poster: transport)
            func send(_ title: String) async throws -> HomeAssistantAnswer {
                // The text as today's sender sent it: not a template of itself.
                let body = try JSONSerialization.data(withJSONObject: ["title": title, "message": "hi", "data": ["tag": "t", "live_update": true]])
                return await client.notify(service: Self.phone, body: body)
            }
            #expect(try await send("{{Frank}}'s Team") == .accepted)
            #expect(fake.calls.last?.renderedTitle == "'s Team")
            #expect(try await send("{{ 'a' }}{# gone #}{% raw %}{{kept}}{% endraw %}") == .accepted)
            #expect(fake.calls.last?.renderedTitle == "a{{kept}}")
            for broken in ["The {% set x = 1", "{# not a comment", "{{ open", "{% endraw %}"] {
                guard case .badRequest = try await send(broken) else {
                    Issue.record("\(broken) was taken")
                    continue
                }
                #expect(fake.calls.last?.status == 400)
            }
        }
    }
}
