import Foundation
import SidelineCore
import SidelineDelivery

// The store as `sideline users`, the registration API and the adapters that keep notes see
// it (ADR 025, "Store roles everywhere").

/// Adding and removing registrations, outside a pass.
public protocol RegistrationAdminStore: Sendable {
    /// An active registration.
    func registration(id: Int64) throws(StoreError) -> Registration?
    /// A registration, active or removed.
    func anyRegistration(id: Int64) throws(StoreError) -> Registration?
    /// Stores the leagues and registrations in one transaction. Returns, in input order,
    /// each registration and whether it already existed.
    func register(_ items: [NewRegistration], leagues: [StoredLeague], at now: Date) throws(StoreError) -> [(Registration, existed: Bool)]
    /// Ends a registration: its final events are committed with the removal, atomically.
    func removeRegistration(id: Int64, states: [LifecycleKey: LifecycleState], events: [OutboxDraft], sinks: [PassMode: [PushRoute]], at now: Date) throws(StoreError)
    /// Every open lifecycle row of a registration, in both modes.
    func openLifecycleStates(registrationID: Int64) throws(StoreError) -> [LifecycleKey: LifecycleState]
    func league(id: String) throws(StoreError) -> StoredLeague?
}

/// Small named values that outlive a pass: the APNs provider token, Home Assistant's
/// redirect notes, the credentials check.
public protocol NotesStore: Sendable {
    func meta(_ key: String) throws(StoreError) -> String?
    func setMeta(_ key: String, _ value: String) throws(StoreError)
    func credentialChecks() throws(StoreError) -> CredentialChecks?
    func saveCredentialChecks(_ checks: CredentialChecks) throws(StoreError)
}
