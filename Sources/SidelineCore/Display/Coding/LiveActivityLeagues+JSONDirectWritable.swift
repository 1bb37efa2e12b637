import SidelineActivity

// A person's rows, highlight and "+N more" (schema 3), written directly (see
// ``JSONDirectWritable``): keys in byte order, optionals left out when `nil`.

extension LiveActivityLeagueRow: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"id":"#)
        output.write(id)
        output.append(#","league":"#)
        output.write(league)
        output.append(#","players":"#)
        output.write(players)
        output.append(#","score":"#)
        output.write(score)
        output.append(#","sentiment":"#)
        output.write(sentiment.rawValue)
        output.append(#","status":"#)
        output.write(status)
        if let winChance {
            output.append(#","winChance":"#)
            output.write(winChance)
        }
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivityHighlight: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"league":"#)
        output.write(league)
        output.append(#","myTeam":"#)
        output.write(myTeam)
        if let opponentTeam {
            output.append(#","opponentTeam":"#)
            output.write(opponentTeam)
        }
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivityMoreLeagues: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"count":"#)
        output.write(count)
        output.append(#","text":"#)
        output.write(text)
        output.append(UInt8(ascii: "}"))
    }
}
