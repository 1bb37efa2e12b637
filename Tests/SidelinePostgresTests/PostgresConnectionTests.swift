import Foundation
import SidelinePostgres
import SidelinePostgresTestDatabase
import Testing

@Suite("PostgreSQL connection: parameters, transactions, locks, errors, reconnecting", .enabled(if: TestDatabase.runs, TestDatabase.skipReason))
struct PostgresConnectionTests {
    @Test("Text, numbers, bytes and booleans come back exactly as sent; an empty string is not NULL")
    func parametersRoundTrip() throws {
        let connection = try PostgresConnection(url: TestDatabase.url())
        let texts = ["it's \"quoted\"", "back\\slash \\x00 and $1", "🏈 Touchdown – Ñandú", "", "'; DROP TABLE call_log; --", String(repeating: "x", count: 100_000)]
        for text in texts {
            let row = try #require(try connection.execute("SELECT $1::text AS v, $1::text IS NULL AS is_null", [.text(text)]).first)
            #expect(try row.value("v", as: String.self) == text)
            #expect(try row.value("is_null", as: Bool.self) == false)
        }
        let null = try #require(try connection.execute("SELECT $1::text AS v", [.null]).first)
        #expect(try null.value("v", as: String?.self) == nil)
        #expect(throws: PostgresError.self) { try null.value("v", as: String.self) }

        for number in [Int64.max, Int64.min, 0, -1] {
            #expect(try connection.execute("SELECT $1::bigint AS v", [.int(number)]).first?.value("v", as: Int64.self) == number)
        }
        // Instants are stored as double seconds: they must come back to the bit.
        for number in [0.1, 1e-300, 1_795_442_400.123456789, -0.0, Double.greatestFiniteMagnitude, Date(timeIntervalSince1970: 1_795_442_400).addingTimeInterval(1.0 / 3).timeIntervalSince1970] {
            let back = try connection.execute("SELECT $1::double precision AS v", [.double(number)]).first?.value("v", as: Double.self)
            #expect(back?.bitPattern == number.bitPattern, "\(number) came back as \(String(describing: back))")
        }
        let bytes = Data((0...255).map { UInt8($0) } + [0, 0, 92, 120])
        #expect(try connection.execute("SELECT $1::bytea AS v", [.bytes(bytes)]).first?.value("v", as: Data.self) == bytes)
        #expect(try connection.execute("SELECT $1::bytea AS v", [.bytes(Data())]).first?.value("v", as: Data.self) == Data())
        #expect(try connection.execute("SELECT $1::boolean AS t, $2::boolean AS f", [.bool(true), .bool(false)]).first.map { (try $0.value("t", as: Bool.self), try $0.value("f", as: Bool.self)) } ?? (false, true) == (true, false))
    }

    @Test("A NaN or an infinity is refused with a clear error, and a NUL in text too")
    func nonFiniteRefused() throws {
        let connection = try PostgresConnection(url: TestDatabase.url())
        for value in [Double.nan, .infinity, -.infinity] {
            #expect { try connection.execute("SELECT $1::double precision", [.double(value)]) } throws: { error in
                (error as? PostgresError)?.message.contains("finite") == true
            }
        }
        #expect(throws: PostgresError.self) { try connection.execute("SELECT $1::text", [.text("a\u{0}b")]) }
        // The connection is still good after a refused parameter.
        #expect(try connection.execute("SELECT 1 AS one").first?.value("one", as: Int.self) == 1)
    }

    @Test("A transaction whose body throws is rolled back; one that returns is committed")
    func transactionRollback() throws {
        let (url, schema) = try TestDatabase.freshSchema()
        defer { try? TestDatabase.drop(schema) }
        let connection = try PostgresConnection(url: url)
        try connection.execute("CREATE TABLE item (name text PRIMARY KEY)")
        struct Abandoned: Error {}
        #expect(throws: Abandoned.self) {
            try connection.transaction { session in
                try session.execute("INSERT INTO item VALUES ($1)", ["kept?"])
                throw Abandoned()
            }
        }
        #expect(try connection.execute("SELECT count(*) AS n FROM item").first?.value("n", as: Int.self) == 0)
        _ = try connection.transaction { session in try session.execute("INSERT INTO item VALUES ($1)", ["kept"]) }
        // A server error inside the body rolls back what came before it as well.
        #expect { try connection.transaction { session in
            try session.execute("INSERT INTO item VALUES ($1)", ["second"])
            try session.execute("INSERT INTO item VALUES ($1)", ["kept"])
        } } throws: { ($0 as? PostgresError)?.sqlState == "23505" }
        #expect(try connection.execute("SELECT name FROM item").map { try $0.value("name", as: String.self) } == ["kept"])
    }

    @Test("An advisory lock held by one connection is refused to another until released, and a transaction's lock until it ends")
    func advisoryLockContention() throws {
        let url = try TestDatabase.url()
        let first = try PostgresConnection(url: url)
        let second = try PostgresConnection(url: url)
        let key = Int64.random(in: 1...Int64.max)
        #expect(try first.tryAdvisoryLock(key))
        #expect(try !second.tryAdvisoryLock(key))
        #expect(try first.advisoryUnlock(key))
        #expect(try second.tryAdvisoryLock(key))
        #expect(try second.advisoryUnlock(key))
        #expect(try !second.advisoryUnlock(key), "not held any more")

        let duringTransaction = try first.transaction { session in
            try session.advisoryTransactionLock(key)
            return try second.tryAdvisoryLock(key)
        }
        #expect(!duringTransaction)
        #expect(try second.tryAdvisoryLock(key), "released at commit")
        try second.advisoryUnlock(key)
    }

    @Test("A wrong password is a clear error that does not contain the password")
    func wrongPassword() throws {
        let url = try TestDatabase.url()
        let secret = "definitely-wrong-\(UInt32.random(in: 0...UInt32.max))"
        let wrong = PostgresURL(host: url.host, port: url.port, user: url.user, database: url.database, password: secret, parameters: url.parameters)
        #expect { try PostgresConnection(url: wrong) } throws: { error in
            let message = "\(error)"
            return message.contains("password authentication failed") && message.contains(url.host) && !message.contains(secret)
        }
    }

    @Test("A server error carries its SQLSTATE and message")
    func serverErrors() throws {
        let connection = try PostgresConnection(url: TestDatabase.url())
        #expect { try connection.execute("SELEC 1") } throws: { ($0 as? PostgresError)?.sqlState == "42601" }
        #expect { try connection.execute("SELECT 1 / $1::int", [0]) } throws: { error in
            let error = error as? PostgresError
            return error?.sqlState == "22012" && error?.message.contains("division by zero") == true && error?.connectionLost == false
        }
    }

    @Test("A connection the server ended between statements is reset before the next one")
    func reconnectsBetweenStatements() throws {
        let url = try TestDatabase.url()
        let connection = try PostgresConnection(url: url)
        let killer = try PostgresConnection(url: url)
        let before = connection.backendPID()
        #expect(try killer.execute("SELECT pg_terminate_backend($1::int) AS ended", [.int(Int64(before))]).first?.value("ended", as: Bool.self) == true)
        // pg_terminate_backend only signals: wait for the backend to be gone (a server-side
        // event, not a timer; bounded so a broken server fails the test instead of hanging).
        for _ in 0..<500 {
            let alive = try killer.execute("SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1::int", [.int(Int64(before))]).first?.value("n", as: Int.self)
            if alive == 0 { break }
            usleep(10_000)
        }
        #expect(try connection.execute("SELECT 42 AS answer").first?.value("answer", as: Int.self) == 42)
        #expect(connection.backendPID() != before)
    }
}
