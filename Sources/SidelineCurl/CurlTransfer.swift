import CCurl
import Foundation

/// One request's easy handle and what its callbacks collect. Created, driven and freed on
/// the loop thread only, which is why it needs no lock.
final class CurlTransfer {
    let id: UInt64
    /// `CURL *`.
    let handle: UnsafeMutableRawPointer
    let continuation: CheckedContinuation<Result<CurlResponse, CurlError>, Never>
    private let maximumBodyBytes: Int
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var body = Data()
    private var responseHeaders: [String: String] = [:]
    private var bodyTooLarge = false

    /// Sets up the easy handle; throws when libcurl refuses an option (e.g. a libcurl built
    /// without HTTP/2), in which case nothing is left allocated.
    init(_ submission: CurlSubmission, options: CurlClientOptions) throws(CurlError) {
        guard let handle = curl_easy_init() else {
            throw CurlError(kind: .other, message: "curl_easy_init failed")
        }
        self.id = submission.id
        self.handle = handle
        self.continuation = submission.continuation
        maximumBodyBytes = options.maximumBodyBytes
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        do {
            try configure(submission.request, options: options)
        } catch {
            cleanup()
            throw error
        }
    }

    private func configure(_ request: CurlRequest, options: CurlClientOptions) throws(CurlError) {
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_URL, string: request.url)
        // Nothing but HTTP, also after a redirect (libcurl speaks two dozen protocols).
        try set(CURLOPT_PROTOCOLS_STR, string: "http,https")
        // Signals are process-wide; a library on a background thread must not use them.
        try set(CURLOPT_NOSIGNAL, 1)
        let timeout = request.timeout ?? options.timeout
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout))
        try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(timeout, options.connectTimeout)))
        if let caFile = options.caFile { try set(CURLOPT_CAINFO, string: caFile) }
        if let sourceAddress = options.sourceAddress { try bind(to: sourceAddress) }
        switch options.httpVersion {
        case .http1_1: try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        case .http2OverTLS: try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        }
        // Only where multiplexing can happen (HTTP/2 comes from TLS's ALPN): over plain
        // http libcurl would hold concurrent requests back until the first response's
        // status line said "HTTP/1.1", for nothing.
        if options.waitForMultiplexing, options.httpVersion == .http2OverTLS, Self.isHTTPS(request.url) {
            try set(CURLOPT_PIPEWAIT, 1)
        }
        // "" = every encoding this libcurl can decode; libcurl then decodes the body.
        if options.acceptEncoding { try set(CURLOPT_ACCEPT_ENCODING, string: "") }
        if request.followRedirects {
            try set(CURLOPT_FOLLOWLOCATION, 1)
            try set(CURLOPT_MAXREDIRS, options.maximumRedirects)
            try set(CURLOPT_REDIR_PROTOCOLS_STR, string: "http,https")
        }
        var lines = request.headers.map { "\($0.name): \($0.value)" }
        switch request.method {
        case .get:
            break
        case .post:
            try set(CURLOPT_POST, 1)
            try set(CURLOPT_POSTFIELDSIZE, request.body.count)
            // COPYPOSTFIELDS copies the bytes, so the Data need not outlive this call.
            let result = request.body.withUnsafeBytes { raw -> CURLcode in
                let base = raw.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
                return ccurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            }
            try check(result, "CURLOPT_COPYPOSTFIELDS")
            // "Expect:" turns off HTTP/1.1's 100-continue, which holds bodies over 1 kB back
            // for up to a second waiting for the server's go-ahead (ignored on HTTP/2).
            lines.append("Expect:")
        }
        for line in lines {
            guard let list = curl_slist_append(headerList, line) else {
                throw CurlError(kind: .other, message: "curl_slist_append failed")
            }
            headerList = list
        }
        if headerList != nil { try set(CURLOPT_HTTPHEADER, pointer: UnsafeMutableRawPointer(headerList)) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(ccurl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody), "CURLOPT_WRITEFUNCTION")
        try set(CURLOPT_WRITEDATA, pointer: context)
        try check(ccurl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader), "CURLOPT_HEADERFUNCTION")
        try set(CURLOPT_HEADERDATA, pointer: context)
    }

    /// Every connection leaves from `address`. `host!` makes libcurl take it as an address,
    /// never an interface name (a plain string is tried as one first) or a name to resolve.
    /// Only the address's own family is resolved: a connection from an IPv4 address to a
    /// host's IPv6 address (or the reverse) cannot exist, and happy eyeballs would spend the
    /// connect timeout's first half finding that out.
    private func bind(to address: String) throws(CurlError) {
        try set(CURLOPT_INTERFACE, string: "host!" + address)
        try set(CURLOPT_IPRESOLVE, address.contains(":") ? Int(CURL_IPRESOLVE_V6) : Int(CURL_IPRESOLVE_V4))
    }

    /// The response once libcurl reports the transfer done with `CURLE_OK`.
    func response() -> CurlResponse {
        var status = 0
        var version = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
        return CurlResponse(status: status, headers: responseHeaders, body: body, httpVersion: Self.httpVersion(version))
    }

    /// The failure once libcurl reports the transfer done with an error.
    func failure(_ code: CURLcode) -> CurlError {
        if bodyTooLarge {
            return CurlError(kind: .bodyTooLarge, curlCode: Int(code.rawValue),
                             message: "response body larger than \(maximumBodyBytes) bytes")
        }
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        return CurlError(kind: Self.kind(of: code), curlCode: Int(code.rawValue), message: message)
    }

    /// Frees the easy handle and what it points to. The handle must be out of the multi.
    func cleanup() {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        headerList = nil
        errorBuffer.deallocate()
    }

    fileprivate func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maximumBodyBytes else {
            bodyTooLarge = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    fileprivate func receiveHeaderLine(_ line: UnsafeRawBufferPointer) {
        if line.starts(with: "HTTP/".utf8) {
            // A new response (after a 100 Continue or a followed redirect) starts over.
            responseHeaders = [:]
            return
        }
        if let (name, value) = Self.headerField(line) { responseHeaders[name] = value }
    }

    /// `Name: value\r\n` → (`name`, `value`), on the bytes: Foundation's trimming and a
    /// `String` per line cost more than the rest of a small response together.
    static func headerField(_ line: UnsafeRawBufferPointer) -> (String, String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var nameEnd = colon
        while nameEnd > 0, isSpace(line[nameEnd - 1]) { nameEnd -= 1 }
        var valueStart = colon + 1
        var valueEnd = line.count
        while valueStart < valueEnd, isSpace(line[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart, isSpace(line[valueEnd - 1]) { valueEnd -= 1 }
        let name = String(unsafeUninitializedCapacity: nameEnd) { buffer in
            for index in 0..<nameEnd {
                let byte = line[index]
                buffer[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte  // ASCII lowercase
            }
            return nameEnd
        }
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: line[valueStart..<valueEnd]), as: UTF8.self)
        return (name, value)
    }

    private func set(_ option: CURLoption, _ value: Int) throws(CurlError) {
        try check(ccurl_easy_setopt_long(handle, option, value), "option \(option.rawValue)")
    }

    private func set(_ option: CURLoption, string value: String) throws(CurlError) {
        // libcurl copies string options (since 7.17), so a temporary C string is enough.
        try check(value.withCString { ccurl_easy_setopt_string(handle, option, $0) }, "option \(option.rawValue)")
    }

    private func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(CurlError) {
        try check(ccurl_easy_setopt_pointer(handle, option, value), "option \(option.rawValue)")
    }

    private func check(_ code: CURLcode, _ what: String) throws(CurlError) {
        guard code != CURLE_OK else { return }
        throw CurlError(
            kind: .other, curlCode: Int(code.rawValue),
            message: "libcurl refused \(what): \(String(cString: curl_easy_strerror(code)))"
        )
    }

    static func isHTTPS(_ url: String) -> Bool {
        url.utf8.prefix(6).map { $0 | 0x20 }.elementsEqual("https:".utf8)
    }

    static func milliseconds(_ interval: TimeInterval) -> Int {
        max(1, Int((interval * 1000).rounded(.up)))
    }

    static func httpVersion(_ value: Int) -> CurlHTTPVersion {
        switch value {
        case Int(CURL_HTTP_VERSION_1_0): .http1_0
        case Int(CURL_HTTP_VERSION_1_1): .http1_1
        case Int(CURL_HTTP_VERSION_2_0): .http2
        case Int(CURL_HTTP_VERSION_3): .http3
        default: .unknown
        }
    }

    static func kind(of code: CURLcode) -> CurlError.Kind {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_COULDNT_CONNECT: .connectionFailed
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .hostNotFound
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER:
            .tls
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR: .connectionLost
        case CURLE_INTERFACE_FAILED: .sourceAddressUnavailable
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
    transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: length))
    return length
}
