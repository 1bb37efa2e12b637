import Foundation

/// A database problem, with what to do about it.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// A fenced commit found a lease it depended on lost (issue 32): nothing was committed,
    /// and the work belongs to another poller now. Not a failure of the database: the pass
    /// goes on without that work.
    public let leaseLost: Bool

    public init(_ message: String) {
        self.message = message
        leaseLost = false
    }

    public init(leaseLost message: String) {
        self.message = message
        leaseLost = true
    }

    public var description: String { message }
}
