import CCurl
import Foundation
import Synchronization

/// What ``CurlClient/send(_:)`` hands to the loop thread.
struct CurlSubmission: Sendable {
    let id: UInt64
    let request: CurlRequest
    let continuation: CheckedContinuation<Result<CurlResponse, CurlError>, Never>

    func fail(_ error: CurlError) { continuation.resume(returning: .failure(error)) }
}

/// The thread that drives one libcurl multi handle.
///
/// libcurl handles are not thread-safe, so exactly one thread touches them: it runs
/// `curl_multi_poll`, which sleeps until a socket is ready, a libcurl timer is due, or another
/// thread calls `curl_multi_wakeup` (the one multi call that is safe from any thread).
/// Other threads only append to ``Shared/queue`` (or mark a cancellation) under the lock and
/// wake the thread; completions resume the caller's continuation from this thread. Swift's
/// cooperative pool never waits on a socket.
///
/// The `@unchecked Sendable` is this split: ``shared`` is behind a `Mutex`; everything else
/// is touched by the loop thread alone.
final class CurlMultiLoop: @unchecked Sendable {
    /// A `CURLM *` that may cross threads (only for `curl_multi_wakeup`, under the lock).
    struct MultiHandle: @unchecked Sendable {
        let raw: UnsafeMutableRawPointer
    }

    struct Shared {
        var queue: [CurlSubmission] = []
        /// Ids handed to the loop and not finished: cancelling one needs the loop.
        var inFlight: Set<UInt64> = []
        var cancelled: Set<UInt64> = []
        var closing = false
        var resetRequested = false
        /// `nil` while the loop swaps or frees the handle: a wakeup then is not needed, as
        /// the loop reads the queue before it polls again.
        var multi: MultiHandle?
    }

    static let closedError = CurlError(kind: .closed, message: "the HTTP client was closed")
    static let cancelledError = CurlError(kind: .cancelled, message: "request cancelled")

    private let shared: Mutex<Shared>
    private let ids = Atomic<UInt64>(0)
    private let options: CurlClientOptions
    // Loop thread only:
    private var multi: UnsafeMutableRawPointer
    private var transfers: [UInt64: CurlTransfer] = [:]
    /// `curl_multi_info_read` names the easy handle; this finds its transfer.
    private var idsByHandle: [UnsafeMutableRawPointer: UInt64] = [:]
    private var resetting = false

    init(options: CurlClientOptions) throws(CurlError) {
        CurlGlobal.ensureInitialized()
        self.options = options
        multi = try Self.makeMulti(options)
        shared = Mutex(Shared(multi: MultiHandle(raw: multi)))
    }

    // MARK: Any thread

    func nextID() -> UInt64 {
        ids.add(1, ordering: .relaxed).newValue
    }

    func submit(_ submission: CurlSubmission) {
        let refusal: CurlError? = shared.withLock { shared in
            if shared.closing { return Self.closedError }
            // Checked under the lock that `cancel` takes, so a cancellation is seen either
            // here or by `cancel` finding the request queued.
            if Task.isCancelled { return Self.cancelledError }
            shared.queue.append(submission)
            // A queue that was not empty has a wakeup pending already: the loop empties
            // the queue in one go. One wakeup (a write to a socket pair) per burst.
            if shared.queue.count == 1 { Self.wake(&shared) }
            return nil
        }
        if let refusal { submission.fail(refusal) }
    }

    func cancel(_ id: UInt64) {
        let queued: CurlSubmission? = shared.withLock { shared in
            if let index = shared.queue.firstIndex(where: { $0.id == id }) {
                return shared.queue.remove(at: index)
            }
            if shared.inFlight.contains(id) {
                shared.cancelled.insert(id)
                Self.wake(&shared)
            }
            return nil
        }
        queued?.fail(Self.cancelledError)
    }

    func requestReset() {
        shared.withLock { shared in
            shared.resetRequested = true
            Self.wake(&shared)
        }
    }

    func close() {
        shared.withLock { shared in
            shared.closing = true
            Self.wake(&shared)
        }
    }

    /// Wakes the loop; called with the lock held so the handle cannot be freed meanwhile.
    private static func wake(_ shared: inout Shared) {
        if let multi = shared.multi { _ = curl_multi_wakeup(multi.raw) }
    }

    // MARK: Loop thread

