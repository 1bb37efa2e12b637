import Foundation
import Testing
@testable import SidelineSleeper

@Suite("Path segments in Sleeper URLs")
struct PathEscapingTests {
    @Test("Ids and plain usernames go in as they are; anything else is percent-encoded, slashes included")
    func escaping() {
        #expect(HTTPSleeperClient.escape("1180296341593473024") == "1180296341593473024")
        #expect(HTTPSleeperClient.escape("alex_smith-2.0~") == "alex_smith-2.0~")
        #expect(HTTPSleeperClient.escape("a b/c") == "a%20b%2Fc")
        #expect(HTTPSleeperClient.escape("zoë") == "zo%C3%AB")
        #expect(HTTPSleeperClient.escape("..%2F") == "..%252F")
        #expect(HTTPSleeperClient.escape("") == "")
    }

    @Test("A body of null is recognised through any whitespace; anything else is not null")
    func nullBodies() {
        #expect(HTTPSleeperClient.isNull(Data(" \n\tnull\r\n".utf8)))
        #expect(HTTPSleeperClient.isNull(Data("null".utf8)))
        #expect(!HTTPSleeperClient.isNull(Data("  ".utf8)))
        #expect(!HTTPSleeperClient.isNull(Data("[null]".utf8)))
        #expect(!HTTPSleeperClient.isNull(Data("nul".utf8)))
    }
}
