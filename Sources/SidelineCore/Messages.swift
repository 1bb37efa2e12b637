import Foundation

/// Every user-facing string Sideline writes, in one place.
///
/// Voice: a fan watching with friends. Understated; `!` only for rare moments; an em dash
/// between a description and its figures (`"Up 15.3 — 87.4 – 72.1"`); no clichés. Figures
/// arrive here already formatted; this file only arranges words around them.
public enum Messages {
    /// Copy for the Live Activity: content state, attributes and push alerts.
    public enum Display {
        // MARK: Scores

        /// `"87.4 – 72.1"` (en dash between the two scores).
        public static func scoreLine(mine: String, theirs: String) -> String { "\(mine) – \(theirs)" }
        public static func up(_ margin: String) -> String { "Up \(margin)" }
        public static func down(_ margin: String) -> String { "Down \(margin)" }
        public static let tied = "Tied"
        /// Margin when there is no head-to-head opponent.
        public static let noOpponent = "No opponent this week"
        /// Margin when the only game is against the league median.
        public static let medianOnly = "Playing the league median"
        public static let medianNote = "Plus a game against the league median"
        /// Short words for the expanded trailing region without an opponent.
        public static let byeShort = "Bye"
        public static let medianShort = "Median"

        // MARK: Results

        public static func won(_ scoreLine: String) -> String { "Won \(scoreLine)" }
        public static func lost(_ scoreLine: String) -> String { "Lost \(scoreLine)" }
        public static func tiedResult(_ scoreLine: String) -> String { "Tied \(scoreLine)" }
        public static let wonShort = "Won"
        public static let lostShort = "Lost"
        /// Result words only come once both lineups are done; until then, say who is left.
        public static func myStartersDone(_ scoreLine: String, theyHave: Int) -> String {
            "Your starters are done — \(scoreLine), they have \(theyHave) to play"
        }
        public static func theyHave(_ count: Int) -> String { "They have \(count) to play" }
        /// The registration's starters are done and there is no opponent to wait for.
        public static func doneForTheWeek(_ score: String) -> String { "Done for the week — \(score)" }
        public static let done = "Done"

        /// The registration's chance of winning as a whole percent: `"62% to win"`.
        public static func winChance(percent: Int) -> String { "\(percent)% to win" }

        // MARK: Players

        /// `"3 playing · 2 to play · 4 done"`.
        public static func playersLine(playing: Int, toPlay: Int, done: Int) -> String {
            "\(playing) playing · \(toPlay) to play · \(done) done"
        }
        public static func playingCount(_ count: Int) -> String { "\(count) playing" }
        public static let noStarters = "No starters set"
        public static let nobodyPlayingThisWeek = "Nobody playing this week"
        /// `"P. Mahomes 24.3"`.
        public static func performer(name: String, points: String) -> String { "\(name) \(points)" }
        public static let performerSeparator = " · "
        public static func playingNow(_ performers: String) -> String { "Playing now — \(performers)" }
        public static func betweenGames(next: String) -> String { "Between games — \(next)" }
        public static let allDone = "All your starters are done"
        public static let bothDone = "Both lineups are done"
        /// Labels the opponent's players line: `"Opponent — 1 playing · 1 to play · 2 done"`.
        public static let opponent = "Opponent"
        public static let nobodyPlaying = "Nobody playing right now"
        public static let defenseSuffix = "D/ST"
        public static let unnamedTeam = "Unnamed team"
        public static let unknownPlayer = "Unknown player"
        /// Joins a description and its figures: `"Up 15.3 — 87.4 – 72.1"`.
        public static func withFigures(_ description: String, _ figures: String) -> String {
            "\(description) — \(figures)"
        }
        /// Joins short parts of one line: `"3 playing · 2 to play · 4 done · as of 2:14 PM"`.
        public static func joined(_ parts: [String]) -> String { parts.joined(separator: partSeparator) }
        /// The same for two parts, without building an array (on every event).
        public static func joined(_ first: String, _ second: String) -> String { first + partSeparator + second }
        public static let partSeparator = " · "

        // MARK: Time

