import Foundation
import SidelineCore

/// Person lifecycle rows (ADR 039) in the lifecycle rows' compact format. A person's row
/// holds a matchup view for each of their leagues, and a pass at a kickoff reads and
/// rewrites every live person's: in JSON that was most of the person scope's extra CPU.
extension CompactRows {
    /// Person rows carry the matchup views of lifecycle rows, so they share their version:
    /// a row is read as a lifecycle row of the same version would be.
    static let personVersion = lifecycleVersion
    static let personVersions: ClosedRange<UInt8> = 2...personVersion

    package static func encode(_ row: PersonRow) -> [UInt8] {
        let leagues = row.state.activity?.lastView.leagues.count ?? 0
        var writer = CompactWriter(version: personVersion, capacity: 64 + 1024 * leagues)
        writer.string(row.person.sleeperUserID)
        writer.string(row.person.username)
        writer.string(row.person.displayName)
        writer.int(Int(row.anchorRegistrationID))
        writer.optional(row.lastMomentAt) { $0.date($1) }
        writeLifecycle(row.state, &writer) { writer, view in
            writer.array(view.leagues) { writer, league in
                writer.int(Int(league.registrationID))
                writer.string(league.leagueID)
                writer.bool(league.isBestBall)
                write(league.view, &writer)
            }
            writer.optional(view.highlight) { $0.int(Int($1)) }
        }
        return writer.bytes
    }

    static func personRow(_ bytes: [UInt8]) throws -> PersonRow {
        var reader = try CompactReader(bytes, versions: personVersions, what: "person lifecycle row")
        let (person, anchor, lastMomentAt) = try personFields(&reader)
        let state = try lifecycle(&reader) { reader in
            let leagues = try reader.array { reader in
                PersonLeague(registrationID: Int64(try reader.int()), leagueID: try reader.string(), isBestBall: try reader.bool(), view: try matchupView(&reader))
            }
            return PersonView(leagues: leagues, highlight: try reader.optional { Int64(try $0.int()) })
        }
        guard reader.isAtEnd else { throw CompactCodingError(description: "person lifecycle row: trailing bytes") }
        return PersonRow(state: state, lastMomentAt: lastMomentAt, anchorRegistrationID: anchor, person: person)
    }

    /// The scheduler's header of a person row, without decoding its views.
    static func personHeader(_ bytes: [UInt8]) throws -> LifecycleRow.Header {
        var reader = try CompactReader(bytes, versions: personVersions, what: "person lifecycle row")
        _ = try personFields(&reader)
        let activity = try lifecycleHeader(&reader).activity
        return LifecycleRow.Header(activityStartedAt: activity?.startedAt, lastEventAt: activity?.lastEventAt, graceSince: activity?.graceSince)
    }

    private static func personFields(_ reader: inout CompactReader) throws -> (PersonIdentity, anchor: Int64, lastMomentAt: Date?) {
        let person = PersonIdentity(sleeperUserID: try reader.string(), username: try reader.string(), displayName: try reader.string())
        return (person, Int64(try reader.int()), try reader.optional { try $0.date() })
    }
}
