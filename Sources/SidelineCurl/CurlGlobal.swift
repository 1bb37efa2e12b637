import CCurl

/// `curl_global_init` once per process, before the first handle. Another libcurl user in
/// the process (FoundationNetworking, if anything still loads it) may call it too;
/// libcurl 7.84+ built "threadsafe" (Debian's is) allows that.
enum CurlGlobal {
    private static let initialized: Bool = ccurl_global_init() == CURLE_OK

    static func ensureInitialized() {
        _ = initialized
    }
}
