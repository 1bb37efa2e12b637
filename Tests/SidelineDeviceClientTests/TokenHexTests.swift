import Testing
import SidelineDeviceClient

@Suite("ActivityKit's token bytes become the hex the API takes")
struct TokenHexTests {
    @Test("Bytes are written as two lower-case hex digits each, zeros kept")
    func encodes() {
        #expect(TokenHex.encode([0x00, 0x0a, 0xff, 0xc0, 0xfe]) == "000affc0fe")
        #expect(TokenHex.encode([UInt8]()) == "")
    }
}
