import SidelineActivity

// The Live Activity model's JSON, written directly (see ``JSONDirectWritable``). The types
// live in SidelineActivity, which must stay Foundation-only for the iOS widget; their
// conformances live here, next to the writer, and follow their synthesised `Codable`
// shapes: property names as keys, optionals left out when `nil`, enums as raw values.

extension LiveActivityContentState: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"asOf":"#)
        output.write(asOf)
        output.append(#","compactLeading":"#)
        output.write(compactLeading)
        output.append(#","compactTrailing":"#)
        output.write(compactTrailing)
        output.append(#","expanded":"#)
        try expanded.writeJSON(to: &output)
        output.append(#","headline":"#)
        output.write(headline)
        if let highlight {
            output.append(#","highlight":"#)
            try highlight.writeJSON(to: &output)
        }
        if let leagues {
            output.append(#","leagues":"#)
            try output.write(leagues)
        }
        output.append(#","lockScreen":"#)
        try lockScreen.writeJSON(to: &output)
        output.append(#","margin":"#)
        output.write(margin)
        if let medianNote {
            output.append(#","medianNote":"#)
            output.write(medianNote)
        }
        output.append(#","minimal":"#)
        output.write(minimal)
        if let moreLeagues {
            output.append(#","moreLeagues":"#)
            try moreLeagues.writeJSON(to: &output)
        }
        output.append(#","myCounts":"#)
        try myCounts.writeJSON(to: &output)
        output.append(#","myPlayersLine":"#)
        output.write(myPlayersLine)
        output.append(#","myScore":"#)
        output.write(myScore)
        if let next {
            output.append(#","next":"#)
            output.write(next)
        }
        if let opponentCounts {
            output.append(#","opponentCounts":"#)
            try opponentCounts.writeJSON(to: &output)
        }
        if let opponentPlayersLine {
            output.append(#","opponentPlayersLine":"#)
            output.write(opponentPlayersLine)
        }
        if let opponentScore {
            output.append(#","opponentScore":"#)
            output.write(opponentScore)
        }
        output.append(#","phase":"#)
        output.write(phase.rawValue)
        output.append(#","schemaVersion":"#)
        output.write(schemaVersion)
        if let scope {
            output.append(#","scope":"#)
            output.write(scope.rawValue)
        }
        output.append(#","scoreLine":"#)
        output.write(scoreLine)
        output.append(#","sentiment":"#)
        output.write(sentiment.rawValue)
        output.append(#","small":"#)
        try small.writeJSON(to: &output)
        output.append(#","staleText":"#)
        output.write(staleText)
        if let summary {
            output.append(#","summary":"#)
            output.write(summary)
        }
        output.append(#","topPerformers":"#)
        try output.write(topPerformers)
        output.append(#","updatedAt":"#)
        output.write(updatedAt)
        if let winChance {
            output.append(#","winChance":"#)
            output.write(winChance)
        }
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivityAttributes: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"activity":"#)
        output.write(activity)
        output.append(#","leagueName":"#)
        output.write(leagueName)
        output.append(#","myTeamName":"#)
        output.write(myTeamName)
        output.append(#","myTeamShortName":"#)
        output.write(myTeamShortName)
        if let opponentTeamName {
            output.append(#","opponentTeamName":"#)
            output.write(opponentTeamName)
        }
        if let opponentTeamShortName {
            output.append(#","opponentTeamShortName":"#)
            output.write(opponentTeamShortName)
        }
        output.append(#","registration":"#)
        output.write(registration)
        output.append(#","schemaVersion":"#)
        output.write(schemaVersion)
        if let scope {
            output.append(#","scope":"#)
            output.write(scope.rawValue)
        }
        output.append(#","season":"#)
        output.write(season)
        output.append(#","subtitle":"#)
        output.write(subtitle)
        output.append(#","title":"#)
        output.write(title)
        output.append(#","week":"#)
        output.write(week)
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivityPlayerCounts: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"done":"#)
        output.write(done)
        output.append(#","playing":"#)
        output.write(playing)
        output.append(#","toPlay":"#)
        output.write(toPlay)
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivityPerformer: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"line":"#)
        output.write(line)
        output.append(#","name":"#)
        output.write(name)
        output.append(#","points":"#)
        output.write(points)
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivityExpandedText: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"bottom":"#)
        output.write(bottom)
        output.append(#","center":"#)
        output.write(center)
        output.append(#","leading":"#)
        output.write(leading)
        output.append(#","trailing":"#)
        output.write(trailing)
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivityLockScreenText: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"detail":"#)
        output.write(detail)
        output.append(#","footer":"#)
        output.write(footer)
        output.append(#","headline":"#)
        output.write(headline)
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivitySmallText: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"detail":"#)
        output.write(detail)
        output.append(#","headline":"#)
        output.write(headline)
        output.append(UInt8(ascii: "}"))
    }
}
