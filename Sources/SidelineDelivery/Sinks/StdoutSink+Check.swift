import SidelineCore

/// Standard output needs nothing but a terminal or a pipe: always holds.
extension StdoutSink: CheckableSink {
    public func check(_ context: SinkCheckContext) async -> [CheckResult] {
        context.mayDeliver ? [.passed("stdout", Messages.Check.stdout)] : []
    }
}
