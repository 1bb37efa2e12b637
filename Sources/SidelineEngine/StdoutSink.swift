import Foundation
import SidelineCore

/// Where printed output goes; tests capture it, the CLI writes to the real stdout.
public protocol TextOutput: Sendable {
    func write(_ line: String)
}

/// Standard output, line by line, flushed so a pipe sees each event as it happens.
public struct StandardOutput: TextOutput {
    public init() {}
    public func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// Prints each event: one JSON object per line with `--json`, a readable line otherwise.
/// It is the dry-run sink, and a real sink for people who pipe Sideline into something else.
public struct StdoutSink: PushSink {
    public enum Format: Sendable { case human, json }

    public let name = "stdout"
    let format: Format
    let output: any TextOutput

    public init(format: Format, output: any TextOutput = StandardOutput()) {
        self.format = format
        self.output = output
    }

    public func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        switch format {
        case .json: output.write(String(decoding: payload, as: UTF8.self))
        case .human:
            output.write(Messages.Timeline.line(
                clock: event.at, kind: event.event, reason: event.reason, registration: event.registration,
                username: event.username, leagueName: event.leagueName, week: event.week,
                headline: event.contentState.scoreLine, detail: event.contentState.playersLine
            ))
        }
    }
}
