import Testing
@testable import SidelineServer

@Suite("Connection deadlines: a head within its limit, idle connections closed")
struct ConnectionDeadlinesTests {
    let limits = ConnectionLimits(headTimeout: .seconds(10), idleTimeout: .seconds(60))

    @Test("An idle connection's deadline is the idle timeout from opening, then from each response's end")
    func idle() {
        var state = ConnectionDeadlines(limits: limits, openedAt: .seconds(0))
        #expect(state.deadline == .seconds(60))
        #expect(!state.hasExpired(at: .seconds(59)))
        #expect(state.hasExpired(at: .seconds(60)))
        state.bytesRead(at: .seconds(5))
        state.headReceived(at: .seconds(6))
        state.requestRead()
        #expect(state.deadline == nil, "no deadline while the request is answered")
        state.responseEnded(at: .seconds(100))
        #expect(state.deadline == .seconds(160))
    }

    @Test("A head must be complete within the head timeout of its first byte, however it trickles in")
    func head() {
        var state = ConnectionDeadlines(limits: limits, openedAt: .seconds(0))
        state.bytesRead(at: .seconds(30))
        #expect(state.deadline == .seconds(40))
        for second in 31...39 { state.bytesRead(at: .seconds(second)) }
        #expect(state.deadline == .seconds(40), "more bytes of the same head buy no time")
        #expect(state.hasExpired(at: .seconds(40)))
    }

    @Test("A body may pause up to the idle timeout between reads; pipelined requests keep it open until the last response")
    func bodyAndPipelining() {
        var state = ConnectionDeadlines(limits: limits, openedAt: .seconds(0))
        state.bytesRead(at: .seconds(1))
        state.headReceived(at: .seconds(1))
        state.bytesRead(at: .seconds(50))
        #expect(state.deadline == .seconds(110))
        state.requestRead()
        state.bytesRead(at: .seconds(51))
        state.headReceived(at: .seconds(51))
        state.requestRead()
        state.responseEnded(at: .seconds(52))
        #expect(state.deadline == nil, "the second request is still being answered")
        state.responseEnded(at: .seconds(53))
        #expect(state.deadline == .seconds(113))
    }
}
