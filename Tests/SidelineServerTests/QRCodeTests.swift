import Foundation
import Testing
@testable import SidelineServer

@Suite("The pairing QR code, checked module for module against Python's qrcode package")
struct QRCodeTests {
    /// The `qrcode` package's matrix for the same bytes, version, error correction and mask.
    /// (Not segno: segno 1.6 adds a zero byte of padding where the standard adds none, so
    /// its byte-mode symbols differ from the standard's in the last data codewords.)
    static func reference(_ text: String, version: Int, correction: QRCode.Correction, mask: Int) async throws -> [[Bool]] {
        let script = """
        import sys, qrcode, qrcode.constants as c
        from qrcode.util import QRData, MODE_8BIT_BYTE
        level = c.ERROR_CORRECT_L if sys.argv[3] == "L" else c.ERROR_CORRECT_M
        qr = qrcode.QRCode(version=int(sys.argv[2]), error_correction=level, mask_pattern=int(sys.argv[4]), border=0)
        qr.add_data(QRData(sys.argv[1].encode("utf-8"), mode=MODE_8BIT_BYTE))
        qr.make(fit=False)
        for row in qr.modules:
            print("".join("1" if m else "0" for m in row))
        """
        let result = try await Tools.run(Tools.python, ["-c", script, text, String(version), correction == .low ? "L" : "M", String(mask)])
        guard result.status == 0 else { throw Tools.Failure(description: "qrcode failed: \(result.stderr)") }
        return result.stdout.split(separator: "\n").map { $0.map { $0 == "1" } }
    }

    static func differences(_ a: [[Bool]], _ b: [[Bool]]) -> String {
        guard a.count == b.count else { return "sizes \(a.count) and \(b.count)" }
        let cells = a.indices.flatMap { y in a[y].indices.filter { a[y][$0] != b[y][$0] }.map { "(\($0),\(y))" } }
        return "\(cells.count) modules differ, first \(cells.prefix(8))"
    }

    @Test("Pairing links of every size we use, every mask, both levels, match the reference exactly")
    func matchesReference() async throws {
        try await Tools.requirePython(modules: ["qrcode"])
        let texts = [
            "sideline://pair?code=ABCD-EFGH",
            "sideline://pair?code=K7PQ-2XWZ&server=https://sideline.example.com",
            "sideline://pair?code=K7PQ-2XWZ&server=https://a-rather-long-host-name.for-a-self-hosted.example.org:8443/sideline/api",
            String(repeating: "é", count: 90),
        ]
        var versions: Set<Int> = []
        for text in texts {
            for correction in QRCode.Correction.allCases {
                for mask in 0..<8 {
                    let code = try #require(QRCode(text: text, correction: correction, mask: mask))
                    versions.insert(code.version)
                    let expected = try await Self.reference(text, version: code.version, correction: correction, mask: mask)
                    // A Bool, not the arrays: a failing comparison of big nested arrays makes the
                    // test runner diff them, which takes minutes.
                    let same = code.modules == expected
                    #expect(same, "\(text.prefix(40)) v\(code.version) \(correction) mask \(mask): \(Self.differences(code.modules, expected))")
                }
            }
        }
        #expect(versions.contains { $0 >= 7 }, "version information is exercised")
        // The mask chosen by the penalty rules is one of the eight, and the symbol is the same.
        let chosen = try #require(QRCode(text: texts[1]))
        let reference = try await Self.reference(texts[1], version: chosen.version, correction: .medium, mask: chosen.mask)
        let same = chosen.modules == reference
        #expect(same, "\(Self.differences(chosen.modules, reference))")
    }

    @Test("Too much data for version 10 is refused; the terminal drawing is square")
    func limits() throws {
        #expect(QRCode(bytes: Array(repeating: 0x41, count: 300)) == nil)
        let code = try #require(QRCode(text: "sideline://pair?code=ABCD-EFGH"))
        let lines = code.terminalText(border: 2).split(separator: "\n")
        #expect(lines.count == (code.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 4 })
    }
}
