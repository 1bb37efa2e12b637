import SidelineCore

extension Messages.Working {
    /// The "Is it working?" lines of `status` and the status page, instants labelled in
    /// the display time zone.
    public static func lines(_ working: StatusReport.Working, times: LocalTime) -> [String] {
        var lines = [heading, verdict(times.labelInstants(in: working.summary))]
        if let last = working.lastPass {
            lines.append(lastPass(at: times.label(iso: last.at), dryRun: last.dryRun, calls: last.calls, unanswered: last.unanswered, events: last.events,
                                  delivered: last.delivered, deliveryFailures: last.deliveryFailures, problems: last.problemCount))
            lines += last.problems.map(problem)
            if last.problemCount > last.problems.count { lines.append(moreProblems(last.problemCount - last.problems.count)) }
        } else {
            lines.append(noPass)
        }
        lines.append(nextKickoff(working.nextKickoff.map(times.label(iso:))))
        lines.append(pushesToday(working.pushesToday.map { ($0.sink, $0.count) }))
        return lines
    }
}
