import Foundation

/// `gzip` and `deflate` content coding, written without a compression library.
///
/// The data goes into *stored* deflate blocks: valid gzip and zlib streams that any client must decode, with
/// checksums, just not smaller. That is all a test of the client's decoding needs, at no dependency cost.
package enum ContentCoding: String, Sendable, CaseIterable {
    /// RFC 1952: a gzip member.
    case gzip
    /// RFC 9110's `deflate`: a zlib stream (RFC 1950).
    case deflate

    /// `data` encoded.
    package func encode(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        switch self {
        case .gzip:
            var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
            output += ContentCoding.storedBlocks(bytes)
            output += ContentCoding.littleEndian(ContentCoding.crc32(bytes))
            output += ContentCoding.littleEndian(UInt32(truncatingIfNeeded: bytes.count))
            return Data(output)
        case .deflate:
            var output: [UInt8] = [0x78, 0x01]
            output += ContentCoding.storedBlocks(bytes)
            let adler = ContentCoding.adler32(bytes)
            output += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
            return Data(output)
        }
    }

    /// The first coding in an `Accept-Encoding` value that this type can produce, in the client's order.
    package static func preferred(by acceptEncoding: String?) -> ContentCoding? {
        guard let acceptEncoding else { return nil }
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, let coding = ContentCoding(rawValue: name) else { continue }
            if parts.dropFirst().contains(where: { $0.replacingOccurrences(of: " ", with: "") == "q=0" }) { continue }
            return coding
        }
        return nil
    }

    private static func storedBlocks(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let isLast = offset + length == bytes.count
            output.append(isLast ? 1 : 0)
            output += [UInt8(length & 0xFF), UInt8(length >> 8)]
            output += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += bytes[offset..<offset + length]
            offset += length
        } while offset < bytes.count
        return output
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { index -> UInt32 in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
