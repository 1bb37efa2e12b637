import Foundation

/// A ``ResponseCache`` held in memory for the life of the process.
public actor InMemoryResponseCache: ResponseCache {
    private var entries: [String: CachedResponse] = [:]

    public init() {}

    public func cached(for url: String) -> CachedResponse? { entries[url] }

    public func store(_ response: CachedResponse, for url: String) { entries[url] = response }
}
