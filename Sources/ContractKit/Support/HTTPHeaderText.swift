/// What HTTP allows in a header (RFC 9110): a name is a token, a value has no line break or other control
/// character but tab. A name or value that breaks these rules would end the header early and start another.
package enum HTTPHeaderText {
    /// True when `name` is a token: letters, digits and `!#$%&'*+-.^_`|~`, at least one.
    package static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default:
                    return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
                }
            }
    }

    /// True when `value` holds no control character but tab (no CR, LF or NUL).
    package static func isValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }
    }
}
