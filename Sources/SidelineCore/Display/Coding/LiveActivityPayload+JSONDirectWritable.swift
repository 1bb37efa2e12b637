// The APNs payload written directly (see ``JSONDirectWritable``), following the synthesised
// `Encodable` shapes of `LiveActivityPayload` and its `APS` with `APS.CodingKeys`: the same
// content state and attributes writers the outbox payload uses.

extension LiveActivityPayload: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        output.append(#"{"aps":"#)
        try aps.writeJSON(to: &output)
        output.append(UInt8(ascii: "}"))
    }
}

extension LiveActivityPayload.APS: JSONDirectWritable {
    package func writeJSON(to output: inout JSONOutput) throws {
        // `alert`, `attributes` and `attributes-type` sort before the first member always
        // present (`content-state`): each ends with its comma.
        output.append(UInt8(ascii: "{"))
        if let alert {
            output.append(#""alert":"#)
            try alert.writeJSON(to: &output)
            output.append(UInt8(ascii: ","))
        }
        if let attributes {
            output.append(#""attributes":"#)
            try attributes.writeJSON(to: &output)
            output.append(UInt8(ascii: ","))
        }
        if let attributesType {
            output.append(#""attributes-type":"#)
            output.write(attributesType)
            output.append(UInt8(ascii: ","))
        }
        output.append(#""content-state":"#)
        try contentState.writeJSON(to: &output)
        if let dismissalDate {
            output.append(#","dismissal-date":"#)
            output.write(dismissalDate)
        }
        output.append(#","event":"#)
        output.write(event)
        if let inputPushToken {
            output.append(#","input-push-token":"#)
            output.write(inputPushToken)
        }
        output.append(#","relevance-score":"#)
        try output.write(relevanceScore)
        if let staleDate {
            output.append(#","stale-date":"#)
            output.write(staleDate)
        }
        output.append(#","timestamp":"#)
        output.write(timestamp)
        output.append(UInt8(ascii: "}"))
    }
}