        /// `"next: 4:25 PM"`.
        public static func next(_ time: String) -> String { "next: \(time)" }
        /// `"as of 2:14 PM"`.
        public static func asOf(_ time: String) -> String { "as of \(time)" }
        /// Shown when the system marks the activity stale: honest about what we know.
        public static func stale(since time: String) -> String { "Scores may be behind — last update \(time)" }

        // MARK: Attributes

        /// `"Gridiron Gang vs Taco Tuesday"`.
        public static func title(mine: String, theirs: String) -> String { "\(mine) vs \(theirs)" }
        public static func titleWithoutOpponent(mine: String) -> String { mine }
        /// `"Dynasty Bros · Week 12"`.
        public static func subtitle(league: String, week: Int) -> String { "\(league) · Week \(week)" }

        // MARK: Alerts

        /// The quiet alert a push-to-start must carry.
        public static func startBody(playing: Int, toPlay: Int) -> String {
            "Kickoff — \(playing) playing, \(toPlay) to play"
        }
        /// A rollover's start: the same activity, carried on past Apple's 8-hour limit.
        public static func continuedBody(_ scoreLine: String) -> String { "Still following — \(scoreLine)" }
        /// Late lead change: they were ahead, now we are.
        public static func backInFront(_ scoreLine: String) -> String { "In front late — \(scoreLine)" }
        /// Late lead change: we were ahead, now they are.
        public static func fellBehind(_ scoreLine: String) -> String { "Behind late — \(scoreLine)" }

        /// Labels for the plain-text preview `sideline demo` and `--dry-run` print.
        public enum Preview {
            public static let lockScreen = "Lock Screen"
            public static let island = "Island"
            public static let compact = "compact"
            public static let minimal = "minimal"
            public static let expanded = "expanded"
            public static let watch = "Watch"
            public static let stale = "If stale"
            public static let homeAssistant = "Home Assistant"
            /// A smaller piece the phone shows beside `main` (the win chance), when there is one:
            /// `"Up 15.3 (62% to win)"`.
            public static func with(_ main: String, aside: String?) -> String { aside.map { "\(main) (\($0))" } ?? main }
        }
    }
}

// MARK: - Command line and timeline

extension Messages {
    /// The dry-run and demo timeline: one readable line per lifecycle event.
    public enum Timeline {
        public static func kindLabel(_ kind: LifecycleEventKind) -> String {
            switch kind {
            case .start: "START "
            case .update: "UPDATE"
            case .end: "END   "
            }
        }

        public static func reasonLabel(_ reason: LifecycleReason) -> String {
            switch reason {
            case .kickoff: "kickoff"
            case .points: "points"
            case .players: "players"
            case .resumed: "resumed"
            case .graceExpired: "grace over"
            case .rollover: "rollover"
            case .removed: "removed"
            case .keepAlive: "still on"
            }
        }

        public static func line(clock: String, kind: LifecycleEventKind, reason: LifecycleReason, registration: String, username: String, leagueName: String, week: Int, headline: String, detail: String) -> String {
            "\(clock)  \(kindLabel(kind))  #\(registration) \(username) · \(leagueName) wk \(week) — \(reasonLabel(reason)) — \(headline) · \(detail)"
        }
    }
}

extension Messages {
    /// Registration outcomes and problems, as `sideline users …` prints them.
    public enum Registration {
        public static func notRenewed(league: String, season: String) -> String {
            "\(league) was not renewed for \(season) (no \(season) league points back to it)"
        }

        public static func noRosterInRenewal(league: String, season: String) -> String {
            "\(league) was renewed for \(season), but this user has no roster in it"
        }
    }
}

extension Messages.Registration {
    public static func noLeagues(user: String, season: String) -> String {
        "\(user) has no NFL leagues on Sleeper for \(season)"
    }

    public static func notInLeague(user: String, league: String, id: String) -> String {
        "\(user) has no roster in \(league) (league \(id))"
    }

    public static let nothingToRegister = "nothing to register"
    public static let emptyUser = "the username must not be empty"
    public static func badLeagueID(_ id: String) -> String { "league ids are numbers, got \"\(id.prefix(40))\"" }
    public static func unknownTimeZone(_ name: String) -> String { "unknown time zone \"\(name.prefix(60))\" (use a name like America/Chicago)" }

