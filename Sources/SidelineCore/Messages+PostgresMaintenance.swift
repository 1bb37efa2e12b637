import Foundation

extension Messages.Postgres {
    /// The store as `backup`'s refusal and the pass lock name it (`target`: the URL as
    /// ``PostgresURL`` describes it, without the password).
    public static func store(_ target: String) -> String { "PostgreSQL at \(target)" }

    /// Another pass holds the pass lock; `holder` says which session, when the server says.
    public static func passLockHeld(_ target: String, schema: String, holder: String?) -> String {
        "another sideline pass is running against this database (\(store(target)), schema \(schema), pass lock held by \(holder ?? "another session")); try again when it finishes"
    }

    /// The session holding the pass lock: its application name (a Sideline's names its host
    /// and process), and the address it connected from.
    public static func passLockHolder(application: String?, client: String?, backendPID: Int) -> String {
        let name = application.flatMap { $0.isEmpty ? nil : $0 } ?? "a session"
        return "\(name), server backend \(backendPID)" + (client.map { " from \($0)" } ?? "")
    }

    public static func passLockFailed(_ target: String, _ why: String) -> String {
        "cannot take the pass lock on \(store(target)): \(why)"
    }
}
