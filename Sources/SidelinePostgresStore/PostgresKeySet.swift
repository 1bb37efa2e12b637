import Foundation
import SidelinePostgres
import SidelineStore

/// A set of keys bound as one parameter, for set-based reads (issue 31): one statement and
/// one round trip for the whole set, however large, where SQLite needs chunks of `IN (?, …)`.
///
/// The keys travel as a JSON array (encoded by Foundation, so no quoting of ours) and the
/// server unpacks them: `league_id = ANY (ARRAY(SELECT jsonb_array_elements_text($2::jsonb)))`
/// for text keys, `jsonb_array_elements($1::jsonb)` joined on `->> 0`, `->> 1`, … for keys of
/// several columns (a person row's user, week and mode).
enum PostgresKeySet {
    /// The SQL for parameter `$index` as an array of text keys.
    static func sql(_ index: Int) -> String { "ARRAY(SELECT jsonb_array_elements_text($\(index)::jsonb))" }

    static func parameter(_ keys: some Collection<some Encodable>) throws(StoreError) -> PostgresValue {
        do {
            return .text(String(decoding: try JSONEncoder().encode(Array(keys)), as: UTF8.self))
        } catch {
            throw StoreError("could not encode a set of keys: \(error)")
        }
    }
}
