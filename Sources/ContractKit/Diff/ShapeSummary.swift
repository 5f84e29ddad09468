/// What the values found at one place in a body look like, all occurrences together: the kinds of value seen,
/// the keys of the objects (each with its own summary), and the elements of the arrays as one summary.
///
/// Array elements are summarised together (their union), not by position, so a list that grew, shrank or was
/// reordered has the same summary as long as its elements keep their shape. Objects whose keys are ids (a
/// collection keyed by id, Firebase style) are summarised like arrays too, so new ids are not new keys.
///
/// A summary reads its values in place on the body's tape and keeps no path and no key set per object: objects with
/// the same keys in the same order are counted together, and paths are found only for the few places a finding
/// names. The summaries of a value and of every place under it are made together, in one pass over the tape
/// (``ShapeSummaryBuilder``); only below a place whose objects may be keyed by ids are they made when first asked
/// for, and let go with ``releasePlacesBelow()`` once compared.
final class ShapeSummary {
    /// A kind of JSON value, with strings that read as dates told apart by how they are written.
    enum Kind: Hashable, Comparable {
        case null, bool, integer, fraction, string, object, array
        /// A string that reads as a date, by its normalised style (see ``ShapeSummary/dateStyle(of:)``).
        case date(String)

        var description: String {
            switch self {
            case .null: return "null"
            case .bool: return "boolean"
            case .integer: return "integer"
            case .fraction: return "number with a fraction"
            case .string: return "string"
            case .object: return "object"
            case .array: return "array"
            case .date(let style): return "date as \(style)"
            }
        }

        var isContainer: Bool { self == .object || self == .array }
    }

    /// How an epoch number reads, when it is a plausible date between 2000 and 2100.
    enum EpochUnit: Hashable {
        case seconds, milliseconds
    }

    /// The objects here that have the same keys in the same order: how many, and the first of them.
    struct KeyList {
        /// The keys' numbers in the ``ShapeSummary/keyTable``, in the objects' order, repeats kept.
        let keys: [Int]
        var count: Int
        /// The tape entry of the first object with these keys.
        let first: Int
        /// The keys' numbers in order, for a list long enough that scanning it for each key of another object would
        /// cost the square of its length (an object of a million keys); nil for a short one.
        private let sorted: [Int]?

        init(keys: [Int], count: Int, first: Int) {
            self.keys = keys
            self.count = count
            self.first = first
            sorted = keys.count > 16 ? keys.sorted() : nil
        }

