import Foundation

// The push decision's and the starter counts' JSON, written directly (see
// ``JSONDirectWritable``), following their `Codable` shapes: `PushDecision.encode(to:)`
// (snake_case keys, instants as whole Unix seconds, optionals left out when `nil`), the
// synthesised `PushAlert`, and `StarterCounts.CodingKeys`.

extension PushDecision: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        // `alert` and `dismissal_date` sort before the first member always present:
        // each ends with its comma.
        output.append(UInt8(ascii: "{"))
        if let alert {
            output.append(#""alert":"#)
            try alert.writeJSON(to: &output)
            output.append(UInt8(ascii: ","))
        }
        if let dismissalDate {
            output.append(#""dismissal_date":"#)
            // The same conversion as `encode(to:)`, so the same seconds (and the same trap).
            output.write(Int(dismissalDate.timeIntervalSince1970))
            output.append(UInt8(ascii: ","))
        }
        output.append(#""priority":"#)
        output.write(priority)
        output.append(#","relevance_score":"#)
        try output.write(relevanceScore)
        if let staleDate {
            output.append(#","stale_date":"#)
            output.write(Int(staleDate.timeIntervalSince1970))
        }
        output.append(UInt8(ascii: "}"))
    }
}

extension PushAlert: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"body":"#)
        output.write(body)
        if let sound {
            output.append(#","sound":"#)
            output.write(sound)
        }
        output.append(#","title":"#)
        output.write(title)
        output.append(UInt8(ascii: "}"))
    }
}

extension StarterCounts: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"done":"#)
        output.write(done)
        output.append(#","playing":"#)
        output.write(playing)
        output.append(#","to_play":"#)
        output.write(toPlay)
        output.append(UInt8(ascii: "}"))
    }
}
