import Foundation
import SidelineCore

extension SQLiteStore {
    static let gameStatusSourceKey = "game-status-source"

    /// Where game statuses came from last, and why (ADR 030); the scores feed when never said.
    public func gameStatusSource() throws(StoreError) -> GameStatusSourceState {
        guard let text = try meta(Self.gameStatusSourceKey) else { return GameStatusSourceState() }
        do {
            return try JSONColumn.decode(GameStatusSourceState.self, from: text)
        } catch {
            // A row this version cannot read says nothing: the next answer says where
            // statuses come from (at worst, one switch is logged twice).
            return GameStatusSourceState()
        }
    }

    public func saveGameStatusSource(_ state: GameStatusSourceState) throws(StoreError) {
        let text: String
        do {
            text = try JSONColumn.encode(state)
        } catch {
            throw StoreError("could not encode where game statuses come from: \(error)")
        }
        try setMeta(Self.gameStatusSourceKey, text)
    }
}