    func run() {
        while true {
            let commands = takeCommands()
            if commands.closing {
                shutDown()
                return
            }
            for id in commands.cancelled { cancelTransfer(id) }
            for submission in commands.submissions { start(submission) }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            collectCompleted()
            if resetting, transfers.isEmpty {
                guard replaceMulti() else { return }
                continue  // start what queued up meanwhile before sleeping
            }
            _ = curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    private struct Commands {
        var submissions: [CurlSubmission] = []
        var cancelled: Set<UInt64> = []
        var closing = false
    }

    private func takeCommands() -> Commands {
        shared.withLock { shared in
            var commands = Commands(cancelled: shared.cancelled, closing: shared.closing)
            shared.cancelled = []
            if shared.resetRequested {
                resetting = true
                shared.resetRequested = false
            }
            // While a reset waits for in-flight requests to drain, new ones stay queued so
            // they go out on the new connection.
            if !resetting {
                commands.submissions = shared.queue
                shared.queue = []
                for submission in commands.submissions { shared.inFlight.insert(submission.id) }
            }
            return commands
        }
    }

    private func start(_ submission: CurlSubmission) {
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(submission, options: options)
        } catch {
            finished(submission.id)
            submission.fail(error)
            return
        }
        let code = curl_multi_add_handle(multi, transfer.handle)
        guard code == CURLM_OK else {
            transfer.cleanup()
            finished(submission.id)
            let message = "curl_multi_add_handle failed: \(String(cString: curl_multi_strerror(code)))"
            submission.fail(CurlError(kind: .other, curlCode: Int(code.rawValue), message: message))
            return
        }
        transfers[submission.id] = transfer
        idsByHandle[transfer.handle] = submission.id
    }

    private func collectCompleted() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                  let id = idsByHandle[handle], let transfer = transfers[id]
            else { continue }
            // `message` points into the multi handle and is invalid after removal: read first.
            let result = ccurl_message_result(message)
            let outcome: Result<CurlResponse, CurlError> =
                result == CURLE_OK ? .success(transfer.response()) : .failure(transfer.failure(result))
            remove(transfer)
            transfer.continuation.resume(returning: outcome)
        }
    }

    private func cancelTransfer(_ id: UInt64) {
        guard let transfer = transfers[id] else { return }
        remove(transfer)
        transfer.continuation.resume(returning: .failure(Self.cancelledError))
    }

    private func remove(_ transfer: CurlTransfer) {
        _ = curl_multi_remove_handle(multi, transfer.handle)
        idsByHandle[transfer.handle] = nil
        transfers[transfer.id] = nil
        transfer.cleanup()
        finished(transfer.id)
    }

    private func finished(_ id: UInt64) {
        shared.withLock { _ = $0.inFlight.remove(id) }
    }

    /// Frees the multi handle, and with it every connection it cached, and makes a new one.
    /// Returns `false` when no new handle could be made (libcurl out of memory): then the
    /// client is closed and every queued request fails.
    private func replaceMulti() -> Bool {
        resetting = false
        shared.withLock { $0.multi = nil }
        _ = curl_multi_cleanup(multi)
        do {
            multi = try Self.makeMulti(options)
            shared.withLock { $0.multi = MultiHandle(raw: multi) }
            return true
        } catch {
            shared.withLock { $0.closing = true }
            failQueued(CurlError(kind: .closed, message: "could not recreate the libcurl multi handle: \(error)"))
            return false
        }
    }

    private func shutDown() {
        for transfer in Array(transfers.values) {
            remove(transfer)
            transfer.continuation.resume(returning: .failure(Self.closedError))
        }
        shared.withLock { $0.multi = nil }
        _ = curl_multi_cleanup(multi)
        failQueued(Self.closedError)
    }

    private func failQueued(_ error: CurlError) {
        let queued = shared.withLock { shared in
            let queued = shared.queue
            shared.queue = []
            return queued
        }
        for submission in queued { submission.fail(error) }
    }

    private static func makeMulti(_ options: CurlClientOptions) throws(CurlError) -> UnsafeMutableRawPointer {
        guard let multi = curl_multi_init() else {
            throw CurlError(kind: .other, message: "curl_multi_init failed")
        }
        // Streams on one connection (libcurl's default since 7.62; set so it is explicit).
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, options.maximumCachedConnections)
        return multi
    }
}
