import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 child channel with two handlers of ours: ``ConnectionDeadlineHandler``
/// before the decoder and ``HTTP1RequestGuard`` after it.
///
/// The pipeline is `HTTP1Channel.setup`'s, rebuilt here because its extension point
/// (`additionalChannelHandlers`) comes after the conversion to Hummingbird's types, where
/// neither raw bytes nor the HTTP version can be seen. Requests are handled by
/// `handleHTTP`, exactly as `HTTP1Channel` handles them.
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(ConnectionDeadlineHandler(limits: limits))
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // Hummingbird reads requests in order itself
                withErrorHandling: false,  // Hummingbird answers parse errors with 400
                withOutboundHeaderValidation: false,  // swift-http-types validates
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: NIOHTTPDecoderLimitConfiguration()
            )
            try pipeline.addHandler(HTTP1RequestGuard())
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}
