import Logging
import Synchronization

private let loggingBootstrap = Mutex(false)

/// Logs go to stderr (stdout is for events), at the configured level. Once per process:
/// swift-log's bootstrap may not be called twice, and a command may open the wiring twice.
func bootstrapLogging(level: String) {
    let parsed = Logger.Level(rawValue: level) ?? .info
    loggingBootstrap.withLock { done in
        guard !done else { return }
        done = true
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = parsed
            return handler
        }
    }
}
