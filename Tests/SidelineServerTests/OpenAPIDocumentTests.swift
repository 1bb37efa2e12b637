import Foundation
import Testing
import SidelineCore
import SidelineFakeSleeper
import SidelineServer
import SidelineTestSupport

extension ServerTests {
    @Suite("docs/openapi.json stays true: routes, Live Activity schemas, examples, real answers")
    struct OpenAPIDocumentTests {
        static var documentURL: URL { TestTools.repository.appendingPathComponent("docs/openapi.json") }

        static func document() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: documentURL)) as? [String: Any])
        }

        @Test("Every route the server registers is in the document, and nothing else is")
        func routesMatch() async throws {
            try await withServer { h in
                let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
                let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
                let served = Set(h.api.routes.map { "\($0.method) \($0.path)" })
                #expect(served == documented, "only served: \(served.subtracting(documented)), only documented: \(documented.subtracting(served))")
                #expect(served.count == 13)
            }
        }

        @Test("The Live Activity schemas in the document are the ones the app decodes")
        func liveActivitySchemas() throws {
            let generated = try #require(try JSONSerialization.jsonObject(with: Data(LiveActivitySchema.jsonSchema().utf8)) as? [String: Any])
            let definitions = try #require(generated["$defs"] as? [String: Any])
            let schemas = try #require((try Self.document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
            for (name, schema) in definitions {
                let rewritten = try JSONSerialization.jsonObject(with: Data(
                    String(decoding: try JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
                        .replacingOccurrences(of: "#/$defs/", with: "#/components/schemas/").utf8))
                let documented = try #require(schemas[name], "\(name) is missing: run scripts/make-openapi.py")
                #expect(NSDictionary(dictionary: documented as? [String: Any] ?? [:]).isEqual(rewritten as? [String: Any] ?? [:]), "\(name) differs: run scripts/make-openapi.py")
            }
        }

        @Test("Examples and real answers validate against the document's schemas")
        func examplesValidate() async throws {
            try await TestTools.requirePython(modules: ["jsonschema"])
            try await withServer { h in
                try await h.liveSunday()
                let device = try await h.pair("demo_alex")
                let scratch = h.directory.appendingPathComponent("answers")
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                var arguments = [TestTools.repository.appendingPathComponent("scripts/check-openapi-examples.py").path, Self.documentURL.path]
                let answers: [(String, HTTP.Response)] = [
                    ("MyActivities", try await HTTP.send("GET", h.url("/v1/me/activities"), bearer: device.secret)),
                    ("RegistrationList", try await HTTP.send("GET", h.url("/v1/registrations"), bearer: ServerHarness.adminToken)),
                    ("Readiness", try await HTTP.send("GET", h.url("/readyz"))),
                    ("Health", try await HTTP.send("GET", h.url("/healthz"))),
                    ("Error", try await HTTP.send("GET", h.url("/v1/me/activities"))),
                ]
                for (index, (schema, response)) in answers.enumerated() {
                    let file = scratch.appendingPathComponent("\(index).json")
                    try response.body.write(to: file)
                    arguments.append("\(schema)=\(file.path)")
                }
                let result = try await TestTools.run(TestTools.python, arguments)
                #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
                #expect(result.stdout.contains("examples checked"))
            }
        }
    }
}