    public static func unknownRegistration(_ id: String) -> String {
        "no registration \(id) (see `sideline users list`)"
    }

    public static let budgetSpent = "Sleeper's call budget for this minute is spent; try again in a minute"

    public static func registered(_ handle: String, user: String, league: String, leagueID: String, roster: Int, season: String) -> String {
        "registered #\(handle): \(user) in \(league) (league \(leagueID), roster \(roster), season \(season))"
    }

    public static func alreadyRegistered(_ handle: String, user: String, league: String, leagueID: String) -> String {
        "already registered #\(handle): \(user) in \(league) (league \(leagueID))"
    }

    public static func removed(_ handle: String, user: String, league: String, endedActivities: Int) -> String {
        "removed #\(handle): \(user) in \(league)" + (endedActivities > 0 ? " (ended \(endedActivities) running activit\(endedActivities == 1 ? "y" : "ies"))" : "")
    }

    public static let noneRegistered = "no registrations yet: add one with `sideline users add <username> [--league <id>]`"
}

extension Messages {
    /// `sideline status` text.
    public enum Status {
        public static func header(at: String, week: String?) -> String {
            "Sideline status at \(at)" + (week.map { " — \($0)" } ?? " — no fantasy week (off-season or NFL state not fetched yet)")
        }

        public static let registrationsHeading = "Registrations"
        public static let noRegistrations = "  none: add one with `sideline users add <username> [--league <id>]`"

        public static func registration(_ handle: String, user: String, league: String, leagueID: String, lifecycle: String, dryRun: String, activity: String?, note: String?, winChance: String?) -> String {
            var line = "  #\(handle) \(user) · \(league) (\(leagueID)) — \(lifecycle)"
            if dryRun != "idle" { line += ", dry run \(dryRun)" }
            if let activity { line += " · activity \(activity)" }
            if let winChance { line += " · \(winChance)" }
            if let note { line += "\n      ! \(note)" }
            return line
        }

        public static let pollsHeading = "Next polls"
        public static let noPolls = "  nothing scheduled"
        public static func poll(_ call: String, due: String) -> String { "  \(call) — \(due)" }

        public static func budget(used: Int, limit: Int) -> String { "Sleeper calls in the last minute — \(used) of \(limit)" }
        public static func backoff(_ scope: String, until: String) -> String { "Backing off \(scope) calls until \(until)" }
        public static let deliveriesHeading = "Deliveries"
        public static func deliveries(sink: String, status: String, count: Int) -> String { "  \(sink): \(count) \(status)" }
    }
}

extension Messages {
    /// `sideline demo` framing lines.
    public enum Demo {
        public static func header(league: String) -> String {
            "Replaying Sunday, November 22, 2026 (week 12) in \(league) — a fake Sleeper on 127.0.0.1, dry run, one pass per simulated minute"
        }

        public static func summary(passes: Int, calls: Int, busiestMinute: Int, events: Int, seconds: Double) -> String {
            "Done — \(passes) passes, \(calls) Sleeper calls (at most \(busiestMinute) in any minute), \(events) lifecycle events, in \(String(format: "%.1f", seconds)) s"
        }
    }
}

extension Messages {
    /// ntfy notifications: a title, a few lines of body and emoji tags, for starts, finals
    /// and resumptions only (ADR 007). The lines come from the content state; this arranges them.
    public enum Ntfy {
        public static func kickoffTitle(league: String) -> String { "Kickoff — \(league)" }
        /// A starter kicked off after everyone had finished: the activity is live again.
        public static func backInPlayTitle(league: String) -> String { "Back in play — \(league)" }
        public static func finalTitle(league: String) -> String { "Final — \(league)" }
        /// A rollover's start: the same game, on a fresh activity.
        public static func continuedTitle(league: String) -> String { "Still following — \(league)" }
        /// A rollover's end: the old activity hands over to a new one.
        public static func handingOverTitle(league: String) -> String { "Handing over — \(league)" }
        public static let handingOverNote = "Live Activities last 8 hours; a fresh one picks up from here"

