import Foundation

extension Messages {
    /// Which store a process opens (`store.url`), and `sideline migrate` (issue 31).
    public enum Store {
        public static func migrated(_ store: String, from: String?, to: String?, applied: Int) -> String {
            "migrated \(store) from \(from ?? "an empty schema") to \(to ?? "nothing") (\(applied) migration\(applied == 1 ? "" : "s") applied)"
        }
        public static func upToDate(_ store: String, at migration: String?) -> String {
            "\(store) is up to date (schema \(migration ?? "empty")): nothing to migrate"
        }
    }
}
