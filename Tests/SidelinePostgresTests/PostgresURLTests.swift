import Foundation
import SidelinePostgres
import Testing

@Suite("PostgreSQL URLs: parsed with Foundation, the password never shown")
struct PostgresURLTests {
    @Test("A full URL gives its parts, the password percent-decoded")
    func parsesEveryPart() throws {
        let url = try PostgresURL("postgres://poller:p%40ss%25word@db.example.net:6543/sideline?sslmode=verify-full")
        #expect(url.user == "poller")
        #expect(url.password == "p@ss%word")
        #expect(url.host == "db.example.net")
        #expect(url.port == 6543)
        #expect(url.database == "sideline")
        #expect(url.parameters == ["sslmode": "verify-full"])
        let short = try PostgresURL("postgresql://poller@localhost/sideline")
        #expect(short.port == 5432)
        #expect(short.password == nil)
    }

    @Test("The description and debug description never hold the password, however it was given")
    func descriptionHidesPassword() throws {
        let secret = "hunter2-secret"
        let fromURL = try PostgresURL("postgres://poller:\(secret)@db:5432/sideline")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pg-password-\(UUID().uuidString)")
        try "  \(secret)  \nsecond line\n".write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try PostgresURL("postgres://poller@db/sideline").withPassword(fromFile: file.path)
        #expect(fromFile.password == secret)
        for url in [fromURL, fromFile] {
            for shown in [url.description, url.debugDescription, "\(url)", String(reflecting: url)] {
                #expect(!shown.contains(secret), "shown: \(shown)")
                #expect(shown.contains("poller:***@db:5432/sideline"))
            }
        }
    }

    @Test("Hostile URLs are clear errors, never a crash, and no error repeats the password", arguments: [
        "postgres:///sideline",                          // no host
        "postgres://poller:pw-XYZ@:5432/sideline",       // no host
        "postgres://poller:pw-XYZ@db:0/sideline",        // port 0
        "postgres://poller:pw-XYZ@db:99999/sideline",    // port out of range
        "postgres://poller:pw-XYZ@db:abc/sideline",      // port not a number
        "postgres://poller:pw XYZ@db/sideline",          // a space
        "postgres://poller:pw@XYZ@db/sideline",          // a raw @ in the password
        "postgres://poller:pw%XYZ@db/sideline",          // a raw % in the password
        "mysql://poller:pw-XYZ@db/sideline",             // another scheme
        "postgres://poller:pw-XYZ@db/",                  // no database
        "postgres://:pw-XYZ@db/sideline",                // no user
        "postgres://poller:pw-XYZ@db/sideline?sslmode=sometimes",
        "postgres://poller:pw-XYZ@db/sideline?password_file=/etc/shadow",
        "",
        "not a url at all",
    ])
    func hostileURLs(_ text: String) {
        do {
            let url = try PostgresURL(text)
            Issue.record("accepted \(url)")
        } catch {
            #expect(!error.message.isEmpty)
            #expect(!error.message.contains("XYZ"), "the error repeats the password: \(error.message)")
        }
    }

    @Test("A password file that is missing or empty is an error naming the file")
    func passwordFileProblems() throws {
        let url = try PostgresURL("postgres://poller@db/sideline")
        let missing = "/nonexistent/pg-password"
        #expect { try url.withPassword(fromFile: missing) } throws: { ($0 as? PostgresError)?.message.contains(missing) == true }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("pg-empty-\(UUID().uuidString)")
        try "\n".write(to: empty, atomically: true, encoding: .utf8)
        #expect { try url.withPassword(fromFile: empty.path) } throws: { ($0 as? PostgresError)?.message.contains("empty") == true }
    }
}
