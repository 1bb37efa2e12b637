/// The seeds' DataSource pattern: data that is shown from a cache first, refreshed, and
/// polled. Polling is one `async` call that runs until its task is cancelled, so SwiftUI's
/// `.task { await source.poll() }` starts and stops it with the view, instead of the seeds'
/// `startPolling`/`stopPolling` pair.
@MainActor
public protocol DataSource<Value>: AnyObject {
    associatedtype Value
    /// The newest value known: cached, then fetched.
    var data: Value? { get }
    /// What went wrong on the last refresh, ready to show; `nil` after a good one.
    var problem: String? { get }
    /// Shows the cached value if nothing is shown yet.
    func loadCached() async
    /// Fetches once; on failure keeps what is shown and sets ``problem``.
    func refresh() async
    /// Refreshes, then again at the interval the data asks for, until cancelled.
    func poll() async
}
