import CCurl
import Foundation

/// What `CurlHTTP2Client.send` hands to the loop thread.
struct CurlSubmission: Sendable {
    let id: UInt64
    let url: String
    /// `name: value` lines, in order.
    let headers: [String]
    let body: Data
    let continuation: CheckedContinuation<HTTPResponse, any Error>
}

/// One request's easy handle and what its callbacks collect. Created, driven and freed on
/// the loop thread only, which is why it needs no lock.
final class CurlTransfer {
    /// A response body larger than this is a broken server, not APNs (whose error bodies are
    /// a few dozen bytes): the transfer is aborted rather than buffered without bound.
    static let maximumBodyBytes = 64 * 1024

    let id: UInt64
    /// `CURL *`.
    let handle: UnsafeMutableRawPointer
    let continuation: CheckedContinuation<HTTPResponse, any Error>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    fileprivate var body = Data()
    fileprivate var responseHeaders: [String: String] = [:]

    /// Sets up the easy handle; throws when libcurl refuses an option (e.g. a libcurl built
    /// without HTTP/2), in which case nothing is left allocated.
    init(_ submission: CurlSubmission, options: CurlHTTP2Client.Options) throws(HTTPTransportError) {
        guard let handle = curl_easy_init() else {
            throw HTTPTransportError(kind: .other, message: "curl_easy_init failed")
        }
        self.id = submission.id
        self.handle = handle
        self.continuation = submission.continuation
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        do {
            try configure(submission, options: options)
        } catch {
            cleanup()
            throw error
        }
    }

    private func configure(_ submission: CurlSubmission, options: CurlHTTP2Client.Options) throws(HTTPTransportError) {
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_URL, string: submission.url)
        // HTTP/2 over TLS (ALPN); HTTP/1.1 only for plain http, which APNs never is.
        try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Wait for the connection being set up instead of opening another one per request,
        // so concurrent requests become streams on one connection.
        try set(CURLOPT_PIPEWAIT, 1)
        // Signals are process-wide; a library on a background thread must not use them.
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(options.timeout))
        try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(options.timeout, options.connectTimeout)))
        if let caFile = options.caFile { try set(CURLOPT_CAINFO, string: caFile) }
        try set(CURLOPT_POST, 1)
        try set(CURLOPT_POSTFIELDSIZE, submission.body.count)
        // COPYPOSTFIELDS copies the bytes, so the Data need not outlive this call.
        let result = submission.body.withUnsafeBytes { raw -> CURLcode in
            let base = raw.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
            return ccurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
        }
        try check(result, "CURLOPT_COPYPOSTFIELDS")
        // "Expect:" turns off HTTP/1.1's 100-continue wait (ignored on HTTP/2).
        for line in submission.headers + ["Expect:"] {
            guard let list = curl_slist_append(headerList, line) else {
                throw HTTPTransportError(kind: .other, message: "curl_slist_append failed")
            }
            headerList = list
        }
        try set(CURLOPT_HTTPHEADER, pointer: UnsafeMutableRawPointer(headerList))
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(ccurl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody), "CURLOPT_WRITEFUNCTION")
        try set(CURLOPT_WRITEDATA, pointer: context)
        try check(ccurl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader), "CURLOPT_HEADERFUNCTION")
        try set(CURLOPT_HEADERDATA, pointer: context)
    }

    /// The response once libcurl reports the transfer done with `CURLE_OK`.
    func response() -> HTTPResponse {
        var status = 0
        var version = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
        return HTTPResponse(status: status, headers: responseHeaders, body: body, httpVersion: Self.httpVersion(version))
    }

    /// The failure once libcurl reports the transfer done with an error.
    func failure(_ code: CURLcode) -> HTTPTransportError {
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        return HTTPTransportError(kind: Self.kind(of: code), curlCode: Int(code.rawValue), message: message)
    }

    /// Frees the easy handle and what it points to. The handle must be out of the multi.
    func cleanup() {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        headerList = nil
        errorBuffer.deallocate()
    }

    fileprivate func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= Self.maximumBodyBytes else { return false }
        body.append(contentsOf: bytes)
        return true
    }

    fileprivate func receiveHeaderLine(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            responseHeaders = [:]  // a new response (after a 100 Continue, say) starts over
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return }
        let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        responseHeaders[name] = value
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPTransportError) {
        try check(ccurl_easy_setopt_long(handle, option, value), "option \(option.rawValue)")
    }

    private func set(_ option: CURLoption, string value: String) throws(HTTPTransportError) {
        // libcurl copies string options (since 7.17), so a temporary C string is enough.
        try check(value.withCString { ccurl_easy_setopt_string(handle, option, $0) }, "option \(option.rawValue)")
    }

    private func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(HTTPTransportError) {
        try check(ccurl_easy_setopt_pointer(handle, option, value), "option \(option.rawValue)")
    }

    private func check(_ code: CURLcode, _ what: String) throws(HTTPTransportError) {
        guard code != CURLE_OK else { return }
        throw HTTPTransportError(
            kind: .other, curlCode: Int(code.rawValue),
            message: "libcurl refused \(what): \(String(cString: curl_easy_strerror(code)))"
        )
    }

    static func milliseconds(_ interval: TimeInterval) -> Int {
        max(1, Int((interval * 1000).rounded(.up)))
    }

    static func httpVersion(_ value: Int) -> HTTPVersion {
        switch value {
        case Int(CURL_HTTP_VERSION_1_0): .http1_0
        case Int(CURL_HTTP_VERSION_1_1): .http1_1
        case Int(CURL_HTTP_VERSION_2_0): .http2
        case Int(CURL_HTTP_VERSION_3): .http3
        default: .unknown
        }
    }

    static func kind(of code: CURLcode) -> HTTPTransportError.Kind {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .connectionFailed
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER:
            .tls
        default: .other
        }
    }
}

/// CURLOPT_WRITEFUNCTION: appends to the transfer's body. Returning less than it was given
/// makes libcurl abort the transfer (CURLE_WRITE_ERROR).
private let curlWriteBody: ccurl_data_callback = { buffer, size, count, context in
    guard let context else { return 0 }
    let length = size * count
    guard length > 0, let buffer else { return length }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.appendBody(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
}

/// CURLOPT_HEADERFUNCTION: one header line at a time, the status line included.
private let curlWriteHeader: ccurl_data_callback = { buffer, size, count, context in
    guard let context else { return 0 }
    let length = size * count
    guard length > 0, let buffer else { return length }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
    transfer.receiveHeaderLine(line)
    return length
}
