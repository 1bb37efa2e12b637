import Foundation
import Testing
@testable import SidelineCore

@Suite("Hex text: ASCII only")
struct HexTextTests {
    @Test("Hex is ASCII 0-9, a-f, A-F: full-width digits and letters are not hex")
    func asciiHexOnly() {
        #expect(HexText.isHex("0123456789abcdefABCDEF"))
        #expect(!HexText.isHex("９９ｃｃ"))
        #expect(!HexText.isHex("ab\u{FF10}"))
        #expect(!HexText.isHex(""))
        let fullWidth = String(repeating: "９ｃ", count: 16)
        #expect(Character("９").isHexDigit, "Swift's own check accepts full-width digits")
        #expect(PushToken.problem(with: fullWidth) == Messages.Devices.tokenNotHex)
        #expect(PushToken.normalized(fullWidth) == nil)
        #expect(PushToken.normalized(String(repeating: "AB", count: 16)) == String(repeating: "ab", count: 16))
        #expect(DeviceID.isWellFormed("dev-0a1b2c3d"))
        #expect(!DeviceID.isWellFormed("dev-０a1b2c3d"))
        #expect(!DeviceID.isWellFormed("dev-0A1B2C3D"))
        #expect(!DeviceID.isWellFormed("dev-0a1b2c3"))
    }
}
