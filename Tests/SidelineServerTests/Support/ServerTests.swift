import Testing

/// Every suite of this module, grouped. Not serialized: each test has its own fake Sleeper,
/// store and API server (on threads of their own, see ADR 027), so they run side by side.
@Suite enum ServerTests {}
