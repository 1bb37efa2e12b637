import Foundation
import SidelineCore

extension SQLiteStore {
    static let gameStatusSourceKey = "game-status-source"

    /// Where game statuses came from last, and why (ADR 030); the scores feed when never
    /// said (or in a row this version cannot read: at worst one switch is logged twice).
    public func gameStatusSource() throws(StoreError) -> GameStatusSourceState {
        try jsonMeta(Self.gameStatusSourceKey, or: GameStatusSourceState())
    }

    public func saveGameStatusSource(_ state: GameStatusSourceState) throws(StoreError) {
        try setJSONMeta(Self.gameStatusSourceKey, state, what: "where game statuses come from")
    }
}
