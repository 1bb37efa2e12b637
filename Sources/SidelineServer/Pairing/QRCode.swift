/// A QR code (ISO/IEC 18004) in byte mode, versions 1–10, error correction L or M: enough
/// for a pairing link. Written here because none of the packages this project may use
/// encodes QR codes (ADR 010); the test checks it module for module against Python's
/// `qrcode` package. Pure: no I/O.
public struct QRCode: Sendable, Hashable {
    public enum Correction: Int, Sendable, CaseIterable {
        /// Recovers ~7% damage.
        case low
        /// Recovers ~15% damage.
        case medium

        /// The two format bits the symbol carries.
        var formatBits: Int { self == .low ? 1 : 0 }
        // Per version 1...10 (index 0 unused), from the standard's table 9.
        var eccPerBlock: [Int] { self == .low ? [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18] : [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26] }
        var blocks: [Int] { self == .low ? [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4] : [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5] }
    }

    public static let maximumVersion = 10

    public let version: Int
    public let correction: Correction
    public let mask: Int
    /// `modules[y][x]`, `true` = dark.
    public let modules: [[Bool]]
    public var size: Int { modules.count }

    /// Encodes `bytes` in the smallest version that holds them. `mask` forces a mask pattern
    /// (0–7, for tests); otherwise the one with the lowest penalty is chosen, as the
    /// standard says. `nil` when the data does not fit in version 10.
    public init?(bytes: [UInt8], correction: Correction = .medium, mask forcedMask: Int? = nil) {
        guard let version = (1...Self.maximumVersion).first(where: { Self.dataCodewords($0, correction) * 8 >= 4 + Self.countBits($0) + 8 * bytes.count }) else { return nil }
        self.version = version
        self.correction = correction
        var grid = Grid(version: version)
        grid.drawFunctionPatterns(correction: correction)
        grid.drawCodewords(Self.codewords(bytes, version: version, correction: correction))
        let chosen = forcedMask ?? (0..<8).min { grid.masked($0, correction).penalty() < grid.masked($1, correction).penalty() } ?? 0
        mask = chosen
        modules = grid.masked(chosen, correction).dark
    }

    public init?(text: String, correction: Correction = .medium, mask: Int? = nil) {
        self.init(bytes: Array(text.utf8), correction: correction, mask: mask)
    }

    // MARK: - Codewords

    static func countBits(_ version: Int) -> Int { version <= 9 ? 8 : 16 }

    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    static func dataCodewords(_ version: Int, _ correction: Correction) -> Int {
        rawDataModules(version) / 8 - correction.eccPerBlock[version] * correction.blocks[version]
    }

    /// Mode, count, data, terminator and padding, split into blocks with their error
    /// correction, interleaved.
    static func codewords(_ bytes: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) { for i in (0..<count).reversed() { bits.append((value >> i) & 1 == 1) } }
        append(0b0100, 4)
        append(bytes.count, countBits(version))
        for byte in bytes { append(Int(byte), 8) }
        let capacity = dataCodewords(version, correction) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var data: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { ($0 << 1) | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while data.count < capacity / 8 {
            data.append(pad)
            pad ^= 0xEC ^ 0x11
        }

        let blockCount = correction.blocks[version], eccLength = correction.eccPerBlock[version]
        let raw = rawDataModules(version) / 8
        let shortBlocks = blockCount - raw % blockCount, shortLength = raw / blockCount
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var blocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortLength - eccLength + (index < shortBlocks ? 0 : 1)
            var block = Array(data[offset..<offset + length])
            offset += length
            let ecc = ReedSolomon.remainder(block, divisor: divisor)
            if index < shortBlocks { block.append(0) }
            blocks.append(block + ecc)
        }
        var result: [UInt8] = []
        for i in 0..<blocks[0].count {
            for (j, block) in blocks.enumerated() where i != shortLength - eccLength || j >= shortBlocks {
                result.append(block[i])
            }
        }
        return result
    }
}

/// Reed–Solomon error correction over GF(2⁸) with the QR polynomial 0x11D.
enum ReedSolomon {
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in (0..<8).reversed() {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= ((Int(y) >> i) & 1) * Int(x)
        }
        return UInt8(z)
    }

    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for i in result.indices { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }
}
