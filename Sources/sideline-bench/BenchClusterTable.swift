import Foundation

/// The cluster run's table (issue 32), Markdown as the others: one row per poller count.
enum BenchClusterTable {
    static func render(_ results: [ClusterResult], totalSeconds: Double) -> String {
        typealias T = BenchTable
        var lines = [
            "| pollers | leagues | kickoff → start, median / worst (starts) | most calls in any 60 s, per egress (budget) | calls | database time per pass, mean / worst | pass wall, mean / worst | instant wall, mean / worst | CPU per busy instant | start events (registrations) | outbox starts (activities) | events | leagues held at the end | lost leases | wall |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in results {
            let windows = r.egresses.map { String($0.busiestWindow) }.joined(separator: ", ")
            let held = r.egresses.map { "\($0.leaguesHeld)\($0.leads ? "*" : "")" }.joined(separator: "/")
            let calls = r.egresses.reduce(0) { $0 + $1.calls }
            lines.append("| \(r.pollers)\(r.concurrent ? "" : " (in turns)") | \(r.leagues) | \(T.seconds(r.startMedian)) / \(T.seconds(r.startWorst)) (\(r.kickoffStarts)) "
                + "| \(windows) (\(r.budget)) | \(calls) | \(T.ms(T.mean(r.busyPassDatabase))) / \(T.ms(r.busyPassDatabase.max())) "
                + "| \(T.ms(T.mean(r.busyPassWall))) / \(T.ms(r.busyPassWall.max())) | \(T.ms(T.mean(r.busyInstantWall))) / \(T.ms(r.busyInstantWall.max())) "
                + "| \(T.ms(T.mean(r.busyInstantCPU))) | \(r.startEvents) (\(r.registrationsStarted)) | \(r.outboxStarts) (\(r.outboxActivities)) | \(r.events) "
                + "| \(held) | \(r.leasesLost) | \(String(format: "%.0f s", r.wallSeconds)) |")
        }
        lines.append("")
        lines.append("`*` the feeds leader. Pass wall and database time are each poller's busy passes (those that fetched); an instant is every poller's pass at one simulated instant.")
        for r in results {
            let over = r.egresses.filter { $0.busiestWindow > r.budget }.map(\.name)
            var notes: [String] = []
            if !over.isEmpty { notes.append("OVER BUDGET: \(over.joined(separator: ", "))") }
            if r.failedPasses > 0 { notes.append("FAILED PASSES: \(r.failedPasses) (a database error, on which `sideline run` exits)") }
            if r.doubles > 0 { notes.append("DOUBLED STARTS: \(r.doubles)") }
            if r.problems > r.leasesLost { notes.append("\(r.problems - r.leasesLost) other problems in the passes' reports") }
            if let first = results.first, r.registrationsStarted != first.registrationsStarted {
                notes.append("\(r.registrationsStarted) registrations started against \(first.registrationsStarted) with \(first.pollers)")
            }
            lines.append(String(format: "%d pollers: %d instants, %d busy; %d poller passes postponed calls for want of budget; %.0f s CPU, peak RSS %.0f MB%@",
                                r.pollers, r.instants, r.busyInstantWall.count, r.postponingPasses, r.cpuSeconds, r.peakRSS, notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")))
            lines += r.problemSamples.map { "  \($0)" }
        }
        lines.append(String(format: "benchmark wall time: %.0f s", totalSeconds))
        return lines.joined(separator: "\n")
    }
}