        /// `"Gridiron Gang vs Taco Tuesday · Week 12"`.
        public static func matchupLine(title: String, week: Int) -> String { "\(title) · Week \(week)" }
        /// The body: one fact per line.
        public static func body(_ lines: [String]) -> String { lines.joined(separator: "\n") }

        /// ntfy shows these shortcodes as emoji before the title.
        public static let kickoffTags = ["football"]
        public static let finalTags = ["checkered_flag"]
        public static let rolloverTags = ["repeat"]
    }

    /// Devices, tokens and their listings.
    public enum Devices {
        public static let tokenEmpty = "the token is empty"
        public static let tokenNotHex = "the token is not hexadecimal (APNs tokens are 0-9 and a-f)"
        public static func tokenTooLong(_ length: Int, maximum: Int) -> String { "the token is \(length) characters long; the most accepted is \(maximum)" }
        public static func tokenWrongLength(_ length: Int) -> String { "a \(length)-character token cannot be an APNs token (an even number, at least 16)" }
        public static func badToken(_ what: String, _ problem: String) -> String { "invalid \(what): \(problem)" }
        public static func unknownUser(_ user: String) -> String {
            "no registration for Sleeper user '\(user)': register them first with `sideline users add \(user)` (every league of theirs this season) or `sideline users add \(user) --league <league id>`"
        }
        public static let notADeviceID = "that is not a device id (dev- and 8 hex digits 0-9, a-f; see `sideline devices list`)"
        public static func unknownDevice(_ id: String) -> String { "no device \(id) (see `sideline devices list`)" }
        public static func unknownActivity(_ id: String) -> String { "no activity \(id) has started (activity ids are in `sideline status` and the event log)" }
        public static func activityNotUsers(_ activity: String, device: String) -> String { "activity \(activity) belongs to another Sleeper user than device \(device)" }
        public static func chooseDevice(_ user: String, ids: [String]) -> String {
            "\(user) has \(ids.count) devices (\(ids.joined(separator: ", "))): pick one with --device"
        }
        public static func noDevices(_ user: String) -> String { "\(user) has no devices: add one with `sideline devices add \(user) --push-to-start <token>`" }
        public static func added(_ id: String, user: String, environment: String) -> String { "added device \(id) for \(user) (\(environment))" }
        public static func removed(_ id: String) -> String { "removed device \(id); nothing more is pushed to it" }
        public static func tokenSet(activity: String, device: String, token: String) -> String { "activity \(activity) on \(device): update token \(token)" }
        public static let noneYet = "no devices yet: add one with `sideline devices add <sleeper user> --push-to-start <token>` (or `--homeassistant <notify service>`)"
        public static let oneTarget = "give exactly one of --push-to-start <token> (an app of your own, over APNs) or --homeassistant <notify service> (the Home Assistant Companion app)"
        public static func badNotifyService(_ text: String) -> String {
            "'\(text.prefix(80))' is not a Home Assistant notify service (like mobile_app_alex_iphone or notify.mobile_app_alex_iphone: lowercase letters, digits and _)"
        }
        public static func unknownNotifyService(_ service: String, known: [String]) -> String {
            "Home Assistant has no notify service \(service)" + (known.isEmpty ? "" : " (it has: \(known.prefix(8).joined(separator: ", ")))") + "; nothing was stored"
        }
        public static func homeAssistantUnavailable(_ why: String) -> String { "could not check the service with Home Assistant, so nothing was stored: \(why)" }
        public static func addedHomeAssistant(_ id: String, user: String, service: String) -> String { "added Home Assistant target \(id) for \(user) (notify.\(service))" }
        public static let homeAssistantNotChecked = "warning: homeassistant is not in sinks.enabled: the service was not checked with Home Assistant, and nothing is pushed to it until you enable the sink"
        public static func sinkNotEnabled(_ sink: String) -> String {
            "warning: \(sink) is not in sinks.enabled: the device is added, but nothing is pushed to it until you enable the sink (`sideline config show` shows the configuration in use)"
        }
        public static func alreadyAdded(_ id: String, user: String) -> String {
            "\(user) already has this target as device \(id): nothing changed (a refused mark, if any, is lifted)"
        }
        public static func sharedTarget(with users: [String]) -> String {
            "note: the same phone is also a device of \(users.joined(separator: ", ")): each registered user gets their own activity on it"
        }
        public static func paused(_ id: String, until: String) -> String { "paused \(id) until \(until): nothing is pushed to it before then (`sideline devices resume \(id)` to undo)" }
        public static func resumed(_ id: String) -> String { "resumed \(id): pushes go to it again" }
    }

