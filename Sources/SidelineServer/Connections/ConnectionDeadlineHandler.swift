import NIOCore

/// What the request guard tells the deadline handler, as outbound user events (they travel
/// from the guard, past the HTTP codec, to the handler nearest the socket).
enum ConnectionEvent: Sendable {
    case headReceived, requestRead, responseEnded
}

/// The first handler of a connection's pipeline: it sees every byte as it arrives (so a head
/// that trickles in is noticed, which no handler after the HTTP decoder can do) and closes
/// the connection when ``ConnectionDeadlines`` says so.
///
/// Hummingbird's own `idleTimeout` counts from the last *decoded* part, so it cannot give a
/// head less time than an idle connection; this handler does both.
final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let limits: ConnectionLimits
    private let opened = ContinuousClock.now
    private var state: ConnectionDeadlines?
    private var timer: Scheduled<Void>?
    private var timerDeadline: Duration?

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    private var now: Duration { ContinuousClock.now - opened }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        state?.bytesRead(at: now)
        schedule(context)
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let event = event as? ConnectionEvent else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch event {
        case .headReceived: state?.headReceived(at: now)
        case .requestRead: state?.requestRead()
        case .responseEnded: state?.responseEnded(at: now)
        }
        schedule(context)
        promise?.succeed()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard state == nil else { return }
        state = ConnectionDeadlines(limits: limits, openedAt: now)
        schedule(context)
    }

    /// One timer at a time: a pending one that fires no later than the new deadline stays
    /// (it looks again when it fires), so bytes arriving do not re-arm it each time.
    private func schedule(_ context: ChannelHandlerContext) {
        guard let deadline = state?.deadline else { return }
        if timer != nil, let timerDeadline, timerDeadline <= deadline { return }
        cancelTimer()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(max(deadline - now, .zero))) {
            self.timer = nil
            self.timerDeadline = nil
            if self.state?.hasExpired(at: self.now) == true {
                context.close(promise: nil)
            } else {
                self.schedule(context)
            }
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }
}
