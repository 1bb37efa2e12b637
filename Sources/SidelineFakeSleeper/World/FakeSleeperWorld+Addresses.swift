import Foundation

extension FakeSleeperWorld {
    /// Answers 429 to an address past `limit` in any window of the world's clock (see
    /// ``FakeAddressLimit``); `nil` (the default) turns it off. Installing a limit starts
    /// every address's window empty.
    public func limitCallsPerAddress(_ limit: FakeAddressLimit?) {
        state.withLock { $0.addressLimiter = limit.map(FakeAddressLimiter.init) }
    }

    /// Calls refused with 429 by the per-address limit: from `address`, or from all when
    /// `nil`. Counted even while the request log is off (a load test).
    public func rateLimitedCount(address: String? = nil) -> Int {
        state.withLock { state in
            guard let refused = state.addressLimiter?.refused else { return 0 }
            return address.map { refused[$0] ?? 0 } ?? refused.values.reduce(0, +)
        }
    }

    /// Logged requests per client address (the IP a request came from, e.g. `127.0.0.2`).
    public func requestCountsByAddress() -> [String: Int] {
        state.withLock { state in
            state.log.reduce(into: [:]) { counts, record in counts[record.remoteAddress ?? "unknown", default: 0] += 1 }
        }
    }

    /// Logs the request and asks the per-address limit, in one step so that concurrent
    /// requests are counted in arrival order. Returns `Retry-After` seconds for a refused call.
    func record(method: String, path: String, query: String, headers: [String: String], remotePort: Int?, remoteAddress: String?) -> Int? {
        state.withLock { state in
            var retryAfter: Int?
            if FakeAddressLimit.counts(path), let address = remoteAddress {
                let now = state.now
                retryAfter = state.addressLimiter?.admit(address, at: now)
            }
            if state.recording {
                state.log.append(FakeRequestRecord(
                    sequence: state.log.count + 1, method: method, path: path, query: query, headers: headers,
                    remotePort: remotePort, remoteAddress: remoteAddress, rateLimited: retryAfter != nil
                ))
            }
            return retryAfter
        }
    }
}