    /// Home Assistant's Live Activity text (the Companion app has no stale text, so the
    /// message carries the "as of" time).
    public enum HomeAssistant {
        /// The Lock Screen's lines in one: `"Up 15.3 — 87.4 – 72.1 · 62% to win · 3 playing · … · as of 2:14 PM"`.
        public static func message(headline: String, winChance: String?, players: String, asOf: String) -> String {
            winChance.map { "\(headline) · \($0) · \(players) · \(asOf)" } ?? "\(headline) · \(players) · \(asOf)"
        }
        public static let tokenRefused = "Home Assistant refused homeassistant.token (401): nothing is sent to it until the token is changed (make a long-lived access token in your HA profile)"
        public static let notAHomeAssistantPush = "the push was encoded for another sink, not Home Assistant"
        public static func targetsListedAgain(_ services: [String]) -> String { "Home Assistant lists \(services.joined(separator: ", ")) again: pushing to it again" }
        public static func serviceCheckFailed(_ error: String) -> String { "could not read Home Assistant's service list: \(error)" }
        /// A 400's reason: HA's own words when it gave more than `400: Bad Request`.
        public static func badRequest(_ said: String?) -> String {
            said.map { "HTTP 400: \($0)" } ?? "HTTP 400 Bad Request (Home Assistant has no such notify service, or refused the notification's data)"
        }
        /// HA's address answered with a redirect; said once, and every push held until `homeassistant.url` changes.
        public static func redirected(status: Int, location: String?) -> String {
            let fix = location.map { "set homeassistant.url to \($0)" } ?? "set homeassistant.url to the address Home Assistant redirects to"
            return "Home Assistant's address answers with a redirect (HTTP \(status)) instead of Home Assistant: \(fix). Redirects are not followed (the token would be dropped or sent elsewhere); nothing is sent until homeassistant.url is changed"
        }
        public static let statusHeading = "Home Assistant (pushes today, UTC day)"
        public static func statusLine(service: String, used: Int, allowance: Int, spacingSeconds: Int?, pausedUntil: String?, refused: String?) -> String {
            var line = "  notify.\(service): \(used) of \(allowance) today"
            line += spacingSeconds.map { ", routine updates every \(Self.duration($0))" } ?? ", only the reserve is left (starts, lead changes, finals)"
            if let pausedUntil { line += ", paused until \(pausedUntil)" }
            if let refused { line += ", refused by Home Assistant: \(refused)" }
            return line
        }
        static func duration(_ seconds: Int) -> String { seconds < 120 ? "\(seconds) s" : "\(seconds / 60) min" }
    }

    /// The delivery loops (outbox and device pushes).
    public enum Delivery {
        public static func storeUnreadable(_ error: String) -> String { "could not read what is owed to the sinks; nothing was sent this pass: \(error)" }
        public static func storeStepFailed(_ what: String, _ error: String) -> String { "could not read or store \(what); a later pass tries again: \(error)" }
        public static func undeliverableEvent(_ registration: String, _ error: String) -> String {
            "an event for registration \(registration) could not be encoded, so its step was not committed (the next pass tries again): \(error)"
        }
    }

