import Foundation
import Testing
@testable import SidelineServer
import SidelineTestSupport

extension ServerTests {
    @Suite("The pairing QR code, checked module for module against Python's qrcode package")
    struct QRCodeTests {
        /// The `qrcode` package's matrices for the same bytes, versions, error correction and
        /// masks, in one Python run. (Not segno: segno 1.6 adds a zero byte of padding where
        /// the standard adds none, so its byte-mode symbols differ from the standard's in the
        /// last data codewords.)
        static func references(_ cases: [(text: String, version: Int, correction: QRCode.Correction, mask: Int)]) async throws -> [[[Bool]]] {
            let script = """
                import json, sys, qrcode, qrcode.constants as c
                from qrcode.util import QRData, MODE_8BIT_BYTE
                out = []
                for text, version, level, mask in json.load(sys.stdin if sys.argv[1] == "-" else open(sys.argv[1])):
                    qr = qrcode.QRCode(version=version, error_correction=c.ERROR_CORRECT_L if level == "L" else c.ERROR_CORRECT_M, mask_pattern=mask, border=0)
                    qr.add_data(QRData(text.encode("utf-8"), mode=MODE_8BIT_BYTE))
                    qr.make(fit=False)
                    out.append(["".join("1" if m else "0" for m in row) for row in qr.modules])
                print(json.dumps(out))
                """
            let input = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-qr-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: input) }
            let list: [[Any]] = cases.map { [$0.text, $0.version, $0.correction == .low ? "L" : "M", $0.mask] }
            try JSONSerialization.data(withJSONObject: list).write(to: input)
            let result = try await TestTools.run(TestTools.python, ["-c", script, input.path])
            guard result.status == 0, let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String]] else {
                throw HarnessError("qrcode failed: \(result.stderr)")
            }
            return rows.map { $0.map { $0.map { $0 == "1" } } }
        }

        static func differences(_ a: [[Bool]], _ b: [[Bool]]) -> String {
            guard a.count == b.count else { return "sizes \(a.count) and \(b.count)" }
            let cells = a.indices.flatMap { y in a[y].indices.filter { a[y][$0] != b[y][$0] }.map { "(\($0),\(y))" } }
            return "\(cells.count) modules differ, first \(cells.prefix(8))"
        }

        @Test("Pairing links of every size we use, every mask, both levels, match the reference exactly")
        func matchesReference() async throws {
            try await TestTools.requirePython(modules: ["qrcode"])
            let texts = [
                "sideline://pair?code=ABCD-EFGH",
                "sideline://pair?code=K7PQ-2XWZ&server=https://sideline.example.com",
                "sideline://pair?code=K7PQ-2XWZ&server=https://a-rather-long-host-name.for-a-self-hosted.example.org:8443/sideline/api",
                String(repeating: "é", count: 90),
            ]
            var cases: [(text: String, version: Int, correction: QRCode.Correction, mask: Int)] = []
            var codes: [QRCode] = []
            for text in texts {
                for correction in QRCode.Correction.allCases {
                    for mask in 0..<8 {
                        let code = try #require(QRCode(text: text, correction: correction, mask: mask))
                        codes.append(code)
                        cases.append((text, code.version, correction, mask))
                    }
                }
            }
            // The mask chosen by the penalty rules is one of the eight, and the symbol is the same.
            let chosen = try #require(QRCode(text: texts[1]))
            codes.append(chosen)
            cases.append((texts[1], chosen.version, .medium, chosen.mask))
            let expected = try await Self.references(cases)
            try #require(expected.count == codes.count)
            for (index, code) in codes.enumerated() {
                // A Bool, not the arrays: a failing comparison of big nested arrays makes the
                // test runner diff them, which takes minutes.
                let same = code.modules == expected[index]
                #expect(same, "\(cases[index].text.prefix(40)) v\(code.version) \(cases[index].correction) mask \(code.mask): \(Self.differences(code.modules, expected[index]))")
            }
            #expect(Set(codes.map(\.version)).contains { $0 >= 7 }, "version information is exercised")
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
}
