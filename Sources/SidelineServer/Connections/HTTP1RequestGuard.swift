import NIOCore
import NIOHTTP1

/// Sits between NIO's HTTP/1 decoder and the conversion to Hummingbird's types, where the
/// request's version and every raw header are still visible (Hummingbird's `Request` has
/// neither: the conversion keeps the first `Host` as the authority and drops the version).
///
/// - `Host`: an HTTP/1.1 request without one, or any request with two, is marked with
///   ``rejectionHeader`` (a client's own copy is removed first) and `Connection: close`;
///   ``APIErrorMiddleware`` answers it 400 (RFC 9112 §3.2).
/// - HTTP/1.0: the response carries the request's version, and the connection closes after
///   it unless the client asked for keep-alive (Hummingbird closes only on the exact request
///   header `Connection: close`, which this guard sets whenever the request is not
///   keep-alive).
/// - Tells ``ConnectionDeadlineHandler`` when a head has arrived, a request has been read
///   and a response has ended.
final class HTTP1RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Set on a request whose head broke a rule; the value is the reason.
    static let rejectionHeader = "X-Sideline-Rejected"

    /// One per request whose response has not ended, oldest first.
    private struct Exchange {
        let version: HTTPVersion
        var keepAlive: Bool
    }
    private var exchanges: [Exchange] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            head.headers.remove(name: Self.rejectionHeader)
            let rejection = Self.rejection(of: head)
            if let rejection { head.headers.replaceOrAdd(name: Self.rejectionHeader, value: rejection) }
            let keepAlive = head.isKeepAlive && rejection == nil
            if !keepAlive { head.headers.replaceOrAdd(name: "Connection", value: "close") }
            exchanges.append(Exchange(version: head.version, keepAlive: keepAlive))
            context.triggerUserOutboundEvent(ConnectionEvent.headReceived, promise: nil)
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body:
            context.fireChannelRead(data)
        case .end:
            context.triggerUserOutboundEvent(ConnectionEvent.requestRead, promise: nil)
            context.fireChannelRead(data)
        }
    }

    /// Why a head is refused, or `nil`: RFC 9112 §3.2 wants exactly one `Host` in HTTP/1.1
    /// and never two.
    static func rejection(of head: HTTPRequestHead) -> String? {
        let hosts = head.headers["Host"].count
        if hosts > 1 { return "host" }
        if hosts == 0, head.version >= .http1_1 { return "host" }
        return nil
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            if var exchange = exchanges.first {
                if exchange.version < .http1_1 {
                    head.version = exchange.version
                    // HTTP/1.0 has no chunked framing: a body of unknown length ends at the close.
                    if !head.headers.contains(name: "Content-Length") { exchange.keepAlive = false }
                    exchanges[0] = exchange
                }
                if !exchange.keepAlive {
                    head.headers.replaceOrAdd(name: "Connection", value: "close")
                } else if exchange.version < .http1_1 {
                    head.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
                }
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            let exchange = exchanges.isEmpty ? nil : exchanges.removeFirst()
            context.triggerUserOutboundEvent(ConnectionEvent.responseEnded, promise: nil)
            guard exchange?.keepAlive == false else {
                context.write(data, promise: promise)
                return
            }
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            written.futureResult.cascade(to: promise)
            context.write(data, promise: written)
        }
    }
}

private extension HTTPVersion {
    static func < (lhs: HTTPVersion, rhs: HTTPVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    static func >= (lhs: HTTPVersion, rhs: HTTPVersion) -> Bool { !(lhs < rhs) }
}