    /// Why a device push was skipped or failed (stored with it, shown by `status`).
    public enum Pushes {
        public static let interruptedStart = "a push-to-start was interrupted with its outcome unknown; it is never resent (a second start would make a second activity)"
        public static let deviceRemoved = "device removed"
        public static func unreadableEvent(_ id: Int64) -> String { "stored event \(id) is unreadable" }
        public static let endedBeforeStart = "the activity ended before its start could be sent"
        public static let noPushToStartToken = "the device has no push-to-start token"
        public static let dismissed = "dismissed on the device"
        public static let neverStarted = "the activity never started on the device"
        public static let superseded = "superseded by a newer update"
        public static let noActivityToken = "the app never reported the activity's push token"
        public static func gaveUp(after attempts: Int, _ reason: String) -> String { "given up after \(attempts) attempts: \(reason)" }
        public static let carriedByStart = "its state went out with the activity's start"
        public static let paused = "the device is paused (sideline devices pause)"
        public static func brokenTarget(_ why: String) -> String { "Home Assistant refused this target: \(why) (add it again once fixed)" }
        public static let keepAliveNotSent = "a keep-alive (it moves APNs' stale date; Home Assistant has none)"
        public static func allowanceSpent(_ service: String, until: String) -> String { "\(service)'s daily allowance is spent until \(until)" }
        public static func storeFailed(_ what: String, _ error: String) -> String { "could not record \(what), so nothing was sent (the next pass tries again): \(error)" }
        public static func configurationProblem(_ sink: String, _ reason: String) -> String {
            "\(sink) refused a push: \(reason). Not retried: check the \(sink) settings (for APNs: key, team id, bundle id, environment; for Home Assistant: homeassistant.url and homeassistant.token)."
        }
        public static func heldForConfiguration(_ sink: String, _ reason: String) -> String {
            "\(sink) refused Sideline's settings: \(reason). Held, not lost: its pushes wait and go once the \(sink) settings are fixed (`sideline check` names what to fix)."
        }
        /// Push targets as a person reads them (each target declares its own, ADR 031).
        public static let apnsLabel = "APNs"
        public static func apnsCredentialsHeld(_ reason: String) -> String {
            "APNs refused Sideline's credentials (\(reason)): every push is held, none lost, until apns.key_id, apns.team_id, apns.key_file or apns.bundle_id is changed; `sideline check` says which to look at"
        }
        public static let homeAssistantLabel = "Home Assistant"
        public static func keyReadableByOthers(_ path: String, mode: Int) -> String {
            "the APNs key \(path) can be read by other users (mode \(String(mode, radix: 8))); make it private: chmod 600 \(path)"
        }
    }

    /// The device API, the admin API and the status page (`sideline run`, `sideline serve`).
    public enum Server {
        public static func adminTokenTooShort(minimum: Int) -> String { "server.admin_token must be at least \(minimum) characters (make one with `openssl rand -hex 24`)" }
        public static func listening(_ url: String) -> String { "serving the device API and status page on \(url)" }
        public static func cannotListen(_ address: String, _ port: Int, _ why: String) -> String { "cannot serve on \(address):\(port): \(why) (set server.address / server.port)" }
        public static func portInUse(_ address: String, _ port: Int) -> String {
            "cannot serve on \(address):\(port): the port is in use, most likely by another `sideline run` or `sideline serve` (`ss -ltnp 'sport = :\(port)'` shows which process); stop it or set server.port"
        }
        public static func portDenied(_ address: String, _ port: Int) -> String {
            "cannot serve on \(address):\(port): not allowed (ports below 1024 need root); set server.port to 1024 or above and put a reverse proxy in front"
        }
        public static func addressNotHere(_ address: String, _ port: Int) -> String {
            "cannot serve on \(address):\(port): no network interface here has that address; set server.address (127.0.0.1, or 0.0.0.0 for every interface)"
        }

