import Foundation

/// The input encodings `JSONDecoder` accepts: UTF-8 (a byte-order mark is dropped) and,
/// recognised by a byte-order mark or by the zero bytes of the ASCII opening characters
/// (RFC 4627 §3), UTF-16 and UTF-32 in either byte order. Sleeper sends plain UTF-8; the
/// others are handled only so this reader accepts exactly what `JSONDecoder` does.
enum JSONEncodingDetection {
    static func utf8Bytes(of data: Data) throws(JSONReadError) -> [UInt8] {
        let b0: UInt8? = data.count > 0 ? data[data.startIndex] : nil
        let b1: UInt8? = data.count > 1 ? data[data.startIndex + 1] : nil
        let b2: UInt8? = data.count > 2 ? data[data.startIndex + 2] : nil
        let b3: UInt8? = data.count > 3 ? data[data.startIndex + 3] : nil
        // The same cases, in the same order, as JSONDecoder's detection.
        let encoding: String.Encoding
        let bomLength: Int
        switch (b0, b1, b2, b3) {
        case (0, 0, 0xFE, 0xFF): (encoding, bomLength) = (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0, 0): (encoding, bomLength) = (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): (encoding, bomLength) = (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): (encoding, bomLength) = (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): (encoding, bomLength) = (.utf8, 3)
        case let (0, 0, 0, .some(nz)) where nz != 0: (encoding, bomLength) = (.utf32BigEndian, 0)
        case let (0, .some(nz1), 0, .some(nz2)) where nz1 != 0 && nz2 != 0: (encoding, bomLength) = (.utf16BigEndian, 0)
        case let (.some(nz), 0, 0, 0) where nz != 0: (encoding, bomLength) = (.utf32LittleEndian, 0)
        case let (.some(nz1), 0, .some(nz2), 0) where nz1 != 0 && nz2 != 0: (encoding, bomLength) = (.utf16LittleEndian, 0)
        case let (0, .some(nz), nil, nil) where nz != 0: (encoding, bomLength) = (.utf16BigEndian, 0)
        case let (.some(nz), 0, nil, nil) where nz != 0: (encoding, bomLength) = (.utf16LittleEndian, 0)
        default: (encoding, bomLength) = (.utf8, 0)
        }
        let body = data.dropFirst(bomLength)
        if encoding == .utf8 { return [UInt8](body) }
        guard let text = String(bytes: body, encoding: encoding) else {
            throw JSONReadError(message: "not valid \(encoding)", offset: nil)
        }
        return [UInt8](text.utf8)
    }
}
