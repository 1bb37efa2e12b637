import Foundation

extension Messages {
    /// `sideline check` and the credentials check at start-up: one line per thing verified,
    /// what was seen or what to fix (ADR 033).
    public enum Check {
        /// `✓ …` or `✗ …`.
        public static func line(_ result: CheckResult) -> String { "\(result.ok ? "✓" : "✗") \(result.message)" }

        public static func summary(failed: Int, total: Int) -> String {
            failed == 0
                ? "All \(total) checks hold: ready for Sunday. Next: `sideline devices test <device>` sends a sample activity to a phone."
                : "\(failed) of \(total) checks failed: fix the ✗ lines above and run `sideline check` again."
        }

        // MARK: Configuration and database

        public static func configurationRead(_ file: String?) -> String {
            guard let file else { return "configuration: no file read (defaults and SIDELINE_* settings); `sideline config show` says where each setting came from" }
            return "configuration: \(file) parses"
        }
        public static func configurationFailed(_ error: String) -> String {
            "configuration: \(error); `sideline config keys` lists the keys"
        }
        public static func databaseWritable(_ path: String) -> String { "database: \(path) opens for writing" }
        public static func databaseFailed(_ path: String, _ error: String) -> String { "database: \(path) cannot be written: \(error)" }

        // MARK: Sleeper, the scores feed, ESPN

        public static func sourceAddressBound(_ address: String) -> String {
            "source address: \(address) is an address of this host; Sleeper, scores feed and ESPN calls leave from it"
        }
        public static func sourceAddressUnavailable(_ address: String, _ error: String) -> String {
            "source address: \(address) cannot be bound (\(error)): it is not an address of this host; set http.source_address to one `ip address` lists, or remove it"
        }
        public static func sleeperAnswered(_ url: String, season: String, week: Int) -> String {
            "Sleeper (\(url)) answers: season \(season), week \(week)"
        }
        public static func sleeperFailed(_ url: String, _ error: String) -> String {
            "Sleeper (\(url)) does not answer: \(error); check the network and sleeper.url"
        }
        public static func scoresAnswered(_ url: String, games: Int) -> String { "Sleeper's scores feed (\(url)) answers: \(games) games this week" }
        public static func scoresFailed(_ url: String, _ error: String) -> String {
            "Sleeper's scores feed (\(url)) does not answer: \(error); game statuses will come from ESPN; check scores.url"
        }
        public static func espnAnswered(_ url: String, games: Int) -> String { "ESPN's scoreboard (\(url)) answers: \(games) games this week" }
        public static func espnFailed(_ url: String, _ error: String) -> String {
            "ESPN's scoreboard (\(url)) does not answer: \(error); it is the fallback for game statuses; check espn.url"
        }
        public static let feedsNotChecked = "the scores feed and ESPN were not checked: they need the week Sleeper did not give"
        public static let noLeagues = "leagues: none registered yet; add one with `sideline users add <username>`"
        public static func leaguesReadable(_ readable: Int, sampled: Int, registered: Int) -> String {
            let sample = sampled < registered ? " (a sample of \(sampled) of \(registered))" : ""
            return "leagues: \(readable) of \(sampled) registered leagues are readable\(sample)"
        }
        public static func leagueUnreadable(_ leagueID: String, name: String, _ error: String) -> String {
            "league \(name) (\(leagueID)) is not readable: \(error); if it was deleted on Sleeper, remove its registration with `sideline users remove`"
        }

        // MARK: Sinks

        public static let stdout = "stdout: events are printed on standard output"
        public static func sinkNotBuilt(_ sink: String, _ error: String) -> String { "\(sink): \(error)" }
        public static func sinkCannotBeChecked(_ sink: String) -> String { "\(sink): this sink has no check" }

        public static func webhookAccepted(_ host: String) -> String { "webhook: \(host) accepted a signed test event" }
        public static func webhookFailed(_ error: String) -> String { "webhook: the signed test event was not accepted: \(error)" }
        public static let webhookTestEvent = "Sideline check: this receiver gets Sideline's events. Nothing to do."

        public static func ntfyAccepted(_ url: String) -> String { "ntfy: \(url) accepted a test message" }
        public static func ntfyFailed(_ error: String) -> String { "ntfy: the topic did not accept a test message: \(error)" }
        public static let ntfyTestTitle = "Sideline check"
        public static let ntfyTestMessage = "This topic gets Sideline's notifications on game day."

