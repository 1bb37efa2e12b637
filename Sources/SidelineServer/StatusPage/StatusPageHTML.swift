import SidelineActivity
import SidelineCore
import SidelineEngine
import SidelineDelivery

/// The status page: server-rendered HTML and CSS, readable on a phone, refreshing itself.
/// Each running activity is drawn from the same strings the phone gets.
enum StatusPageHTML {
    typealias Copy = Messages.Server.Page

    static func render(_ model: StatusPageModel) -> String {
        let report = model.report
        let registrations = report.registrations.map { r in
            ["#" + r.registration, r.username, "\(r.leagueName) (\(r.leagueID))", r.lifecycle + (r.dryRunLifecycle == "idle" ? "" : " · \(Copy.dryRun) \(r.dryRunLifecycle)"), r.activity ?? "—"]
        }
        let people = (report.people ?? []).map { p in
            [p.username, p.lifecycle, p.activity ?? "—", p.leagues.joined(separator: ", ") + (p.highlight.map { " · \(Messages.Scope.highlighting($0))" } ?? "")]
        }
        let peopleSection = people.isEmpty ? "" : """
            <section id="people"><h2>\(HTML.escape(Messages.Scope.peopleHeading))</h2>
            \(HTML.table(Messages.Scope.peopleColumns, people, empty: ""))
            </section>
            """
        let devices = model.devices.map { d in
            let reach = d.notifyService.map { "notify.\($0)" } ?? (d.pushToStartToken.map(PushToken.shortened) ?? Copy.noToken)
            return [d.id, d.name, model.usernames[d.sleeperUserID] ?? d.sleeperUserID, d.notifyService == nil ? "apns · \(d.environment.rawValue)" : "homeassistant", reach]
        }
        let targets = report.homeAssistant.map { t in
            [t.service, "\(t.usedToday) / \(t.allowance)", t.spacingSeconds.map { Copy.spacing($0) } ?? Copy.reserveOnly, t.pausedUntil.map(model.times.label(iso:)) ?? "—", t.refused ?? "—"]
        }
        let homeAssistant = report.homeAssistant.isEmpty && report.sinkProblems.isEmpty ? "" : """
            <section id="homeassistant"><h2>\(HTML.escape(Copy.homeAssistant))</h2>
            \(report.sinkProblems.map { HTML.text("p", $0, class: "warn") }.joined())
            \(HTML.table(Copy.columnsHomeAssistant, targets, empty: Copy.noDevices))
            </section>
            """
        let events = model.events.map { e in
            [model.eventTime(e), e.event.rawValue + (e.dryRun ? " (\(Copy.dryRun))" : ""), e.reason.rawValue, "\(e.username) · \(e.leagueName)", e.contentState.lockScreen.headline]
        }
        let deliveries = model.deliveries.map { d in
            [model.times.label(d.updatedAt), d.sink, "\(d.kind) \(d.activityID)", d.status, String(d.attempts)]
        }
        var budget = [HTML.text("p", Copy.budgetLine(used: report.callsLastMinute, limit: report.callBudget) + (report.egress.map(Messages.Budget.egress) ?? ""), class: "budget")]
        if let livePoints = report.livePoints { budget.append(HTML.text("p", Messages.LivePoints.statusLine(model.times.labelInstants(in: livePoints)), class: "budget")) }
        if let gameStatuses = report.gameStatuses { budget.append(HTML.text("p", Messages.GameStatuses.statusLine(model.times.labelInstants(in: gameStatuses)), class: "budget")) }
        budget += report.backoff.sorted { $0.key < $1.key }.map { HTML.text("p", Copy.backoff($0.key, until: model.times.label(iso: $0.value)), class: "warn") }
        // Which setup this page is: the file this server read and its database.
        let configuration = HTML.text("p", Copy.configuration(file: Messages.ConfigurationReport.file(report.configurationFile),
                                                             database: Messages.ConfigurationReport.database(report.database)), class: "muted")
        let working = report.working.map { workingSection(model, $0) } ?? ""
        let activities = model.activities.isEmpty
            ? HTML.text("p", Copy.noActivities, class: "empty")
            : "<div class=\"cards\">" + model.activities.map(card).joined(separator: "\n") + "</div>"

        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="refresh" content="30">
        <title>\(HTML.escape(Copy.title))</title>
        <style>\(css)</style>
        </head>
        <body>
        <header><h1>\(HTML.escape(Copy.title))</h1>\(HTML.text("p", Copy.generated(model.times.label(iso: model.generatedAt)), class: "muted"))\(configuration)</header>
        \(working)
        <section id="activities"><h2>\(HTML.escape(Copy.activities))</h2>
        \(activities)
        </section>
        <section id="budget"><h2>\(HTML.escape(Copy.budget))</h2>\(budget.joined())</section>
        \(pollersSection(report.cluster, times: model.times))
        <section id="registrations"><h2>\(HTML.escape(Copy.registrations))</h2>
        \(HTML.table(Copy.columnsRegistrations, registrations, empty: Copy.noRegistrations))
        </section>
        \(peopleSection)
        <section id="devices"><h2>\(HTML.escape(Copy.devices))</h2>
        \(HTML.table(Copy.columnsDevices, devices, empty: Copy.noDevices))
        </section>
        \(homeAssistant)
        \(sinksSection(report, times: model.times))
        <section id="events"><h2>\(HTML.escape(Copy.events))</h2>
        \(HTML.table(Copy.columnsEvents, events, empty: Copy.noEvents))
        </section>
        <section id="deliveries"><h2>\(HTML.escape(Copy.deliveries))</h2>
        \(HTML.table(Copy.columnsDeliveries, deliveries, empty: Copy.noDeliveries))
        </section>
        </body>
        </html>
        """
    }

    /// "Is it working?": the verdict (a warning unless ready), the last pass and its
    /// problems, the next kickoff and today's pushes, as `status` says them.
    static func workingSection(_ model: StatusPageModel, _ working: StatusReport.Working) -> String {
        let lines = Messages.Working.lines(working, times: model.times)
        let body = lines.dropFirst().enumerated().map { index, line in
            HTML.text("p", line.trimmingCharacters(in: .whitespaces), class: index == 0 ? (working.ready ? "verdict" : "verdict warn") : (line.hasPrefix("  ") ? "warn" : "muted"))
        }
        return "<section id=\"working\" data-state=\"\(HTML.escape(working.state))\"><h2>\(HTML.escape(Messages.Working.heading))</h2>\(body.joined())</section>"
    }

    /// One activity: the Lock Screen as the phone lays it out, then the Dynamic Island and
    /// the Watch, every word taken from the content state and attributes.
    static func card(_ activity: StatusPageModel.Activity) -> String {
        let a = activity.attributes, s = activity.state
        let median = s.medianNote.map { HTML.text("div", $0, class: "lock-note") } ?? ""
        let winChance = s.winChance.map { HTML.text("div", $0, class: "lock-win") } ?? ""
        // What Home Assistant's Companion app shows for the same state.
        let ha = HomeAssistantNotification.forEvent(kind: .update, reason: .points, activityID: activity.activityID, at: .distantPast,
                                                    attributes: a, state: s, dismissalDelay: 0)
        let haLine = "\(ha.title ?? "") [\(ha.data.criticalText ?? "")] — \(ha.message)"
        return """
        <article class="activity" data-activity="\(HTML.escape(activity.activityID))">
        <p class="who">\(HTML.escape("\(activity.username) · \(activity.activityID) · \(activity.phase)"))</p>
        <div class="lock sentiment-\(s.sentiment.rawValue)" aria-label="\(HTML.escape(Copy.lockScreen))">
        \(HTML.text("div", a.title, class: "lock-title"))
        \(HTML.text("div", a.subtitle, class: "lock-subtitle"))
        \(HTML.text("div", s.lockScreen.headline, class: "lock-headline"))
        \(winChance)
        \(HTML.text("div", s.lockScreen.detail, class: "lock-detail"))
        \(HTML.text("div", s.lockScreen.footer, class: "lock-footer"))
        \(median)
        </div>
        <div class="island" aria-label="\(HTML.escape(Copy.island))">\(HTML.text("span", s.compactLeading))<span class="camera"></span>\(HTML.text("span", s.compactTrailing))</div>
        <p class="watch">\(HTML.escape(Copy.watch)): \(HTML.escape("\(s.small.headline) · \(s.small.detail)"))</p>
        <p class="watch">\(HTML.escape(Messages.Display.Preview.homeAssistant)): \(HTML.escape(haLine))</p>
        </article>
        """
    }

    static let css = """
    :root{color-scheme:light dark;--bg:#f4f4f6;--fg:#1c1c1e;--muted:#6e6e73;--card:#fff;--line:#d8d8dc}
    @media (prefers-color-scheme:dark){:root{--bg:#000;--fg:#f2f2f7;--muted:#98989f;--card:#1c1c1e;--line:#38383a}}
    *{box-sizing:border-box}body{margin:0 auto;max-width:960px;padding:16px;font:15px/1.4 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
    h1{margin:0;font-size:24px}.verdict{font-weight:600}h2{font-size:17px;margin:24px 0 8px}.muted,.empty,.who{color:var(--muted)}.who{margin:0 0 6px;font-size:13px}
    .warn{color:#c2410c}.cards{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(300px,1fr))}
    .activity{background:var(--card);border-radius:16px;padding:12px}
    .lock{background:linear-gradient(160deg,#2c2c2e,#1c1c1e);color:#fff;border-radius:22px;padding:14px 16px;border-left:6px solid #8e8e93}
    .sentiment-winning{border-left-color:#30d158}.sentiment-losing{border-left-color:#ff453a}.sentiment-tied{border-left-color:#ffd60a}
    .lock-title{font-weight:600}.lock-subtitle,.lock-footer,.lock-note,.lock-win{font-size:13px;color:#c7c7cc}.lock-headline{font-size:22px;font-weight:700;margin:6px 0 2px}
    .lock-detail{font-size:14px}.island{margin:10px auto 0;width:max-content;min-width:180px;display:flex;justify-content:space-between;align-items:center;gap:18px;background:#000;color:#fff;border-radius:20px;padding:6px 14px;font-weight:600;font-variant-numeric:tabular-nums}
    .camera{width:44px;height:14px;border-radius:7px;background:#1c1c1e}.watch{font-size:13px;margin:8px 0 0;color:var(--muted)}
    .scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;background:var(--card);border-radius:12px}th,td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--line);font-size:14px;vertical-align:top}th{white-space:nowrap}th{color:var(--muted);font-weight:500}
    """
}
