import Testing

/// Every suite of this module, one test at a time: each starts a fake Sleeper, an engine
/// and the API server, some start Python, Chromium or schemathesis, and all share two
/// cores and Swift's two-thread cooperative pool with the other modules' suites. Run side
/// by side they starved those suites' in-process servers past their 15 s timeouts.
@Suite(.serialized) enum ServerTests {}
