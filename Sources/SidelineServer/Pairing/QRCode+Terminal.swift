extension QRCode {
    /// The code for a terminal: two module rows per line in half blocks, light modules
    /// drawn (terminals are mostly dark), with a quiet zone of `border` modules.
    public func terminalText(border: Int = 2) -> String {
        let total = size + 2 * border
        func isDark(_ x: Int, _ y: Int) -> Bool {
            let (mx, my) = (x - border, y - border)
            return (0..<size).contains(mx) && (0..<size).contains(my) && modules[my][mx]
        }
        var lines: [String] = []
        for y in stride(from: 0, to: total, by: 2) {
            var line = ""
            for x in 0..<total {
                let top = !isDark(x, y), bottom = y + 1 < total && !isDark(x, y + 1)
                line += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
