import Foundation
import SidelineCore
import SidelineSleeper
import SidelineStore

/// The call gate backed by the persistent call log: a call is recorded before it is made,
/// in the same transaction that checks the sliding window, so the budget holds across
/// passes and processes.
public struct StoreCallGate: CallGate {
    let store: any CallLogStore
    let budget: RateBudget
    let now: @Sendable () -> Date

    public init(store: any CallLogStore, budget: RateBudget, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.budget = budget
        self.now = now
    }

    public func admit(_ call: SleeperCall) async throws(SleeperError) {
        let admitted: Bool
        do {
            admitted = try store.admitCall(kind: call.kind.rawValue, path: call.path, at: now(), budget: budget, forRegistration: call.isRegistration)
        } catch {
            throw .budgetExhausted(endpoint: "\(call.path) (call log unavailable: \(error))")
        }
        guard admitted else { throw .budgetExhausted(endpoint: call.path) }
    }
}

/// ETags and bodies kept in SQLite, so cron passes (a new process each minute) still get 304s.
public struct StoreResponseCache: ResponseCache {
    let store: any FeedStore

    public init(store: any FeedStore) { self.store = store }

    public func cached(for url: String) async -> CachedResponse? {
        // An unreadable cache only costs a full body instead of a 304: never a wrong answer.
        guard let hit = try? store.cachedResponse(url: url) else { return nil }
        return CachedResponse(etag: hit.etag, body: hit.body)
    }

    public func store(_ response: CachedResponse, for url: String) async {
        // Not kept: the next call asks without an ETag and gets the full body. Safe to drop.
        try? store.saveCachedResponse(url: url, etag: response.etag, body: response.body)
    }
}
