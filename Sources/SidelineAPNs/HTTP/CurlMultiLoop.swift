import CCurl
import Foundation
import Synchronization

/// The thread that drives one libcurl multi handle.
///
/// libcurl handles are not thread-safe, so exactly one thread touches them: it runs
/// `curl_multi_poll`, which sleeps until a socket is ready, a libcurl timer is due, or another
/// thread calls `curl_multi_wakeup` (the one multi call that is safe from any thread).
/// `CurlHTTP2Client.send` only appends to ``Shared/queue`` under the lock and wakes the
/// thread; completions resume the caller's continuation from this thread. Swift's
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
        var nextID: UInt64 = 0
    }

    let shared: Mutex<Shared>
    private let options: CurlHTTP2Client.Options
    // Loop thread only:
    private var multi: UnsafeMutableRawPointer
    private var transfers: [UInt64: CurlTransfer] = [:]
    private var resetting = false

    init(options: CurlHTTP2Client.Options) throws(HTTPTransportError) {
        CurlGlobal.ensureInitialized()
        self.options = options
        multi = try Self.makeMulti()
        shared = Mutex(Shared(multi: MultiHandle(raw: multi)))
    }

    // MARK: Any thread

    /// Wakes the loop; call with the lock held so the handle cannot be freed meanwhile.
    static func wake(_ shared: inout Shared) {
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
            for id in commands.cancelled { cancel(id) }
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
            submission.continuation.resume(throwing: error)
            return
        }
        let code = curl_multi_add_handle(multi, transfer.handle)
        guard code == CURLM_OK else {
            transfer.cleanup()
            finished(submission.id)
            let message = "curl_multi_add_handle failed: \(String(cString: curl_multi_strerror(code)))"
            submission.continuation.resume(throwing: HTTPTransportError(kind: .other, curlCode: Int(code.rawValue), message: message))
            return
        }
        transfers[submission.id] = transfer
    }

    private func collectCompleted() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let result = ccurl_message_result(message)
            guard let transfer = transfers.first(where: { $0.value.handle == handle })?.value else { continue }
            let outcome: Result<HTTPResponse, any Error> =
                result == CURLE_OK ? .success(transfer.response()) : .failure(transfer.failure(result))
            // `message` points into the multi handle and is invalid after removal: read first.
            remove(transfer)
            transfer.continuation.resume(with: outcome)
        }
    }

    private func cancel(_ id: UInt64) {
        guard let transfer = transfers[id] else { return }
        remove(transfer)
        transfer.continuation.resume(throwing: HTTPTransportError(kind: .cancelled, message: "request cancelled"))
    }

    private func remove(_ transfer: CurlTransfer) {
        _ = curl_multi_remove_handle(multi, transfer.handle)
        transfer.cleanup()
        transfers[transfer.id] = nil
        finished(transfer.id)
    }

    private func finished(_ id: UInt64) {
        shared.withLock { _ = $0.inFlight.remove(id) }
    }

    /// Frees the multi handle, and with it every connection it cached, and makes a new one:
    /// after a 5xx Apple asks for a new connection.
    /// Returns `false` when no new handle could be made (libcurl out of memory): then the
    /// client is closed and every queued request fails.
    private func replaceMulti() -> Bool {
        resetting = false
        shared.withLock { $0.multi = nil }
        _ = curl_multi_cleanup(multi)
        do {
            multi = try Self.makeMulti()
            shared.withLock { $0.multi = MultiHandle(raw: multi) }
            return true
        } catch {
            shared.withLock { $0.closing = true }
            failQueued(HTTPTransportError(kind: .closed, message: "could not recreate the libcurl multi handle: \(error)"))
            return false
        }
    }

    private func shutDown() {
        let error = HTTPTransportError(kind: .closed, message: "the HTTP/2 client was closed")
        for transfer in Array(transfers.values) {
            remove(transfer)
            transfer.continuation.resume(throwing: error)
        }
        shared.withLock { $0.multi = nil }
        _ = curl_multi_cleanup(multi)
        failQueued(error)
    }

    private func failQueued(_ error: HTTPTransportError) {
        let queued = shared.withLock { shared in
            let queued = shared.queue
            shared.queue = []
            return queued
        }
        for submission in queued { submission.continuation.resume(throwing: error) }
    }

    private static func makeMulti() throws(HTTPTransportError) -> UnsafeMutableRawPointer {
        guard let multi = curl_multi_init() else {
            throw HTTPTransportError(kind: .other, message: "curl_multi_init failed")
        }
        // Streams on one connection (libcurl's default since 7.62; set so it is explicit).
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        return multi
    }
}

/// `curl_global_init` once per process, before the first handle. FoundationNetworking may
/// call it too; libcurl 7.84+ built "threadsafe" (Debian's is) allows that.
enum CurlGlobal {
    private static let initialized: Bool = ccurl_global_init() == CURLE_OK

    static func ensureInitialized() {
        _ = initialized
    }
}
