import SidelineCore
import SidelineEngine

extension Messages.Status {
    /// The sinks' last credentials check: one line per thing checked, failures first.
    static func sinkLines(_ report: StatusReport, times: LocalTime) -> [String] {
        guard let sinks = report.sinks, !sinks.isEmpty else { return [] }
        var lines = ["", Messages.Check.statusHeading]
        for sink in sinks {
            let at = times.label(iso: sink.checkedAt)
            lines += sink.results.sorted { !$0.ok && $1.ok }.map {
                Messages.Check.statusLine(sink.label, checkedAt: at, ok: $0.ok, message: $0.message)
            }
        }
        return lines
    }
}
