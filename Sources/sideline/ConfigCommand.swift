import ArgumentParser
import SidelineCore

/// `sideline config keys|show`: every key Sideline reads, and what this command would run
/// with — which file, which database — for someone who has only the binary.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "List the configuration keys, or show the configuration a command would use.",
        subcommands: [Keys.self, Show.self]
    )

    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every configuration key: its environment variable, default and meaning.")

        @Flag(help: "Print a JSON array.")
        var json = false

        func run() throws {
            if json {
                try printJSON(ConfigurationKey.all.map { KeyRow(key: $0.name, environment: $0.environmentName, default: $0.defaultValue, help: $0.help) })
                return
            }
            print(Messages.ConfigurationReport.keysHeader)
            for key in ConfigurationKey.all {
                print(Messages.ConfigurationReport.key(key.name, environment: key.environmentName, default: key.defaultValue, help: key.help))
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The configuration file, database and every setting this command would use, and where each came from (secrets never shown).")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print a JSON object.")
        var json = false

        func run() throws {
            let configuration = try global.loadConfigurationReporting()
            if json {
                try printJSON(ShowRow(file: configuration.configurationFile, database: configuration.store.name, settings: configuration.settings))
                return
            }
            print(Messages.ConfigurationReport.file(configuration.configurationFile))
            print(Messages.ConfigurationReport.database(configuration.store.name))
            for setting in configuration.settings {
                print(Messages.ConfigurationReport.setting(setting.key, value: setting.value, source: setting.source))
            }
        }
    }

    struct KeyRow: Encodable {
        let key: String
        let environment: String
        let `default`: String?
        let help: String
    }

    struct ShowRow: Encodable {
        let file: String?
        let database: String
        let settings: [ConfigurationSetting]
    }
}