        public static func homeAssistantTokenAccepted(_ host: String) -> String { "Home Assistant (\(host)) accepts homeassistant.token" }
        public static func homeAssistantServiceListed(_ service: String) -> String { "Home Assistant has notify.\(service)" }
        public static func homeAssistantServiceMissing(_ service: String) -> String {
            "Home Assistant has no notify.\(service): open the Companion app on that phone once (it registers the service), or remove the device with `sideline devices remove` and add the service Home Assistant lists under Developer tools → Actions"
        }
        public static let homeAssistantNoTargets = "Home Assistant: no targets registered yet; add one with `sideline devices add <username> --homeassistant notify.<service>`"
        public static func homeAssistantServicesUnreadable(_ error: String) -> String { "Home Assistant's notify services could not be read: \(error)" }

        public static func apnsKeyParsed(keyID: String) -> String { "APNs: the key in apns.key_file parses (key id \(keyID))" }
        public static func apnsTokenSigned(teamID: String) -> String { "APNs: a provider token is signed (team id \(teamID))" }
        public static func apnsProbeAccepted(_ environment: String, bundleID: String) -> String {
            "APNs (\(environment)) accepts the key, key id and team id: a push to a deliberately invalid device token was answered BadDeviceToken, as it should be. The bundle id \(bundleID) is proven only by a real device: run `sideline devices test <device>`"
        }
        public static func apnsInvalidProviderToken(_ environment: String, keyID: String, teamID: String) -> String {
            "APNs (\(environment)) refused the provider token (403 InvalidProviderToken): the key id (apns.key_id \(keyID)), the team id (apns.team_id \(teamID)) or the key (apns.key_file) is wrong, and APNs does not say which. Check that the key id is the one shown beside the key under Certificates, Identifiers & Profiles → Keys, that the team id is your team's (Membership details), and that the .p8 file is that key's"
        }
        public static func apnsWrongEnvironmentKey(_ environment: String) -> String {
            "APNs (\(environment)) refused the key for this environment (403 BadEnvironmentKeyInToken): the key in apns.key_file is limited to the other environment; make a key for both (Sandbox & Production) in the developer account"
        }
        public static func apnsExpiredToken(_ environment: String) -> String {
            "APNs (\(environment)) called a provider token signed a moment ago expired (403 ExpiredProviderToken): this machine's clock is wrong; set it right (NTP)"
        }
        public static func apnsCredentialsRefused(_ environment: String, status: Int, reason: String) -> String {
            "APNs (\(environment)) refused the credentials (\(status) \(reason)): check apns.key_id, apns.team_id and apns.key_file"
        }
        public static func apnsTopicRefused(_ environment: String, reason: String, bundleID: String) -> String {
            "APNs (\(environment)) refused the topic (\(reason)): apns.bundle_id \(bundleID) must be your app's bundle id, from the team the key belongs to"
        }
        public static func apnsUnexpected(_ environment: String, _ outcome: String) -> String {
            "APNs (\(environment)) answered a deliberately invalid device token unexpectedly (\(outcome)); check apns.url if it is set"
        }
        public static func apnsUnreachable(_ environment: String, _ reason: String) -> String {
            "APNs (\(environment)) could not be reached: \(reason); check the network (outbound TCP 443 to api.push.apple.com) and apns.url if it is set"
        }

        // MARK: Credentials at start-up, and in status

        public static func credentialsFailed(_ label: String, _ message: String) -> String { "\(label) credentials check failed: \(message)" }
        public static func credentialsHold(_ labels: [String]) -> String { "credentials check: \(labels.joined(separator: ", ")) hold" }
        public static let statusHeading = "Sinks (credentials checked at start and hourly):"
        public static func statusLine(_ label: String, checkedAt: String, ok: Bool, message: String) -> String {
            "  \(label): \(ok ? "✓" : "✗") checked \(checkedAt) — \(message)"
        }
        public static let statusPageHeading = "Sinks"
        public static let statusPageColumns = ["Sink", "Checked", "Result", "Message"]
        public static let statusPageNone = "Not checked yet: `sideline run` checks the sinks' credentials when it starts, `tick` hourly."
        public static func result(ok: Bool) -> String { ok ? "✓ holds" : "✗ fails" }
    }
}
