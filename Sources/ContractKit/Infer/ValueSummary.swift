import Foundation

/// Everything seen at one place of an endpoint's bodies, across all its samples: which kinds of value came, how
/// often, and, for objects and arrays, the same for their keys and elements. ``ShapeInference`` reads a shape off it.
///
/// One summary merges every sample of an endpoint and every element of an array, so it is built in one pass over
/// the values and never holds them: a 10 MB capture becomes a few hundred summaries.
final class ValueSummary {
    /// How many values were seen here, null included.
    var count = 0
    var nulls = 0
    var bools = 0
    var integers = 0
    /// Integers too large for `Int` (64 bits): read as `Double`.
    var hugeIntegers = 0
    var fractions = 0
    /// The first number beyond the range of a `Double` (`1e400`), which `JSONDecoder` reads as no number at all.
    var firstBeyondDouble: String?
    var strings = 0
    var objects = 0
    var arrays = 0

    /// How many of the samples (responses) reached this place: an enum needs more than one.
    var samples = 0
    /// The sample that last reached this place, to count ``samples`` without a set.
    private var lastSample = -1

    /// Numbers that read as epoch seconds (2000 to 2100), and as epoch milliseconds over the same years.
    var epochSeconds = 0
    var epochMilliseconds = 0

    /// Strings by what they look like.
    var isoDates = 0
    var isoDatesWithFraction = 0
    var urls = 0
    var uuids = 0
    /// Strings read by a date format (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss`, ...), by format.
    var formattedDates: [String: Int] = [:]
    /// The distinct strings seen, while there are few of them (for enums); nil once there are too many.
    var distinctStrings: [String: Int]? = [:]
    /// The distinct integers seen, while there are few of them (for `Int(...)` enums); nil once there are too many.
    var distinctIntegers: [Int: Int]? = [:]

    /// The objects' keys in the order first seen, with what came under each.
    var keyOrder: [String] = []
    var members: [String: ValueSummary] = [:]
    /// How many objects had each key.
    var keyCounts: [String: Int] = [:]
    /// True while every key of every object here looks like an id (`"42"`, a UUID, a Firebase push id).
    var everyKeyIsID = true
    /// The number of object entries seen (for a keyed collection: how many entries in all).
    var entries = 0

    /// The union of the arrays' elements.
    var elements: ValueSummary?
    /// How many arrays here were empty.
    var emptyArrays = 0

    /// The most distinct strings, or integers, kept for enum evidence.
    static let distinctLimit = 24

    /// Adds one value seen here in sample `sample`.
    func add(_ value: JSONValue, sample: Int) {
        count += 1
        if sample != lastSample {
            lastSample = sample
            samples += 1
        }
        switch value {
        case .null: nulls += 1
        case .bool: bools += 1
        case .number(let number): addNumber(number)
        case .string(let text): addString(text)
        case .array(let items):
            arrays += 1
            if items.isEmpty { emptyArrays += 1 }
            if !items.isEmpty {
                let summary = elements ?? ValueSummary()
                elements = summary
                for item in items { summary.add(item, sample: sample) }
            }
        case .object(let object):
            objects += 1
            for entry in object.entries {
                entries += 1
                let summary: ValueSummary
                if let existing = members[entry.key] {
                    summary = existing
                } else {
                    summary = ValueSummary()
                    members[entry.key] = summary
                    keyOrder.append(entry.key)
                    if everyKeyIsID && !IDText.isID(entry.key) { everyKeyIsID = false }
                }
                keyCounts[entry.key, default: 0] += 1
                summary.add(entry.value, sample: sample)
            }
        }
    }

    private func addNumber(_ number: JSONNumber) {
        if number.isInteger {
            if let integer = number.int64Value {
                integers += 1
                distinctIntegers = Self.counting(Int(integer), in: distinctIntegers)
            } else {
                hugeIntegers += 1
            }
        } else {
            fractions += 1
        }
        if firstBeyondDouble == nil, !number.isWithinDoubleRange { firstBeyondDouble = number.literal }
        let value = number.doubleValue
        if value >= 946_684_800 && value < 4_102_444_800 { epochSeconds += 1 }
        if value >= 946_684_800_000 && value < 4_102_444_800_000 { epochMilliseconds += 1 }
    }

