extension JSONReader {
    /// Reads a number, checking RFC 8259's grammar, and keeps its exact spelling.
    ///
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func readNumber() throws(ContractError) {
        let start = offset
        var index = offset
        if bytes[index] == JSONByte.minus {
            index += 1
            guard index < count, JSONByte.isDigit(bytes[index]) else {
                throw numberError("expected a digit after '-'", at: index)
            }
        }
        if bytes[index] == JSONByte.zero {
            index += 1
            if index < count, JSONByte.isDigit(bytes[index]) {
                throw leadingZero(at: index - 1)
            }
        } else {
            index = skipDigits(from: index + 1)
        }
        var kind = JSONTape.Kind.integer
        if index < count, bytes[index] == JSONByte.period {
            kind = .fraction
            index += 1
            guard index < count, JSONByte.isDigit(bytes[index]) else {
                throw numberError("expected a digit after the decimal point", at: index)
            }
            index = skipDigits(from: index + 1)
        }
        if index < count, bytes[index] | 0x20 == JSONByte.lowercaseE {
            kind = .fraction
            index += 1
            if index < count, bytes[index] == JSONByte.plus || bytes[index] == JSONByte.minus { index += 1 }
            guard index < count, JSONByte.isDigit(bytes[index]) else {
                throw numberError("expected a digit in the exponent", at: index)
            }
            index = skipDigits(from: index + 1)
        }
        offset = index
        tape.append(JSONTape.Entry(kind, offset: start, tail: UInt64(truncatingIfNeeded: index - start)))
    }

    @inline(__always)
    private func skipDigits(from start: Int) -> Int {
        var index = start
        while index < count, JSONByte.isDigit(bytes[index]) { index += 1 }
        return index
    }
}
