import Foundation
import SidelineCore

// The outbox payload written directly (ADR 014, "direct writer"): the bytes `JSONEncoder`
// (sorted keys, unescaped slashes) makes of the synthesised `Codable` shape, without
// `Codable`'s per-member dispatch. Keys are `EventEnvelope.CodingKeys`' in byte order.

extension EventEnvelope: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"activity":"#)
        output.write(activity)
        output.append(#","at":"#)
        output.write(at)
        output.append(#","attributes":"#)
        try attributes.writeJSON(to: &output)
        output.append(#","content_state":"#)
        try contentState.writeJSON(to: &output)
        output.append(#","dry_run":"#)
        output.write(dryRun)
        output.append(#","event":"#)
        output.write(event.rawValue)
        output.append(#","league_id":"#)
        output.write(leagueID)
        output.append(#","league_name":"#)
        output.write(leagueName)
        if let leagues {
            output.append(#","leagues":"#)
            try output.write(leagues)
        }
        output.append(#","phase":"#)
        output.write(phase.rawValue)
        if let push {
            output.append(#","push":"#)
            try push.writeJSON(to: &output)
        }
        output.append(#","reason":"#)
        output.write(reason.rawValue)
        output.append(#","registration":"#)
        if let registration { output.write(registration) } else { output.append("null") }
        if let scope {
            output.append(#","scope":"#)
            output.write(scope.rawValue)
        }
        output.append(#","score":"#)
        try score.writeJSON(to: &output)
        output.append(#","season":"#)
        output.write(season)
        output.append(#","sleeper_user_id":"#)
        output.write(sleeperUserID)
        output.append(#","starters":"#)
        try starters.writeJSON(to: &output)
        output.append(#","username":"#)
        output.write(username)
        output.append(#","week":"#)
        output.write(week)
        output.append(UInt8(ascii: "}"))
    }
}

extension EventEnvelope.Score: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        // `opponent` sorts before `team` and is left out on a bye.
        if let opponent {
            output.append(#"{"opponent":"#)
            try output.write(opponent)
            output.append(#","team":"#)
        } else {
            output.append(#"{"team":"#)
        }
        try output.write(team)
        output.append(UInt8(ascii: "}"))
    }
}

extension EventEnvelope.League: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"league_id":"#)
        output.write(leagueID)
        output.append(#","league_name":"#)
        output.write(leagueName)
        output.append(#","phase":"#)
        output.write(phase.rawValue)
        output.append(#","registration":"#)
        output.write(registration)
        output.append(#","score":"#)
        try score.writeJSON(to: &output)
        output.append(#","starters":"#)
        try starters.writeJSON(to: &output)
        output.append(UInt8(ascii: "}"))
    }
}
