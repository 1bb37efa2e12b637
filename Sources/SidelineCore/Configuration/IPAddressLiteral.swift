import Foundation

/// Whether text is an IPv4 or IPv6 address literal, by `inet_pton`: the parser the socket
/// layer itself uses, so what passes here is what `bind` will be handed. A pure function of
/// the text (no lookup, no I/O), so it belongs in the core beside the rest of validation.
enum IPAddressLiteral {
    /// `203.0.113.7`, `::1`, `2001:db8::7`; not `eth0`, `host.example`, `10.0.0.1:80`,
    /// `[::1]`, a zone (`fe80::1%eth0`) or the shortened IPv4 forms `inet_aton` would take.
    static func isValid(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return text.withCString { inet_pton(AF_INET, $0, &v4) == 1 || inet_pton(AF_INET6, $0, &v6) == 1 }
    }
}