        func contains(_ key: Int) -> Bool {
            guard let sorted else { return keys.contains(key) }
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low] == key
        }
    }

    /// The body the values are in.
    let body: DiffBody
    /// Where each kind was first seen (a tape entry), and how often.
    let kinds: [Kind: (first: Int, count: Int)]
    /// The epoch units the numbers here could be; nil until a number is seen, empty when one is not a plausible date.
    let epochUnits: Set<EpochUnit>?
    /// The objects' keys, numbered in the order first seen.
    let keyTable: KeyTable
    /// The objects, grouped by their keys.
    let keyLists: [KeyList]
    /// The number of objects here.
    let objectCount: Int
    /// True when every object here is keyed by ids; then `keyedValues` summarises their values.
    let isKeyedCollection: Bool

    /// The summary of each key's values, by its number, made with this one; nil for all when they are made on demand.
    private let members: [ShapeSummary?]
    /// The union of the arrays' elements, made with this one.
    let elements: ShapeSummary?
    /// The objects here, as tape entries in document order, when the summaries of their members are made on demand.
    private let objects: [UInt32]

    private var memberCache: [Int: ShapeSummary] = [:]
    /// The values of each key, by its number, found when a member is first asked for.
    private var memberValues: [[UInt32]]?
    private var keyedValueCache: ShapeSummary??

    /// Summarises the values at tape entries `values` (whole values, counted in that order) of `body`, and every
    /// place under them.
    static func of(_ body: DiffBody, values: [UInt32]) -> ShapeSummary {
        var builder = ShapeSummaryBuilder(view: body.view)
        builder.add(values)
        return of(body, builtBy: builder)
    }

    /// Summarises the value of `new` and every place under it, and finds its values that changed from those of
    /// `old` as ``ShapeComparison/values(_:_:)`` does, in the same pass.
    ///
    /// When both are arrays, only their first `pairedElements` elements are compared; the others can be compared on
    /// another thread with ``valueChanges(ofElementsFrom:to:of:comparingWith:listsValues:ignoring:)``.
    static func of(
        _ new: DiffBody, comparingWith old: DiffBody, listsValues: Bool, ignoring: IgnoredPaths? = nil,
        pairedElements: Int = .max
    ) -> (ShapeSummary, ShapeSummaryBuilder.ValueChanges) {
        var builder = ShapeSummaryBuilder(view: new.view)
        var changes: ShapeSummaryBuilder.ValueChanges? = .init(
            oldView: old.view, rootPath: new.rootPath, listsValues: listsValues)
        builder.add(
            new.root, pairedWith: old.root, pairedElements: pairedElements, ignoring: ignoring, changes: &changes)
        return (of(new, builtBy: builder), changes!)
    }

    /// The values that changed among the elements of the array `new` from index `first` to `count`, compared with
    /// those of the array `old` (which has at least `count`) by index, in the order the walk of
    /// ``of(_:comparingWith:listsValues:ignoring:pairedElements:)`` would find them; nothing is summarised.
    static func valueChanges(
        ofElementsFrom first: Int, to count: Int, of new: DiffBody, comparingWith old: DiffBody, listsValues: Bool,
        ignoring: IgnoredPaths? = nil
    ) -> ShapeSummaryBuilder.ValueChanges {
        var builder = ShapeSummaryBuilder(view: new.view)
        var changes: ShapeSummaryBuilder.ValueChanges? = .init(
            oldView: old.view, rootPath: new.rootPath, listsValues: listsValues)
        builder.compareElements(
            from: first, of: new.root, pairedWith: old.root, count: count, ignoring: ignoring, changes: &changes)
        return changes!
    }

    private static func of(_ body: DiffBody, builtBy builder: borrowing ShapeSummaryBuilder) -> ShapeSummary {
        // A place comes after the place it is under, so that those below are made first.
        var made = [ShapeSummary?](repeating: nil, count: builder.placeCount)
        for index in made.indices.reversed() {
            made[index] = ShapeSummary(body, place: builder.place(index), kinds: builder.kinds(at: index), made: made)
        }
        return made[0]!
    }

    private init(
        _ body: DiffBody, place: ShapeSummaryBuilder.Place, kinds: [Kind: (first: Int, count: Int)],
        made: [ShapeSummary?]
    ) {
        self.body = body
        self.kinds = kinds
        epochUnits =
            place.sawNumber
            ? {
                var units = Set<EpochUnit>()
                if place.epochMask & 1 != 0 { units.insert(.seconds) }
                if place.epochMask & 2 != 0 { units.insert(.milliseconds) }
                return units
            }() : nil
        keyTable = place.table
        keyLists = place.lists
        objectCount = place.objectCount
        // Every key of every object id-like, and their values of one kind: `{"u1": {...}, "u42": {...}}`. Scalars
        // count only under keys that are plainly ids (`"42"`, UUIDs), as `infer` reads them: `{"ipv4": "...",
        // "ipv6": "..."}` is an object of two fields, and one of them going missing is a finding. A place whose first
        // key is not id-like is no such collection, and is walked into.
        let containers = Self.kindNameBit(.object) | Self.kindNameBit(.array)
        isKeyedCollection =
            place.mayBeKeyed == true && place.table.keys.allSatisfy(Self.looksLikeAnId)
            && place.memberKinds.nonzeroBitCount == 1
            && (place.memberKinds & containers != 0 || place.table.keys.allSatisfy(IDText.isPlainID))
        members = place.memberPlaces.map { $0 < 0 ? nil : made[Int($0)] }
        elements = place.elementPlace < 0 ? nil : made[Int(place.elementPlace)]
        objects = place.objects
    }

    /// The kinds by their number in a tally: the seven basic ones, then the date styles.
    static let kindOrder: [Kind] =
        [.null, .bool, .integer, .fraction, .string, .object, .array] + ShapeSummary.dateStyles.map(Kind.date)

    // MARK: - Keys

    /// The objects' keys in the order first seen.
    var memberOrder: [String] { keyTable.keys }

    /// True when some object here has the key `text`.
    func hasMember(_ text: String) -> Bool { keyTable.number(of: text) != nil }

    /// For each key, by its number: how many objects here have it, the first of them, and the groups (indices in
    /// ``keyLists``) that hold it. Made once, when first asked for, in one pass over the groups, so that a place of
    /// many groups and many keys (each object with a key of its own) costs their size and not its square.
    struct KeyIndex {
        var counts: [Int]
        /// The first object with the key (a tape entry), or `Int.max` when none has it.
        var firsts: [Int]
        var lists: [[Int]]
        /// The groups, in the order of their first objects.
        var listOrder: [Int]
    }

    private(set) lazy var keyIndex: KeyIndex = {
        var index = KeyIndex(
            counts: Array(repeating: 0, count: keyTable.count),
            firsts: Array(repeating: Int.max, count: keyTable.count),
            lists: Array(repeating: [], count: keyTable.count), listOrder: [])
        for (number, list) in keyLists.enumerated() {
            for key in list.keys where index.lists[key].last != number {
                index.counts[key] += list.count
                index.firsts[key] = min(index.firsts[key], list.first)
                index.lists[key].append(number)
            }
        }
        index.listOrder = keyLists.indices.sorted { keyLists[$0].first < keyLists[$1].first }
        return index
    }()

    /// The number of objects here that have key number `key`.
    func objectCount(having key: Int) -> Int { keyIndex.counts[key] }

    /// The first object here (a tape entry) that has key number `key`, or nil.
    func firstObject(having key: Int) -> Int? {
        let first = keyIndex.firsts[key]
        return first == Int.max ? nil : first
    }

    /// True when every object here has no key (or there is none).
    var objectsAreEmpty: Bool { keyLists.allSatisfy(\.keys.isEmpty) }

    // MARK: - The places below

    /// The summary of the values of key `text` in the objects here, or nil when none has it.
    func member(_ text: String) -> ShapeSummary? {
        guard let number = keyTable.number(of: text) else { return nil }
        if let made = members[number] { return made }
        if let made = memberCache[number] { return made }
        if memberValues == nil { memberValues = findMemberValues() }
        let made = Self.of(body, values: memberValues![number])
        memberCache[number] = made
        return made
    }

    /// The values of each key of the objects kept here, by its number, in document order.
    private func findMemberValues() -> [[UInt32]] {
        var values = [[UInt32]](repeating: [], count: keyTable.count)
        // Every spelling is in the table already, so numbering the keys again adds none.
        var table = keyTable
        let view = body.view
        for object in objects {
            let node = Int(object)
            let end = view.entries[node].end
            var member = node + 1
            var position = 0
            while member < end {
                values[table.number(ofKeyAt: member, position: position, in: view)].append(UInt32(member + 1))
                position += 1
                member = view.next(after: member + 1)
            }
        }
        return values
    }

    /// The union of the objects' values, when every object here is keyed by ids; else nil.
    var keyedValues: ShapeSummary? {
        guard isKeyedCollection else { return nil }
        if let made = keyedValueCache { return made }
        var nodes: [UInt32] = []
        let view = body.view
        for object in objects {
            let node = Int(object)
            let end = view.entries[node].end
            var member = node + 1
            while member < end {
                nodes.append(UInt32(member + 1))
                member = view.next(after: member + 1)
            }
        }
        let made = Self.of(body, values: nodes)
        keyedValueCache = .some(made)
        return made
    }

    /// Lets go of the summaries of the places below that were made on demand, once they are compared; asked again,
    /// they are made again.
    func releasePlacesBelow() {
        memberCache = [:]
        memberValues = nil
        keyedValueCache = nil
    }

    // MARK: - Kinds

    /// The kinds seen, but for null.
    var valueKinds: Set<Kind> { Set(kinds.keys.filter { $0 != .null }) }

    /// `integer`, `string or null`, ...
    static func describe(_ kinds: some Sequence<Kind>) -> String {
        var parts: [String] = []
        var dates: [String] = []
        for kind in kinds.sorted() {
            if case .date(let style) = kind { dates.append(style) } else { parts.append(kind.description) }
        }
        if !dates.isEmpty { parts.append("date (\(dates.joined(separator: " or ")))") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: " or ")
    }

    /// The date styles, in the order of ``kindOrder``.
    static let dateStyles = [
        "ISO 8601 with fractional seconds", "ISO 8601 without fractional seconds", "a date without time (yyyy-MM-dd)",
        "ISO 8601 without a time zone", "an RFC 2822 / HTTP date", "a date with slashes",
    ]

    /// The number in ``kindOrder`` of the kind of the string at `node`: a date style, or `string`. Read from
    /// its bytes when it has no escape.
    @inline(__always)
    static func kindIndex(ofStringAt node: Int, in view: JSONTapeView) -> Int {
        let style: DateSniffer.Style?
        let entry = view.entries[node]
        if entry.kind == .string {
            if entry.length < 8 {
                // Most strings are short: their first test, a digit first or a colon or slash, on one word.
                let word = view.shortWord(at: entry.offset, length: entry.length)
                guard
                    UInt8(truncatingIfNeeded: word) &- UInt8(ascii: "0") < 10
                        || DateSniffer.hasColonOrSlash(inWord: word)
                else { return 4 }
            }
            let bytes = view.rawBytes(node)
            guard DateSniffer.mayBeADate(utf8: bytes) else { return 4 }
            style = DateSniffer.dateStyle(ofUTF8: bytes)
        } else if mayBeADate(escaped: view.rawBytes(node)) {
            style = DateSniffer.style(ofText: view.string(node))
        } else {
            return 4
        }
        switch style {
        case .iso8601(let fraction, _)?: return fraction ? 7 : 8
        case .iso8601DateOnly?: return 9
        case .iso8601NoZone?: return 10
        case .rfc2822?: return 11
        case .slashed?: return 12
        case .epochSeconds?, .epochMilliseconds?, .epochMicroseconds?, .numericString?, .unrecognised?, nil: return 4
        }
    }

    /// False when a string with escapes, given as its raw bytes, reads as no date once decoded, as
    /// ``DateSniffer/dateStyle(ofUTF8:)`` judges one without: its text starts with no digit, and has too few
    /// spaces and colons for an RFC 2822 date and too few slashes for a slashed one, even if every escape stood for
    /// the character missing.
    static func mayBeADate(escaped bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first &- UInt8(ascii: "0") >= 10, first != JSONByte.backslash else {
            return true
        }
        var (spaces, colons, slashes, escapes) = (0, 0, 0, 0)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: " "): spaces += 1
            case UInt8(ascii: ":"): colons += 1
            case UInt8(ascii: "/"): slashes += 1
            case JSONByte.backslash: escapes += 1
            default: break
            }
        }
        return (spaces + escapes >= 4 && colons + escapes >= 1) || slashes + escapes >= 2
    }

    /// How a string is written when it reads as a date, in the terms decoders care about; nil for other strings.
    ///
    /// A UTC offset instead of `Z` is the same style: every ISO 8601 decoder reads both. Fractional seconds are
    /// not: Foundation's default ISO 8601 strategy rejects them.
    static func dateStyle(of style: DateSniffer.Style?) -> String? {
        switch style {
        case nil: return nil
        case .iso8601(let fraction, _)?: return fraction ? dateStyles[0] : dateStyles[1]
        case .iso8601DateOnly?: return dateStyles[2]
        case .iso8601NoZone?: return dateStyles[3]
        case .rfc2822?: return dateStyles[4]
        case .slashed?: return dateStyles[5]
        case .epochSeconds?, .epochMilliseconds?, .epochMicroseconds?, .numericString?, .unrecognised?: return nil
        }
    }

    /// The epoch units the number at `node` could be, as bits (see ``epochMask(of:)``), as its value as a `Double`
    /// (``JSONNumber/doubleValue``) says. Most numbers are settled by their digits alone: a negative one, or one
    /// with 8 digits or fewer before the point or 14 or more, is no date between 2000 and 2100 in either unit, and an
    /// integer of up to 13 digits is exact as a `Double`. Only the rest are read as a `Double`.
    static func epochMask(at node: Int, in view: JSONTapeView) -> UInt8 {
        let bytes = view.rawBytes(node)
        guard let first = bytes.first, first != UInt8(ascii: "-") else { return 0 }
        var digits = 0
        var value = 0
        while digits < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digits]) {
            if digits < 14 { value = value * 10 + Int(bytes[digits] &- UInt8(ascii: "0")) }
            digits += 1
        }
        let exponent = bytes.contains { $0 | 0x20 == UInt8(ascii: "e") }
        if !exponent {
            if digits <= 8 || digits >= 14 { return 0 }
            if digits == bytes.count { return epochMask(of: Double(value)) }
        }
        return epochMask(of: JSONNumber(literal: view.numberLiteral(node)).doubleValue)
    }

    /// The epoch units `value` could be, as bits: 1 seconds, 2 milliseconds.
    static func epochMask(of value: Double) -> UInt8 {
        let from2000 = 946_684_800.0
        let to2100 = 4_102_444_800.0
        var units: UInt8 = 0
        if value >= from2000 && value < to2100 { units |= 1 }
        if value >= from2000 * 1000 && value < to2100 * 1000 { units |= 2 }
        return units
    }

    /// True when a key reads as an id: it has a digit, or is long and unbroken.
    static func looksLikeAnId(_ key: String) -> Bool {
        let hasDigit = key.unicodeScalars.contains { ("0"..."9").contains($0) }
        let unbroken = key.count >= 16 && !key.contains(" ")
        return hasDigit || unbroken
    }

    /// One bit per JSON type (`JSONValue.kindName`): null, boolean, number, string, array, object.
    static func kindNameBit(_ kind: JSONTape.Kind) -> UInt8 {
        switch kind {
        case .null: return 1
        case .false, .true: return 2
        case .integer, .fraction: return 4
        case .string, .escapedString: return 8
        case .array: return 16
        case .object: return 32
        }
    }
}