    private func addString(_ text: String) {
        strings += 1
        distinctStrings = Self.counting(text, in: distinctStrings)
        let utf8 = text.utf8
        guard let first = utf8.first else { return }
        if (48...57).contains(first) {
            // Dates start with a digit; most strings do not, and are not asked further.
            switch DateSniffer.style(ofText: text) {
            case .iso8601(let fraction, _):
                isoDates += 1
                if fraction { isoDatesWithFraction += 1 }
            case .iso8601DateOnly, .iso8601NoZone, .slashed:
                if let format = DateSniffer.readingFormat(for: text) { formattedDates[format, default: 0] += 1 }
            case .unrecognised where (8...40).contains(utf8.count) && utf8.contains(UInt8(ascii: ":")):
                // `2026-11-20 10:00:00`: a date and time the ISO reader refuses, that a format string reads.
                if let format = DateSniffer.readingFormat(for: text) { formattedDates[format, default: 0] += 1 }
            default:
                break
            }
        } else if first == UInt8(ascii: "h"), IDText.isWebURL(text) {
            urls += 1
        } else if (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z"),
            RFC2822.matches(text), let format = DateSniffer.readingFormat(for: text)
        {
            formattedDates[format, default: 0] += 1
        }
        if utf8.count == 36, UUID(uuidString: text) != nil { uuids += 1 }
    }

    /// Takes in everything `other` saw, as if its values had been added here (used to fold a collection keyed by
    /// id into one summary of its values, and shapes of one name into one).
    func absorb(_ other: ValueSummary) {
        count += other.count
        nulls += other.nulls
        bools += other.bools
        integers += other.integers
        hugeIntegers += other.hugeIntegers
        fractions += other.fractions
        if firstBeyondDouble == nil { firstBeyondDouble = other.firstBeyondDouble }
        strings += other.strings
        objects += other.objects
        arrays += other.arrays
        samples = max(samples, other.samples)
        epochSeconds += other.epochSeconds
        epochMilliseconds += other.epochMilliseconds
        isoDates += other.isoDates
        isoDatesWithFraction += other.isoDatesWithFraction
        urls += other.urls
        uuids += other.uuids
        formattedDates.merge(other.formattedDates, uniquingKeysWith: +)
        distinctStrings = Self.merging(distinctStrings, other.distinctStrings)
        distinctIntegers = Self.merging(distinctIntegers, other.distinctIntegers)
        for key in other.keyOrder {
            guard let theirs = other.members[key] else { continue }
            if let mine = members[key] {
                mine.absorb(theirs)
            } else {
                let copy = ValueSummary()
                copy.absorb(theirs)
                members[key] = copy
                keyOrder.append(key)
            }
            keyCounts[key, default: 0] += other.keyCounts[key] ?? 0
        }
        everyKeyIsID = everyKeyIsID && other.everyKeyIsID
        entries += other.entries
        emptyArrays += other.emptyArrays
        if let theirs = other.elements {
            let mine = elements ?? ValueSummary()
            elements = mine
            mine.absorb(theirs)
        }
    }

    /// `distinct` with one more `value`, or nil once it holds more than ``distinctLimit`` values.
    private static func counting<Value>(_ value: Value, in distinct: [Value: Int]?) -> [Value: Int]? {
        guard var distinct else { return nil }
        distinct[value, default: 0] += 1
        return distinct.count > distinctLimit ? nil : distinct
    }

    /// Two counts of distinct values as one, or nil when either was already too many or together they are.
    private static func merging<Value>(_ mine: [Value: Int]?, _ theirs: [Value: Int]?) -> [Value: Int]? {
        guard let mine, let theirs else { return nil }
        let merged = mine.merging(theirs, uniquingKeysWith: +)
        return merged.count > distinctLimit ? nil : merged
    }

    /// Every value under every key, as one summary: the values of a collection keyed by id.
    func mergedMembers() -> ValueSummary {
        let merged = ValueSummary()
        for key in keyOrder { if let summary = members[key] { merged.absorb(summary) } }
        return merged
    }
}

/// What text looks like to inference: URLs (ids are in Support/IDText.swift).
extension IDText {
    /// True for an absolute `http` or `https` URL with a host, the URLs a `URL` shape is meant for.
    static func isWebURL(_ text: String) -> Bool {
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), !text.contains(" "),
            let url = URL(string: text), let host = url.host, !host.isEmpty
        else { return false }
        return true
    }
}
