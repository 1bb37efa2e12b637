import Foundation

/// HTTP over libcurl's multi interface. One thread (``CurlMultiLoop``) drives every
/// transfer of the client, so concurrent requests run side by side without a thread each,
/// and a finished transfer's connection stays in the multi handle's cache for the next
/// request to the same host (HTTP/1.1 keep-alive, or another stream on an HTTP/2 connection).
///
/// ``send(_:)`` queues the request and suspends until the loop thread resumes it, so no Swift
/// task ever blocks on a socket. Cancelling the calling task cancels the transfer.
/// ``close()`` (also run by `deinit`) fails whatever is pending and stops the thread.
///
/// Why libcurl directly rather than `URLSession` (FoundationNetworking, also libcurl
/// underneath): see `docs/adr/008-apns-over-libcurl.md` and `docs/adr/013-sleeper-over-libcurl.md`.
public final class CurlClient: Sendable {
    public let options: CurlClientOptions
    private let loop: CurlMultiLoop

    /// - Throws: ``CurlError`` when libcurl cannot make a multi handle (out of memory).
    public init(options: CurlClientOptions = CurlClientOptions()) throws(CurlError) {
        self.options = options
        let loop = try CurlMultiLoop(options: options)
        self.loop = loop
        // The thread holds the loop, not the client: `deinit` runs when the last user lets
        // go of the client, and its `close()` ends the thread.
        let thread = Thread { loop.run() }
        thread.name = options.threadName
        thread.start()
    }

    deinit { close() }

    /// Performs `request`. Any HTTP status is a response; only a missing answer throws.
    ///
    /// - Throws: ``CurlError`` when no response arrived (refused, DNS, TLS, timeout,
    ///   cancelled, closed).
    public func send(_ request: CurlRequest) async throws(CurlError) -> CurlResponse {
        let id = loop.nextID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<CurlResponse, CurlError>, Never>) in
                loop.submit(CurlSubmission(id: id, request: request, continuation: continuation))
            }
        } onCancel: {
            loop.cancel(id)
        }
        return try result.get()
    }

    /// Makes the next requests go out on new connections (APNs asks for one after a 500 or
    /// 503). Requests already in flight finish on the old connections; requests sent
    /// meanwhile wait for them (at most the request timeout) and then use the new ones.
    public func resetConnection() {
        loop.requestReset()
    }

    /// Fails pending requests with ``CurlError/Kind/closed`` and stops the thread.
    /// Idempotent; later sends fail at once.
    public func close() {
        loop.close()
    }
}
