import Foundation
import Testing
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineServer
import SidelineStore
import SidelineTestSupport

extension ServerTests {
    @Suite("Admin API: registrations with the CLI's checks, behind the admin token")
    struct AdminAPITests {
        @Test("Registrations are added, listed and removed; errors read as the CLI's")
        func registrations() async throws {
            try await withServer { h in
                let admin = ServerHarness.adminToken
                let collection = h.url("/v1/registrations")

                let added = try await HTTP.send("POST", collection, json: ["user": "demo_alex", "leagues": [GameDayScript.leagueID], "timeZone": "America/Chicago"], bearer: admin)
                #expect(added.status == 201, "\(added.text)")
                let item = try #require((added.json?["registrations"] as? [[String: Any]])?.first)
                #expect(item["existed"] as? Bool == false)
                let registration = try #require(item["registration"] as? [String: Any])
                #expect(registration["id"] as? String == "1")
                #expect(registration["leagueName"] as? String == "Sideline Demo League")
                #expect(registration["timeZone"] as? String == "America/Chicago")
                let again = try await HTTP.send("POST", collection, json: ["user": GameDayScript.alex.userID, "leagues": [GameDayScript.leagueID]], bearer: admin)
                #expect(again.status == 200)
                #expect(((again.json?["registrations"] as? [[String: Any]])?.first?["existed"]) as? Bool == true)

                let refusals: [([String: Any], Int, String)] = [
                    (["user": "nobody_here"], 422, "Sleeper has no user named \"nobody_here\""),
                    (["user": "demo_alex", "leagues": ["42"]], 422, "Sleeper has no league with id 42"),
                    (["user": "demo_alex", "leagues": ["abc"]], 400, "league ids are numbers, got \"abc\""),
                    (["user": "demo_alex", "timeZone": "Mars/Olympus"], 400, "unknown time zone \"Mars/Olympus\""),
                    (["user": "  "], 400, "the username must not be empty"),
                    (["user": "demo_alex", "leagues": "1180000000000000001"], 400, "must be a list of strings"),
                    (["leagues": []], 400, "missing field \"user\""),
                ]
                for (body, status, message) in refusals {
                    let response = try await HTTP.send("POST", collection, json: body, bearer: admin)
                    #expect(response.status == status, "\(body): \(response.text)")
                    #expect(response.errorMessage?.contains(message) == true, "\(response.text)")
                }

                let list = try await HTTP.send("GET", collection, bearer: admin)
                #expect((list.json?["registrations"] as? [[String: Any]])?.map { $0["username"] as? String } == ["demo_alex"])

                #expect(try await HTTP.send("DELETE", h.url("/v1/registrations/7"), bearer: admin).status == 404)
                #expect(try await HTTP.send("DELETE", h.url("/v1/registrations/x1"), bearer: admin).status == 400)
                let removed = try await HTTP.send("DELETE", h.url("/v1/registrations/1"), bearer: admin)
                #expect(removed.status == 200, "\(removed.text)")
                #expect(removed.json?["removed"] as? String == "1")
                #expect(try h.store.activeRegistrations().isEmpty)
            }
        }

        @Test("Removing a registration ends its live activity, as `users remove` does")
        func removeEndsActivity() async throws {
            try await withServer { h in
                try await h.liveSunday()
                let removed = try await HTTP.send("DELETE", h.url("/v1/registrations/1"), bearer: ServerHarness.adminToken)
                #expect(removed.status == 200, "\(removed.text)")
                #expect(removed.json?["endedActivities"] as? Int == 1)
                #expect(try h.store.runningActivities(at: h.clock.date).isEmpty)
                #expect(try h.store.recentEvents(limit: 1).first.map { String(decoding: $0.payload, as: UTF8.self).contains("\"reason\":\"removed\"") } == true)
            }
        }

        @Test("Without the right admin token nothing is shown or changed")
        func adminAuth() async throws {
            // Nine failures below on purpose, and more to come: a roomier throttle than the default.
            try await withServer(throttle: AuthThrottle(limit: 50, window: 60)) { h in
                try await h.register([GameDayScript.alex.username])
                let device = try await h.pair("demo_alex")
                for (bearer, status) in [(nil, 401), ("wrong-token", 401), (device.secret, 401)] as [(String?, Int)] {
                    for (method, path) in [("GET", "/v1/registrations"), ("DELETE", "/v1/registrations/1"), ("GET", "/")] {
                        let response = try await HTTP.send(method, h.url(path), bearer: bearer)
                        #expect(response.status == status, "\(method) \(path) with \(bearer ?? "nothing"): \(response.text)")
                        #expect(!response.text.contains("demo_alex"))
                    }
                }
                #expect(try h.store.activeRegistrations().count == 1)
                // A browser is asked for the token; Basic auth with the token as password works.
                // (Asked through Python's http.client: FoundationNetworking's URLSession waits forever
                // on a Basic challenge it has no credential for.)
                try await TestTools.requirePython(modules: ["http.client"])
                let challenge = try await TestTools.run(TestTools.python, ["-c", """
                    import http.client, sys
                    c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=30)
                    c.request("GET", "/", headers={"Accept": "text/html"})
                    r = c.getresponse()
                    print(r.status, r.getheader("WWW-Authenticate"))
                    """, String(h.base.port ?? 0)])
                #expect(challenge.stdout.hasPrefix("401 Basic realm=\"sideline\""), "\(challenge.stdout) \(challenge.stderr)")
                let basic = Data("admin:\(ServerHarness.adminToken)".utf8).base64EncodedString()
                let page = try await HTTP.send("GET", h.url("/"), headers: ["Authorization": "Basic \(basic)"])
                #expect(page.status == 200)
                #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)

                try await withServer(adminToken: nil) { off in
                    let disabled = try await HTTP.send("GET", off.url("/v1/registrations"), bearer: "anything-at-all-here-0000000")
                    #expect(disabled.status == 403)
                    #expect(disabled.errorCode == "admin_disabled")
                }
            }
        }
    }
}
