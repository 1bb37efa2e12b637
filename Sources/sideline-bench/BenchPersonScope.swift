import Foundation
import SidelineCore
import SidelineDelivery

/// Issue 30's cost, measured: the same registrations (10,000 people in 5 leagues each, by
/// default) through the 1:00 kickoff, once with every user in league scope and once in
/// person scope. Each run is a process of its own: peak RSS is a process's, and one run's
/// heap must not carry into the other's. The runs alternate (league, person, league, …) so
/// that this shared machine's drift falls on both alike.
enum BenchPersonScope {
    static let end = BenchMain.utc("2026-11-22T18:15:00Z")

    /// One run's figures, handed from the child to the parent as a line of JSON.
    struct Figures: Codable {
        let scope: ActivityScope
        let people: Int
        let registrations: Int
        /// The kickoff's pass and the live passes after it (``BenchFigures/livePassCPU``).
        let busyPasses: Int
        let busyCPU: Double
        let busyCPUMedian: Double
        let busyCPUWorst: Double
        let fixedPassCPU: Double?
        let cpuPerResponse: Double?
        let responses: Int
        let peakRSS: Double
        let startMedian: Double?
        let startWorst: Double?
        let starts: Int
        let events: Int
        let wallSeconds: Double

        var busyCPUMean: Double { busyPasses > 0 ? busyCPU / Double(busyPasses) : 0 }
    }

    /// What a run is asked for; the child gets it back as arguments.
    struct Request {
        var scope: ActivityScope
        var people: BenchPeople
        var until: Date?
        var design: BenchDesign
        var edgeCacheSeconds: TimeInterval

        var arguments: [String] {
            var arguments = ["people10000", "--child", "--scope", scope.rawValue, "--people", String(people.count),
                             "--design", design.rawValue, "--edge-cache", String(edgeCacheSeconds)]
            if let until { arguments += ["--until", EventEnvelope.timestamp(until)] }
            return arguments
        }

        var scenario: BenchScenario {
            let registered = 10
            var scenario = BenchScenario(name: "12:45–13:15 ET, \(people.count) people × \(people.leaguesEach) leagues, \(scope.rawValue) scope",
                                         leagues: people.leagues(registered: registered), registered: registered,
                                         start: BenchMain.burstStart, end: min(BenchPersonScope.end, until ?? BenchPersonScope.end))
            scenario.people = people
            scenario.scope = scope
            scenario.design = design
            scenario.edgeCacheSeconds = edgeCacheSeconds
            // Both are the benchmark's own work and memory, the same for either scope.
            scenario.measuresScoreAge = false
            scenario.measuresExchange = false
            return scenario
        }
    }

    /// In the child: the run, its figures as the last line on standard output.
    static func runChild(_ request: Request) async throws -> String {
        let result = try await request.scenario.run()
        let busy = result.livePassCPU.sorted()
        let figures = Figures(
            scope: request.scope, people: request.people.count, registrations: result.registrations,
            busyPasses: busy.count, busyCPU: busy.reduce(0, +), busyCPUMedian: busy.isEmpty ? 0 : busy[busy.count / 2], busyCPUWorst: busy.last ?? 0,
            fixedPassCPU: result.fixedPassCPU, cpuPerResponse: result.cpuPerResponse, responses: result.responses, peakRSS: result.peakRSS,
            startMedian: result.startMedian, startWorst: result.startWorst, starts: result.starts, events: result.events, wallSeconds: result.wallSeconds)
        return String(decoding: try JSONEncoder().encode(figures), as: UTF8.self)
    }

    /// In the parent: each scope `repeats` times, alternating, each in a child process.
    static func compare(_ request: Request, scopes: [ActivityScope], repeats: Int) throws -> String {
        var runs: [Figures] = []
        for _ in 0..<repeats {
            for scope in scopes {
                var one = request
                one.scope = scope
                BenchMain.log("running \(one.scenario.name) (\(one.people.count * one.people.leaguesEach) registrations) in its own process…")
                let figures = try child(one)
                BenchMain.log(String(format: "  done in %.0f s", figures.wallSeconds))
                runs.append(figures)
            }
        }
        return render(runs)
    }

    private static func child(_ request: Request) throws -> Figures {
        let process = Process()
        process.executableURL = BenchServerProcess.executable
        process.arguments = request.arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // A child that failed or printed no figures is reported as a failed run, not skipped.
        guard process.terminationStatus == 0,
              let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
              let figures = try? JSONDecoder().decode(Figures.self, from: Data(line.utf8)) else {
            throw BenchError("the \(request.scope.rawValue)-scope run failed (exit \(process.terminationStatus))")
        }
        return figures
    }

    static func render(_ runs: [Figures]) -> String {
        var lines = [
            "| scope | registrations | busy passes | CPU per busy pass, mean / median / worst | busy passes' CPU | fixed pass CPU | CPU per matchups response (responses) | peak RSS | kickoff → start, median / worst (starts) | events | wall |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in runs {
            lines.append("| \(r.scope.rawValue) | \(r.registrations) | \(r.busyPasses) | \(BenchTable.ms(r.busyCPUMean)) / \(BenchTable.ms(r.busyCPUMedian)) / \(BenchTable.ms(r.busyCPUWorst)) | "
                + String(format: "%.1f s", r.busyCPU) + " | \(BenchTable.ms(r.fixedPassCPU)) | \(BenchTable.ms(r.cpuPerResponse)) (\(r.responses)) | "
                + String(format: "%.0f MB", r.peakRSS) + " | \(BenchTable.seconds(r.startMedian)) / \(BenchTable.seconds(r.startWorst)) (\(r.starts)) | \(r.events) | "
                + String(format: "%.0f s", r.wallSeconds) + " |")
        }
        let league = runs.filter { $0.scope == .league }
        let person = runs.filter { $0.scope == .person }
        if !league.isEmpty, !person.isEmpty {
            func ratio(_ figure: (Figures) -> Double) -> String {
                let (p, l) = (median(person.map(figure)), median(league.map(figure)))
                return l > 0 ? String(format: "%.2f×", p / l) : "–"
            }
            lines.append("")
            lines.append("person / league (medians of \(person.count) and \(league.count) runs; target ≤ 1.2×): CPU per busy pass \(ratio(\.busyCPUMean)), "
                + "peak RSS \(ratio(\.peakRSS)); kickoff → start worst \(BenchTable.seconds(person.compactMap(\.startWorst).max())) against \(BenchTable.seconds(league.compactMap(\.startWorst).max()))")
        }
        return lines.joined(separator: "\n")
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    }
}
