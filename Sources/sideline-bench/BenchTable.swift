import Foundation

/// The printed table (Markdown, so it pastes into the README as is).
enum BenchTable {
    static func render(_ results: [BenchResult], players: PlayersFigures?, totalSeconds: Double) -> String {
        var lines: [String] = []
        if !results.isEmpty {
            lines.append("| run | registrations | passes | most calls in any 60 s (budget) | kickoff → start, median / worst | live score staleness, median / worst | calls for the day | naive poller | ratio | fixed pass CPU (passes) | CPU per matchups response (responses) | of which HTTP exchange | of which processing | peak RSS | wall |")
            lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
            for r in results {
                let ratio = r.totalCalls > 0 ? String(format: "%.1f×", Double(r.naiveCalls) / Double(r.totalCalls)) : "–"
                lines.append("| \(r.name) | \(r.registrations) | \(r.passes) | \(r.busiestWindow) (\(r.budget)) | \(seconds(r.startMedian)) / \(seconds(r.startWorst)) (\(r.starts) starts) | \(seconds(r.staleMedian.map(Double.init))) / \(seconds(r.staleWorst.map(Double.init))) | \(r.totalCalls) | \(r.naiveCalls) | \(ratio) | \(ms(r.fixedPassCPU)) (\(r.idlePasses)) | \(ms(r.cpuPerResponse)) (\(r.responses)) | \(ms(r.exchangePerCall)) | \(ms(r.processingPerResponse)) | \(String(format: "%.0f MB", r.peakRSS)) | \(String(format: "%.0f s", r.wallSeconds)) |")
            }
        }
        if let players {
            lines.append("")
            lines.append(String(format: "players/nfl: %d players, %.1f MB — full parse %.0f ms (median of 3); cached index (%.0f kB) load %.0f ms (median of 5)",
                                players.players, players.megabytes, players.parseSeconds * 1000, players.indexKilobytes, players.loadSeconds * 1000))
        }
        lines.append(String(format: "benchmark wall time: %.0f s", totalSeconds))
        return lines.joined(separator: "\n")
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
