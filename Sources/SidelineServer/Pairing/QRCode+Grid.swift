/// The module grid while a QR code is drawn: function patterns first, then the data,
/// then a mask and the format bits.
struct Grid {
    let size: Int
    let version: Int
    var dark: [[Bool]]
    var isFunction: [[Bool]]

    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        dark = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = dark
    }

    mutating func set(_ x: Int, _ y: Int, _ value: Bool) {
        dark[y][x] = value
        isFunction[y][x] = true
    }

    mutating func drawFunctionPatterns(correction: QRCode.Correction) {
        for i in 0..<size {
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    set(x + dx, y + dy, distance != 2 && distance != 4)
                }
            }
        }
        let positions = alignmentPositions
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                let last = positions.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 { for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        drawFormatBits(correction: correction, mask: 0)
        if version >= 7 {
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for i in 0..<18 {
                let bit = (bits >> i) & 1 == 1
                let a = size - 11 + i % 3, b = i / 3
                set(a, b, bit)
                set(b, a, bit)
            }
        }
    }

    var alignmentPositions: [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var result = [6]
        var position = size - 7
        for _ in 0..<(count - 1) {
            result.insert(position, at: 1)
            position -= step
        }
        return result
    }

    mutating func drawFormatBits(correction: QRCode.Correction, mask: Int) {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(8, i, bit(i)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for i in 9..<15 { set(14 - i, 8, bit(i)) }
        for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
        set(8, size - 8, true)
    }

    /// Data in the standard's zigzag, two columns at a time from the bottom right.
    mutating func drawCodewords(_ data: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    if !isFunction[y][x] && index < data.count * 8 {
                        dark[y][x] = (data[index >> 3] >> (7 - (index & 7))) & 1 == 1
                        index += 1
                    }
                }
            }
            right -= 2
        }
    }

    func masked(_ mask: Int, _ correction: QRCode.Correction) -> Grid {
        var result = self
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] {
                let invert = switch mask {
                case 0: (x + y) % 2 == 0
                case 1: y % 2 == 0
                case 2: x % 3 == 0
                case 3: (x + y) % 3 == 0
                case 4: (x / 3 + y / 2) % 2 == 0
                case 5: x * y % 2 + x * y % 3 == 0
                case 6: (x * y % 2 + x * y % 3) % 2 == 0
                default: ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if invert { result.dark[y][x].toggle() }
            }
        }
        result.drawFormatBits(correction: correction, mask: mask)
        return result
    }

    /// The standard's penalty: runs of one colour, 2×2 blocks, finder-like patterns and
    /// the dark/light balance.
    func penalty() -> Int {
        var total = 0
        let lines = dark + (0..<size).map { x in (0..<size).map { dark[$0][x] } }
        let finder: [Bool] = [true, false, true, true, true, false, true]
        for line in lines {
            var run = 1
            for i in 1..<size {
                if line[i] == line[i - 1] { run += 1 } else {
                    if run >= 5 { total += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { total += run - 2 }
            for i in 0...(size - 7) where Array(line[i..<i + 7]) == finder {
                let before = i >= 4 && !line[(i - 4)..<i].contains(true)
                let after = i + 11 <= size && !line[(i + 7)..<(i + 11)].contains(true)
                if before || after { total += 40 }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) where dark[y][x] == dark[y][x + 1] && dark[y][x] == dark[y + 1][x] && dark[y][x] == dark[y + 1][x + 1] {
                total += 3
            }
        }
        let darkCount = dark.reduce(0) { $0 + $1.filter { $0 }.count }
        let cells = size * size
        let k = (abs(darkCount * 20 - cells * 10) + cells - 1) / cells - 1
        total += max(0, k) * 10
        return total
    }
}