        // Errors: one sentence, never the secret, token or body that was sent.
        public static let malformedJSON = "the body is not valid JSON"
        public static let notAnObject = "the body must be a JSON object"
        public static let bodyTooLarge = "the body is larger than 16 KB"
        public static let notJSON = "send the body as application/json"
        public static func unknownField(_ name: String) -> String { "unknown field \"\(name.prefix(40))\"" }
        public static func missingField(_ name: String) -> String { "missing field \"\(name)\"" }
        public static func duplicateField(_ name: String) -> String { "field \"\(name.prefix(40))\" appears more than once" }
        public static func wrongType(_ name: String, _ expected: String) -> String { "field \"\(name)\" must be \(expected)" }
        public static func badEnvironment(_ name: String) -> String { "field \"\(name)\" must be \"sandbox\" or \"production\"" }
        public static func badPathValue(_ what: String) -> String { "that is not a valid \(what)" }
        public static let missingSecret = "send the device secret as `Authorization: Bearer <secret>`"
        public static let wrongSecret = "the device secret is wrong, or the device was removed"
        public static let missingAdminToken = "send the admin token as `Authorization: Bearer <token>`"
        public static let wrongAdminToken = "the admin token is wrong"
        public static let adminDisabled = "the admin API is off: set server.admin_token to turn it on"
        public static func otherDevice(_ id: String) -> String { "this device's secret cannot act on device \(id)" }
        public static func tooManyAttempts(seconds: Int) -> String { "too many failed attempts from this address; try again in \(seconds) s" }
        public static let pairingCodeUnknown = "that pairing code is not valid: check it, or make a new one with `sideline devices invite <user>`"
        public static let pairingCodeExpired = "that pairing code has expired: make a new one with `sideline devices invite <user>`"
        public static let pairingCodeUsed = "that pairing code was already used: make a new one with `sideline devices invite <user>`"
        public static let pairingUserGone = "that pairing code's Sleeper user is no longer registered here"
        public static func badDeviceName(maximum: Int) -> String { "the device name must be 1 to \(maximum) characters, without control characters" }
        public static let badHost = "an HTTP/1.1 request needs exactly one Host header"
        public static let notFound = "no such endpoint (the API lives under /v1)"
        public static let methodNotAllowed = "that method is not allowed here"
        public static let unexpected = "the server hit an unexpected problem; it was logged"
        public static let databaseUnavailable = "the database is not answering; try again shortly"
        public static let noPassYet = "no scheduler pass has run yet (is `sideline run` or the cron job running?)"
        public static func passTooOld(_ seconds: Int) -> String { "the last scheduler pass finished \(seconds) s ago" }
        public static let invalidRegistrationID = "registration ids are whole numbers"

        // `sideline devices invite`
        public static func invite(code: String, user: String, expires: String) -> String {
            "pairing code for \(user): \(code)\nenter it in the Sideline app (or scan the code below) before \(expires); it works once"
        }
        public static let inviteNoPublicURL = "(set server.public_url so the QR code also tells the app where this server is)"

        /// The status page (`GET /`).
        public enum Page {
            public static let title = "Sideline"
            public static func generated(_ at: String) -> String { "as of \(at) · refreshes every 30 s" }
            public static func configuration(file: String, database: String) -> String { "\(file) · \(database)" }
            public static let registrations = "Registrations"
            public static let noRegistrations = "No registrations yet: add one with `sideline users add <username>`."
            public static let devices = "Devices"
            public static let noDevices = "No devices yet: pair one with `sideline devices invite <user>`."
            public static let activities = "Live Activities"
            public static let noActivities = "Nothing live right now."
            public static let budget = "Sleeper budget"
            public static func budgetLine(used: Int, limit: Int) -> String { "\(used) of \(limit) calls in the last minute" }
            public static func backoff(_ scope: String, until: String) -> String { "backing off \(scope) until \(until)" }
            public static let events = "Recent lifecycle events"
            public static let noEvents = "No events yet."
            public static let deliveries = "Recent deliveries"
            public static let noDeliveries = "No deliveries yet."
            public static let lockScreen = "Lock Screen"
            public static let island = "Dynamic Island"
            public static let watch = "Watch"
            public static let noToken = "no push-to-start token"
            public static let dryRun = "dry run"
            public static let columnsRegistrations = ["#", "User", "League", "Lifecycle", "Activity"]
            public static let columnsDevices = ["Device", "Name", "User", "Kind", "Push-to-start or service"]
            public static let homeAssistant = "Home Assistant (pushes today, UTC day)"
            public static let columnsHomeAssistant = ["Notify service", "Used / allowance", "Routine updates", "Paused until", "Refused"]
            public static func spacing(_ seconds: Int) -> String { seconds < 120 ? "every \(seconds) s" : "every \(seconds / 60) min" }
            public static let reserveOnly = "reserve only (starts, lead changes, finals)"
            public static let columnsEvents = ["When", "Event", "Reason", "Who", "Headline"]
            public static let columnsDeliveries = ["When", "Sink", "Event", "Status", "Attempts"]
        }
    }
}
