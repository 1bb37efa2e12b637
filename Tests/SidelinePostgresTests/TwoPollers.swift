import SidelinePostgresStore
import SidelinePostgresTestDatabase

/// Two stores on one new schema, as two pollers on two hosts have (drop the schema after).
func twoStores() throws -> (first: PostgresStore, second: PostgresStore, schema: String) {
    let (url, schema) = try TestDatabase.freshSchema()
    return (try PostgresStore(url: url), try PostgresStore(url: url), schema)
}
