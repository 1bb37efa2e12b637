import Foundation
import SidelineActivity
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
    let timeZone: TimeZone

    /// `timeZone` is for the readable format's clock (the JSON always carries UTC).
    public init(format: Format, timeZone: TimeZone = .gmt, output: any TextOutput = StandardOutput()) {
        self.format = format
        self.output = output
        self.timeZone = timeZone
    }

    func clock(_ iso: String) -> String {
        guard let date = ISO8601DateFormatter().date(from: iso) else { return iso }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE HH:mm zzz"
        return formatter.string(from: date)
    }

    public func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        switch format {
        case .json: output.write(String(decoding: payload, as: UTF8.self))
        case .human:
            output.write(Messages.Timeline.line(
                // A person's event: tagged as the person's, its summary for every league.
                clock: clock(event.at), kind: event.event, reason: event.reason, registration: event.registration ?? Messages.Person.timelineTag,
                username: event.username, leagueName: event.registration == nil ? event.attributes.leagueName : event.leagueName, week: event.week,
                headline: event.contentState.lockScreen.headline, detail: event.contentState.summary ?? event.contentState.myPlayersLine
            ))
            // Starts and ends show every presentation, exactly as the phone would get them.
            if event.event != .update {
                output.write(DisplayPreview.text(attributes: event.attributes, state: event.contentState).indented(by: 14))
            }
        }
    }
}

extension String {
    func indented(by width: Int) -> String {
        let pad = String(repeating: " ", count: width)
        return split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
    }
}
