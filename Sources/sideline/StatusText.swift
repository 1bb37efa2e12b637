import SidelineCore
import SidelineEngine

extension Messages.Status {
    /// The whole `status` text, from the report: its instants (ISO 8601 UTC, as `--json`
    /// keeps them) in the display time zone, labelled.
    static func text(_ report: StatusReport, times: LocalTime) -> String {
        var lines: [String] = [header(at: times.label(iso: report.at), week: report.week),
                     Messages.ConfigurationReport.file(report.configurationFile),
                     Messages.ConfigurationReport.database(report.database)]
        if let working = report.working { lines += [""] + Messages.Working.lines(working, times: times) }
        lines += ["", registrationsHeading]
        if report.registrations.isEmpty { lines.append(noRegistrations) }
        for row in report.registrations {
            lines.append(registration(row.registration, user: row.username, league: row.leagueName, leagueID: row.leagueID, lifecycle: row.lifecycle, dryRun: row.dryRunLifecycle, activity: row.activity, note: row.note, winChance: row.winChance))
        }
        if let people = report.people, !people.isEmpty {
            lines += ["", Messages.Scope.peopleHeading]
            lines += people.map { Messages.Scope.person($0.username, lifecycle: $0.lifecycle, activity: $0.activity, leagues: $0.leagues, highlight: $0.highlight, pinned: $0.pinned) }
        }
        if let note = report.scopeNote { lines += ["", note] }
        lines += ["", pollsHeading]
        if report.nextPolls.isEmpty { lines.append(noPolls) }
        lines += report.nextPolls.prefix(12).map { poll($0.call, due: times.label(iso: $0.due)) }
        lines += ["", budget(used: report.callsLastMinute, limit: report.callBudget) + (report.egress.map(Messages.Budget.egress) ?? "")]
        let polling = report.polling
        lines += [
            Messages.Budget.share(cap: polling.schedulerBudget, limit: report.callBudget, headroom: polling.registrationHeadroom, percent: polling.budgetPercent),
            Messages.Budget.live(leagues: polling.liveLeagues, registrations: polling.liveRegistrations),
            Messages.Budget.freshness(targetSeconds: polling.refreshSeconds, medianSeconds: polling.freshnessMedianSeconds, worstSeconds: polling.freshnessWorstSeconds),
        ]
        if let livePoints = report.livePoints { lines.append(Messages.LivePoints.statusLine(times.labelInstants(in: livePoints))) }
        if let gameStatuses = report.gameStatuses { lines.append(Messages.GameStatuses.statusLine(times.labelInstants(in: gameStatuses))) }
        lines += report.backoff.sorted { $0.key < $1.key }.map { backoff($0.key, until: times.label(iso: $0.value)) }
        if let cluster = report.cluster { lines += [""] + Messages.Cluster.lines(cluster, times: times) }
        if !report.deliveries.isEmpty {
            lines += ["", deliveriesHeading]
            lines += report.deliveries.map { deliveries(sink: $0.sink, status: $0.status, count: $0.count) }
        }
        if !report.homeAssistant.isEmpty || !report.sinkProblems.isEmpty {
            lines += ["", Messages.HomeAssistant.statusHeading]
            lines += report.sinkProblems.map { "  \($0)" }
            lines += report.homeAssistant.map {
                Messages.HomeAssistant.statusLine(service: $0.service, used: $0.usedToday, allowance: $0.allowance, spacingSeconds: $0.spacingSeconds,
                                                  pausedUntil: $0.pausedUntil.map(times.label(iso:)), refused: $0.refused)
            }
        }
        lines += sinkLines(report, times: times)
        return lines.joined(separator: "\n")
    }
}
