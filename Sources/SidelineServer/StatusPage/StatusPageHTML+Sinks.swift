import SidelineCore
import SidelineEngine

extension StatusPageHTML {
    /// The sinks' last credentials check: when, whether it holds, and what was said.
    static func sinksSection(_ report: StatusReport, times: LocalTime) -> String {
        let sinks = report.sinks ?? []
        let rows = sinks.flatMap { sink in
            sink.results.map { [sink.label, times.label(iso: sink.checkedAt), Messages.Check.result(ok: $0.ok), $0.message] }
        }
        let failures = sinks.flatMap(\.results).filter { !$0.ok }
        return """
            <section id="sinks"><h2>\(HTML.escape(Messages.Check.statusPageHeading))</h2>
            \(failures.map { HTML.text("p", $0.message, class: "warn") }.joined())
            \(HTML.table(Messages.Check.statusPageColumns, rows, empty: Messages.Check.statusPageNone))
            </section>
            """
    }
}
