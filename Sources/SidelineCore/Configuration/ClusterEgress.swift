import Foundation

/// `cluster.egress` (issue 32): the name of the address this poller's Sleeper calls leave
/// from. Pollers sharing a PostgreSQL store and a name share one call budget (the call log,
/// backoffs and push-back pressure); `""`, the default, is the one egress of a single
/// machine, or of every poller that names none.
enum ClusterEgress {
    /// The default: no name, one egress.
    static let single = ""

    /// A name is letters, digits, `.`, `-` and `_`, 1 to 63 of them (a host name's label, so
    /// a host's name fits): it appears in `status` and logs as it is. Refused beside a SQLite
    /// store: one file is one machine, and the setting would be ignored.
    static func parse(_ value: String?, store: StoreLocation) throws(ConfigurationError) -> String {
        guard let value else { return single }
        guard isName(value) else {
            throw ConfigurationError(Messages.Configuration.clusterEgressName(value))
        }
        guard case .postgres = store else { throw ConfigurationError(Messages.Configuration.clusterNeedsServer("cluster.egress")) }
        return value
    }

    /// 1 to 63 letters, digits, `.`, `-` and `_` (a poller id too).
    static func isName(_ value: String) -> Bool {
        (1...63).contains(value.unicodeScalars.count) && value.unicodeScalars.allSatisfy(isAllowed)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar)
    }
}
