import Logging

extension Logger {
    /// Tests check outcomes, not log lines.
    static var quiet: Logger {
        var logger = Logger(label: "sideline.apns.tests", factory: { _ in SwiftLogNoOpLogHandler() })
        logger.logLevel = .critical
        return logger
    }
}
