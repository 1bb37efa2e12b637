import Foundation
import Testing
import SidelineDeviceClient

@Suite("Pairing input: the QR code's link and a typed code and server")
struct PairingInvitationTests {
    @Test("The link `sideline devices invite` prints gives the code and the server")
    func scannedLink() throws {
        let invitation = try PairingInvitation(scanned: "sideline://pair?code=K7PQ-2XWZ&server=https://sideline.example.com")
        #expect(invitation.code.normalized == "K7PQ2XWZ")
        #expect(invitation.code.description == "K7PQ-2XWZ")
        #expect(invitation.server.url.absoluteString == "https://sideline.example.com")
    }

    @Test("A link without a server uses the one typed, and asks for one when none was")
    func linkWithoutServer() throws {
        #expect(throws: PairingInputError.missingServer) { try PairingInvitation(scanned: "sideline://pair?code=K7PQ-2XWZ") }
        let invitation = try PairingInvitation(scanned: "sideline://pair?code=K7PQ-2XWZ", fallbackServer: "sideline.example.com")
        #expect(invitation.server.url.absoluteString == "https://sideline.example.com")
    }

    @Test("A typed code may have any case, dashes and spaces")
    func typedCode() throws {
        let invitation = try PairingInvitation(code: " k7pq 2xwz ", server: "https://sideline.example.com/")
        #expect(invitation.code.normalized == "K7PQ2XWZ")
        #expect(invitation.server.url.absoluteString == "https://sideline.example.com")
    }

    @Test("What cannot be a code is refused before any call", arguments: ["K7PQ-2XW", "K7PQ-2XWZZ", "K7PQ-2XW0", "IOIO-1111", "K7PQ–2XWZ", ""])
    func malformedCodes(_ code: String) {
        #expect(throws: PairingInputError.malformedCode) { try PairingInvitation(code: code, server: "https://sideline.example.com") }
    }

    @Test("Plain HTTP is accepted only to a local-network address",
          arguments: ["http://127.0.0.1:8787", "http://192.168.1.20:8787", "http://10.0.0.5", "http://172.20.1.1", "http://sideline.local:8787", "http://[::1]:8787", "http://169.254.3.4"])
    func localHTTP(_ server: String) throws {
        #expect(try ServerAddress(server).url.absoluteString == server)
    }

    @Test("Plain HTTP to the internet is refused", arguments: ["http://sideline.example.com", "http://8.8.8.8", "http://172.32.0.1", "http://192.169.0.1"])
    func remoteHTTP(_ server: String) {
        #expect(throws: PairingInputError.insecureServer) { try ServerAddress(server) }
    }

    @Test("Other links and addresses are refused with a reason")
    func otherInput() {
        #expect(throws: PairingInputError.notAPairingLink) { try PairingInvitation(scanned: "https://sideline.example.com/pair?code=K7PQ-2XWZ") }
        #expect(throws: PairingInputError.notAPairingLink) { try PairingInvitation(scanned: "sideline://unpair?code=K7PQ-2XWZ") }
        #expect(throws: PairingInputError.malformedCode) { try PairingInvitation(scanned: "sideline://pair?server=https://a.example") }
        #expect(throws: PairingInputError.malformedServer) { try ServerAddress("ftp://sideline.example.com") }
        #expect(throws: PairingInputError.malformedServer) { try ServerAddress("https://") }
        #expect(throws: PairingInputError.missingServer) { try ServerAddress("  ") }
    }

    @Test("Every refusal tells the person what to do")
    func messages() {
        let errors: [PairingInputError] = [.notAPairingLink, .malformedCode, .missingServer, .malformedServer, .insecureServer]
        for error in errors { #expect((error.errorDescription ?? "").count > 20) }
        #expect(PairingInputError.malformedCode.errorDescription?.contains("K7PQ-2XWZ") == true)
    }
}
