/// APNs tokens travel as lower-case hex (`docs/openapi.json`); ActivityKit hands them over
/// as bytes.
public enum TokenHex {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}
