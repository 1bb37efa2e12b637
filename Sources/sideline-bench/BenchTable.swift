import Foundation
import SidelineDelivery

/// The printed table (Markdown, so it pastes into the README as is).
enum BenchTable {
    static func render(_ results: [BenchResult], players: PlayersFigures?, totalSeconds: Double) -> String {
        var lines: [String] = []
        if !results.isEmpty {
            lines.append("| run | registrations | passes | most calls in any 60 s (budget) | kickoff → start, median / worst | live score staleness, median / worst | calls for the day | naive poller | ratio | fixed pass CPU (passes) | first pass CPU, cold (responses) | CPU per matchups response (responses) | of which HTTP exchange | of which processing | peak RSS | wall |")
            lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
            for r in results {
                let ratio = r.totalCalls > 0 ? String(format: "%.1f×", Double(r.naiveCalls) / Double(r.totalCalls)) : "–"
                lines.append("| \(r.label) | \(r.registrations) | \(r.passes) | \(r.busiestWindow) (\(r.budget)) | \(seconds(r.startMedian)) / \(seconds(r.startWorst)) (\(r.starts) starts) | \(seconds(r.staleMedian.map(Double.init))) / \(seconds(r.staleWorst.map(Double.init))) | \(r.totalCalls) | \(r.naiveCalls) | \(ratio) | \(ms(r.fixedPassCPU)) (\(r.idlePasses)) | \(ms(r.coldPassCPU)) (\(r.coldResponses)) | \(ms(r.cpuPerResponse)) (\(r.responses)) | \(ms(r.exchangePerCall)) | \(ms(r.processingPerResponse)) | \(String(format: "%.0f MB", r.peakRSS)) | \(String(format: "%.0f s", r.wallSeconds)) |")
            }
        }
        lines += liveTable(results)
        lines += storeTable(results)
        // With --repeat: each scenario's CPU figures over its runs, this machine's noise
        // being what it is (one run can read 20% high or low).
        let names = results.map(\.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for name in names {
            let runs = results.filter { $0.label == name }
            guard runs.count > 1 else { continue }
            lines.append("")
            lines.append("\(name), \(runs.count) runs: CPU per matchups response \(spread(runs.map(\.cpuPerResponse))); "
                + "of which HTTP exchange \(spread(runs.map(\.exchangePerCall))); of which processing \(spread(runs.map(\.processingPerResponse))); "
                + "fixed pass CPU \(spread(runs.map(\.fixedPassCPU))); first pass CPU, cold \(spread(runs.map(\.coldPassCPU)))")
        }
        if let players {
            lines.append("")
            lines.append(String(format: "players/nfl: %d players, %.1f MB — full parse %.0f ms (median of 3); cached index (%.0f kB) load %.0f ms (median of 5)",
                                players.players, players.megabytes, players.parseSeconds * 1000, players.indexKilobytes, players.loadSeconds * 1000))
        }
        lines.append(String(format: "benchmark wall time: %.0f s", totalSeconds))
        return lines.joined(separator: "\n")
    }

    /// Issue 21's comparison: how old the scores shown are, by design, beside the call and
    /// start figures that must not get worse; then each stats pass measured.
    static func liveTable(_ results: [BenchResult]) -> [String] {
        let live = results.compactMap { result in result.live.map { (result, $0) } }
        guard !live.isEmpty else { return [] }
        var lines = ["", "| run | design | edge cache | registrations | most calls in any 60 s (budget) | kickoff → start, median / worst | shown score age, median / worst | samples (never true in 30 min) | slowest pass, wall |",
                     "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
        for (r, l) in live {
            lines.append("| \(r.name) | \(l.design.rawValue) | \(String(format: "%.0f s", l.edgeCacheSeconds)) | \(r.registrations) | \(r.busiestWindow) (\(r.budget)) | \(seconds(r.startMedian)) / \(seconds(r.startWorst)) | \(seconds(l.scoreAgeMedian.map(Double.init))) / \(seconds(l.scoreAgeWorst.map(Double.init))) | \(l.samples) (\(l.unexplained)) | \(String(format: "%.1f s", l.slowestPassWall)) |")
        }
        for (r, l) in live where l.statsPassMeasured {
            lines.append("")
            guard let pass = l.statsPass else {
                lines.append("\(r.name), \(l.design.rawValue) design: no pass stepped anything with the league calls withheld (the stats did not move)")
                continue
            }
            lines.append(String(format: "%@, %@ design: the pass at %@ in which only the stats moved took %.2f s of wall time (%.2f s CPU): %d lifecycles stepped of %d open activities, %d events",
                                r.name, l.design.rawValue, EventEnvelope.timestamp(pass.at), pass.wallSeconds, pass.cpuSeconds, pass.stepped, pass.open, pass.events))
        }
        return lines
    }

    /// Issue 31's comparison: what a pass spends in its store, for each store a run used.
    /// Printed when a run used PostgreSQL (`--store postgres|both`).
    static func storeTable(_ results: [BenchResult]) -> [String] {
        guard results.contains(where: { $0.store != BenchStore.sqlite.name }) else { return [] }
        var lines = ["", "| run | store | busy passes | pass wall, mean / worst | database time per pass, mean / worst | database share of the wall | calls | starts | events |",
                     "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
        for r in results {
            let wall = r.busyPassWall, database = r.busyPassDatabase
            let share = wall.reduce(0, +) > 0 ? String(format: "%.0f%%", 100 * database.reduce(0, +) / wall.reduce(0, +)) : "–"
            lines.append("| \(r.label) | \(r.store) | \(wall.count) | \(ms(mean(wall))) / \(ms(wall.max())) | \(ms(mean(database))) / \(ms(database.max())) | \(share) | \(r.totalCalls) | \(r.starts) | \(r.events) |")
        }
        return lines
    }

    static func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }

    /// "median 0.91 ms (0.84–1.02)" over the runs that have the figure.
    static func spread(_ values: [Double?]) -> String {
        let known = values.compactMap { $0 }.sorted()
        guard let low = known.first, let high = known.last else { return "–" }
        let middle = known.count.isMultiple(of: 2) ? (known[known.count / 2 - 1] + known[known.count / 2]) / 2 : known[known.count / 2]
        return "median \(ms(middle)) (\(ms(low))–\(ms(high)))"
    }

    static func seconds(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value >= 120 ? String(format: "%.1f min", value / 60) : String(format: "%.0f s", value)
    }

    static func ms(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value >= 0.01 ? String(format: "%.0f ms", value * 1000) : String(format: "%.2f ms", value * 1000)
    }
}
