/// Makes the summaries of every place under some values in one pass over the tape, in document order: each value
/// met is tallied in its place's summary, and an object's members and an array's elements are walked with the
/// places below, so that the tape and the text are read once, front to back, and a value costs no path and no
/// tape index kept.
///
/// A place is the generic path of its values (`$.users[*].address`); the walk keeps a stack of the containers it is
/// in, each with its place, and a place's state is counts, the kinds seen (with the first of each), its key table
/// and its groups of objects by keys in order. Only where a place's objects may be a collection keyed by ids (the
/// first key of its first object with a key reads as an id) does it keep its objects, as tape entries, and leave
/// the places below to be summarised when asked for, so that a dictionary of 100,000 ids is not 100,000 places.
///
/// Walking the new body of a diff, it also pairs each value with the old body's value at the same path and finds
/// the values that changed (``add(_:pairedWith:pairedElements:ignoring:changes:)``), so that the new body is read once for both.
struct ShapeSummaryBuilder: ~Copyable {
    /// What is known of one place so far, but for the kinds tallied (``ShapeSummaryBuilder/tallies``).
    struct Place {
        /// The epoch units every number here could be, as bits (``ShapeSummary/epochMask(of:)``).
        var epochMask: UInt8 = 0b11
        var sawNumber = false
        /// Nil until an object with a key is seen; then true when its first key reads as an id, and the objects are
        /// kept, not walked into.
        var mayBeKeyed: Bool?
        /// The place of the arrays' elements, or -1 when no array here has an element.
        var elementPlace: Int32 = -1
        var table = KeyTable()
        var lists: [ShapeSummary.KeyList] = []
        var listNumbers: [[Int]: Int] = [:]
        /// The group of the object last closed here, or -1, and its keys.
        var lastList = -1
        var lastKeys: [Int] = []
        /// The object open here: its tape entry, how many keys it has so far, and whether they are so far those of
        /// the group `lastList`. Only one object of a place is open at a time, as none holds another of the same
        /// place.
        var openObject = 0
        var openCount = 0
        var openIsSame = false
        /// The open object's keys, kept only once they stop being those of `lastList` (before, they are its first
        /// `openCount`), so that an object like the one before costs no list of its own.
        var openKeys: [Int] = []
        var objectCount = 0
        /// The place of each key's values, by its number; -1 where the place below is left for later.
        var memberPlaces: [Int32] = []
        /// The objects here, when `mayBeKeyed`.
        var objects: [UInt32] = []
        /// One bit per JSON type of the members' values (``ShapeSummary/kindNameBit(_:)``), when `mayBeKeyed`.
        var memberKinds: UInt8 = 0
    }

    /// The kinds a place tallies: how many of each kind (by its place in ``ShapeSummary/kindOrder``), then
    /// where each was first seen.
    static let tallyWidth = 32

    /// A container the walk is in.
    private struct Open {
        /// The entry after the container's subtree.
        var end: Int
        /// An object's own place, or the place of an array's elements; -1 where only values are compared.
        var place: Int32
        var isObject: Bool
        /// The member being walked: an object's key entry, or an array's element index.
        var step = -1
        /// The old body's container paired with this one, or -1 when the walk compares no values below.
        var old = -1
        /// An object: the old member tried first for the next key (the one at the same position). An array: the
        /// old element paired with the next element.
        var oldNext = 0
        /// An array: how many old elements are left to pair.
        var oldLeft = 0
        /// An object paired with an old one: the look-up of the old object's members (its table, for a large one, is
        /// on the walk's list of tables).
        var lookUp: MemberLookUp?
        /// A container paired with an old one: where the two start in their texts, and where (in the new text) their
        /// texts first differ, or -1 when that was not looked for (``sameText(_:_:in:inside:)``).
        var textStart = 0
        var oldTextStart = 0
        var firstDifference = -1
    }

    /// The containers the walk is in, innermost last, in memory of its own, so that reading and writing the
    /// innermost costs no check that the storage is shared.
    private struct OpenStack: ~Copyable {
        private var base: UnsafeMutablePointer<Open>
        private(set) var count = 0
        private var capacity = 16

        init() { base = .allocate(capacity: capacity) }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }

        /// The innermost container; the stack must not be empty.
        @inline(__always) var top: UnsafeMutablePointer<Open> { base + count - 1 }

        @inline(__always) var isEmpty: Bool { count == 0 }

        @inline(__always) subscript(index: Int) -> Open { base[index] }

        @inline(__always)
        mutating func push(_ open: Open) {
            if count == capacity { grow() }
            (base + count).initialize(to: open)
            count += 1
        }

        @inline(__always)
        mutating func pop() -> Open {
            count -= 1
            return (base + count).move()
        }

        @inline(never)
        private mutating func grow() {
            let grown = UnsafeMutablePointer<Open>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
    }

    /// The values that changed, when the walk pairs the values with those of an old body, as
    /// ``ShapeComparison/values(_:_:)`` does.
    struct ValueChanges {
        /// The old body's view.
        let oldView: JSONTapeView
        /// The path of the new value walked.
        let rootPath: JSONPath
        /// False to count the values that changed without listing them.
        let listsValues: Bool
        var changes = RecordingDiff.ValueChangeList()
        var count = 0
    }

    let view: JSONTapeView
    /// The places, `placeCount` of them; the first is the values' own, and a place comes after the place it is
    /// under. Kept in memory of our own, as are their tallies, so that the walk's reads and writes of them cost no
    /// check that they are shared.
    private var places: UnsafeMutablePointer<Place>
    /// Each place's tally, ``tallyWidth`` counts a place.
    private var tallies: UnsafeMutablePointer<Int>
    private(set) var placeCount = 0
    private var capacity = 16
    /// Where a walk that pairs values is among the paths ignored; nil when none are, or no walk is under way.
    private var cursor: IgnoredPathsCursor? {
        didSet { ignores = cursor != nil }
    }
    /// True when there is a ``cursor``: a flag read for every value, and the cursor is asked only through the
    /// outlined ``isIgnored(at:)`` (asked inline, it made the walk big enough for the optimiser to stop inlining
    /// ``visit(_:at:pairedWith:stack:tables:changes:)`` into it, which cost the diff 3-6% of its time).
    private var ignores = false

    init(view: JSONTapeView) {
        self.view = view
        places = .allocate(capacity: capacity)
        tallies = .allocate(capacity: capacity * Self.tallyWidth)
        _ = newPlace()
    }

    deinit {
        places.deinitialize(count: placeCount)
        places.deallocate()
        tallies.deallocate()
    }

    /// The place numbered `index`.
    func place(_ index: Int) -> Place { places[index] }

    /// The kinds seen at place `index`, and where first.
    func kinds(at index: Int) -> [ShapeSummary.Kind: (first: Int, count: Int)] {
        let tally = tallies + index * Self.tallyWidth
        var kinds: [ShapeSummary.Kind: (first: Int, count: Int)] = [:]
        for (kindIndex, kind) in ShapeSummary.kindOrder.enumerated() where tally[kindIndex] > 0 {
            kinds[kind] = (tally[kindIndex + Self.tallyWidth / 2], tally[kindIndex])
        }
        return kinds
    }

    /// A new place; returns its number.
    private mutating func newPlace() -> Int32 {
        if placeCount == capacity {
            let grown = UnsafeMutablePointer<Place>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: places, count: placeCount)
            places.deallocate()
            places = grown
            let grownTallies = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2 * Self.tallyWidth)
            grownTallies.moveInitialize(from: tallies, count: placeCount * Self.tallyWidth)
            tallies.deallocate()
            tallies = grownTallies
            capacity *= 2
        }
        (places + placeCount).initialize(to: Place())
        (tallies + placeCount * Self.tallyWidth).initialize(repeating: 0, count: Self.tallyWidth)
        placeCount += 1
        return Int32(placeCount - 1)
    }

    /// Counts one more value of kind `kind` (its place in ``ShapeSummary/kindOrder``) at `place`.
    @inline(__always)
    private func tally(_ kind: Int, _ node: Int, at place: Int) {
        let tally = tallies + place * Self.tallyWidth
        if tally[kind] == 0 { tally[kind + Self.tallyWidth / 2] = node }
        tally[kind] &+= 1
    }

    /// Tallies `values` (tape entries, each a whole value, in the order they are to be counted) and everything
    /// inside them.
    mutating func add(_ values: [UInt32]) {
        var unused: ValueChanges?
        for value in values {
            var stack = OpenStack()
            walk(
                from: Int(value), at: 0, pairedWith: -1, stack: &stack, rootPairs: .max, changes: &unused)
        }
    }

    /// Tallies the value at `node` and everything inside it, and pairs its values with those of the value at `old`
    /// of `changes.oldView` to find the values that changed: scalars that differ at the same path, and arrays whose
    /// length did. Members are paired by key (the last of a name, as keys are compared as Swift compares strings),
    /// elements by index. `old` is -1 to compare nothing.
    ///
    /// When the value is an array, only its first `pairedElements` elements are paired; the others can be compared
    /// on another thread by ``compareElements(from:of:pairedWith:count:ignoring:changes:)``.
    ///
    /// No value at a path `ignoring` matches (or under it) is paired; it is tallied all the same.
    mutating func add(
        _ node: Int, pairedWith old: Int, pairedElements: Int = .max, ignoring: IgnoredPaths?,
        changes: inout ValueChanges?
    ) {
        var stack = OpenStack()
        var old = old
        cursor = Self.cursor(ignoring, at: changes?.rootPath, pairing: &old)
        defer {
            cursor?.deallocate()
            cursor = nil
        }
        walk(from: node, at: 0, pairedWith: old, stack: &stack, rootPairs: pairedElements, changes: &changes)
    }

    /// True when the member or element the innermost container on `stack` is at (``Open/step``) is at a path
    /// ignored; the cursor's level for it is the number of containers.
    @inline(never)
    private mutating func isIgnored(at stack: borrowing OpenStack) -> Bool {
        let top = stack.top.pointee
        return top.isObject
            ? cursor!.isIgnored(level: stack.count, key: top.step, in: view)
            : cursor!.isIgnored(level: stack.count, index: top.step)
    }

    /// A cursor over `paths` for a walk that pairs the value at `root` with the old value `old`, which becomes -1
    /// when a glob matches `root`; nil when there are no globs or nothing is paired.
    private static func cursor(_ paths: IgnoredPaths?, at root: JSONPath?, pairing old: inout Int)
        -> IgnoredPathsCursor?
    {
        guard let paths, let root, old >= 0 else { return nil }
        var rootIsIgnored = false
        let cursor = IgnoredPathsCursor(paths, at: root, rootIsIgnored: &rootIsIgnored)
        if rootIsIgnored { old = -1 }
        return cursor
    }

    /// Compares the elements of the array at `node`, from index `first` to `count`, with those of the old array at
    /// `old` (which has at least `count`), and tallies nothing: the part that
    /// ``add(_:pairedWith:pairedElements:ignoring:changes:)`` was told to leave to another thread. The values that changed
    /// are found in the order that walk would have found them.
    mutating func compareElements(
        from first: Int, of node: Int, pairedWith old: Int, count: Int, ignoring: IgnoredPaths?,
        changes: inout ValueChanges?
    ) {
        guard first < count, let oldView = changes?.oldView else { return }
        var rootOld = old
        cursor = Self.cursor(ignoring, at: changes?.rootPath, pairing: &rootOld)
        defer {
            cursor?.deallocate()
            cursor = nil
        }
        guard rootOld >= 0 else { return }
        var element = node + 1
        var oldElement = old + 1
        for _ in 0..<first {
            element = view.next(after: element)
            oldElement = oldView.next(after: oldElement)
        }
        var stack = OpenStack()
        stack.push(
            Open(
                end: view.entries[node].end, place: -1, isObject: false, step: first, old: old,
                oldNext: oldView.next(after: oldElement), oldLeft: count - first - 1))
        walk(from: element, at: -1, pairedWith: oldElement, stack: &stack, rootPairs: .max, changes: &changes)
    }

    /// Visits the value at `node` inside the containers on `stack`, and walks on to the end of the outermost (or of
    /// the value, when there are none). With one container on the stack after the first visit, an array, only its
    /// first `rootPairs` elements are paired. ``cursor``, when there is one, is moved down a level as each paired
    /// value is visited (its level is the number of containers on `stack`), and leaves out the values it matches.
    private mutating func walk(
        from node: Int, at place: Int32, pairedWith old: Int, stack: inout OpenStack, rootPairs: Int,
        changes: inout ValueChanges?
    ) {
        // The tables of the large old objects on the stack, innermost last; kept apart so that a container on the
        // stack is plain data.
        var tables: [MemberTable] = []
        var node = node
        var place = place
        var old = old
        var limitsRoot = rootPairs < .max
        let oldView = changes?.oldView
        while true {
            node = visit(node, at: place, pairedWith: old, stack: &stack, tables: &tables, changes: &changes)
            if limitsRoot {
                limitsRoot = false
                if stack.count == 1 && !stack[0].isObject {
                    stack.top.pointee.oldLeft = min(stack[0].oldLeft, rootPairs)
                }
            }
            // Up out of the containers that end here, then on to the next member or element.
            while !stack.isEmpty, node == stack.top.pointee.end {
                let top = stack.pop()
                if top.isObject && top.place >= 0 { closeObject(at: Int(top.place)) }
                if let lookUp = top.lookUp, lookUp.isLarge { tables.removeLast() }
            }
            guard !stack.isEmpty else { break }
            let top = stack.top
            old = -1
            if top.pointee.isObject {
                top.pointee.step = node
                let container = top.pointee.place
                place = container >= 0 ? memberPlace(ofKeyAt: node, in: Int(container)) : -1
                if let lookUp = top.pointee.lookUp, let oldView {
                    let hint = top.pointee.oldNext
                    old =
                        lookUp.value(forKeyAt: node, in: view, hint: hint, table: lookUp.isLarge ? tables.last : nil)
                        ?? -1
                    if hint < lookUp.end { top.pointee.oldNext = oldView.next(after: hint + 1) }
                }
                node += 1
            } else {
                top.pointee.step += 1
                place = top.pointee.place
                if top.pointee.oldLeft > 0, let oldView {
                    old = top.pointee.oldNext
                    top.pointee.oldNext = oldView.next(after: old)
                    top.pointee.oldLeft -= 1
                }
            }
        }
    }

    /// Tallies the value at `node` in `place` (none when -1), and compares it with the old value `old` (none when
    /// -1); returns the entry to go on from: past a scalar or a container left closed, or its first member, with the
    /// container pushed.
    @inline(__always)
    private mutating func visit(
        _ node: Int, at place: Int32, pairedWith old: Int, stack: inout OpenStack, tables: inout [MemberTable],
        changes: inout ValueChanges?
    ) -> Int {
        let entry = view.entries[node]
        // A value at a path ignored is not compared (its container's step names it).
        var old = old
        if old >= 0 && ignores && !stack.isEmpty && isIgnored(at: stack) { old = -1 }
        // Below a place left for later, only values are compared; a value with none to compare is passed over.
        if place < 0 && old < 0 { return view.next(after: node) }
        let here = Int(place)
        switch entry.kind {
        case .array:
            var open = Open(end: entry.end, place: -1, isObject: false)
            if place >= 0 {
                tally(6, node, at: here)
                if entry.memberCount > 0 {
                    open.place = places[here].elementPlace
                    if open.place < 0 {
                        open.place = newPlace()
                        places[here].elementPlace = open.place
                    }
                }
            }
            if old >= 0, let oldView = changes?.oldView, oldView.kind(old) == .array,
                !sameText(node, old, in: oldView, inside: stack, noting: &open)
            {
                let oldCount = oldView.entries[old].memberCount
                let newCount = entry.memberCount
                if oldCount != newCount {
                    record(
                        at: stack, in: &changes, old: "\(oldCount) element\(oldCount == 1 ? "" : "s")",
                        new: "\(newCount) element\(newCount == 1 ? "" : "s")")
                }
                open.old = old
                open.oldNext = old + 1
                open.oldLeft = oldCount
            } else if old >= 0, let oldView = changes?.oldView, oldView.kind(old) != .array {
                recordKindChange(from: old, in: oldView, to: node, at: stack, in: &changes)
            }
            guard entry.memberCount > 0, open.place >= 0 || open.old >= 0 else { return entry.end }
            stack.push(open)
        case .object:
            var open = Open(end: entry.end, place: place, isObject: true)
            if place >= 0 {
                tally(5, node, at: here)
                openObject(node, at: here)
                if entry.memberCount == 0 {
                    closeObject(at: here)
                } else {
                    if places[here].mayBeKeyed == nil {
                        places[here].mayBeKeyed = ShapeSummary.looksLikeAnId(view.string(node + 1))
                    }
                    if places[here].mayBeKeyed == true {
                        addKeyedObject(node, end: entry.end, at: here)
                        open.place = -1
                    }
                }
            }
            if old >= 0, let oldView = changes?.oldView, oldView.kind(old) == .object,
                oldView.entries[old].memberCount > 0, !sameText(node, old, in: oldView, inside: stack, noting: &open)
            {
                open.old = old
                open.oldNext = old + 1
            } else if old >= 0, let oldView = changes?.oldView, oldView.kind(old) != .object {
                recordKindChange(from: old, in: oldView, to: node, at: stack, in: &changes)
            }
            guard entry.memberCount > 0, open.place >= 0 || open.old >= 0 else { return entry.end }
            if open.old >= 0, let oldView = changes?.oldView {
                let lookUp = MemberLookUp(object: old, in: oldView)
                if lookUp.isLarge { tables.append(MemberTable(object: old, in: oldView)) }
                open.lookUp = lookUp
            }
            stack.push(open)
        default:
            if place >= 0 { tallyScalar(node, entry.kind, at: here) }
            if old >= 0, let oldView = changes?.oldView {
                switch oldView.kind(old) {
                case .array, .object: recordKindChange(from: old, in: oldView, to: node, at: stack, in: &changes)
                default:
                    if !ShapeComparison.scalar(old, in: oldView, equals: node, in: view) {
                        record(
                            at: stack, in: &changes, old: ShapeComparison.brief(old, in: oldView),
                            new: ShapeComparison.brief(node, in: view))
                    }
                }
            }
        }
        return node + 1
    }

    /// True when the container at `node` and the old one at `old` (of the same kind) are the same text, and then
    /// equal, so that no value under them can have changed and they are not paired; else notes in `open` where their
    /// texts start and first differ.
    ///
    /// Each is compared as its text up to the entry after it (its closing bracket and what follows), a word at a
    /// time up to the first difference. A container that starts at the same distance into its text as its old one
    /// into the old text, inside a pair of containers already compared, is not compared again: it is the same text
    /// when it ends before their first difference, and not when it holds it.
    @inline(__always)
    private func sameText(
        _ node: Int, _ old: Int, in oldView: JSONTapeView, inside stack: borrowing OpenStack, noting open: inout Open
    ) -> Bool {
        let start = view.entries[node].offset
        let oldStart = oldView.entries[old].offset
        let end = Self.textEnd(of: node, in: view)
        open.textStart = start
        open.oldTextStart = oldStart
        if !stack.isEmpty {
            let outer = stack.top.pointee
            if outer.firstDifference >= 0 && start - outer.textStart == oldStart - outer.oldTextStart {
                if end <= outer.firstDifference { return true }
                if start <= outer.firstDifference {
                    open.firstDifference = outer.firstDifference
                    return false
                }
            }
        }
        let length = end - start
        let oldLength = Self.textEnd(of: old, in: oldView) - oldStart
        let same = JSONTapeView.firstDifference(
            view.bytes + start, oldView.bytes + oldStart, count: min(length, oldLength))
        if same == length && length == oldLength { return true }
        open.firstDifference = start + same
        return false
    }

    /// The offset in the text of the entry after the subtree of the container at `node`, or the end of the text.
    @inline(__always)
    private static func textEnd(of node: Int, in view: JSONTapeView) -> Int {
        let after = view.entries[node].end
        return after < view.count ? view.entries[after].offset : view.byteCount
    }

    /// Tallies the scalar at `node`, of kind `kind`, at `place`.
    @inline(__always)
    private func tallyScalar(_ node: Int, _ kind: JSONTape.Kind, at place: Int) {
        switch kind {
        case .null: tally(0, node, at: place)
        case .false, .true: tally(1, node, at: place)
        case .integer, .fraction:
            tally(kind == .integer ? 2 : 3, node, at: place)
            places[place].sawNumber = true
            if places[place].epochMask != 0 {
                places[place].epochMask &= ShapeSummary.epochMask(at: node, in: view)
            }
        default:
            tally(ShapeSummary.kindIndex(ofStringAt: node, in: view), node, at: place)
        }
    }

    /// Counts a value that changed at the path the walk is at, and lists it when the options say so (only then is
    /// its path written out).
    private func record(
        at stack: borrowing OpenStack, in changes: inout ValueChanges?, old: @autoclosure () -> String,
        new: @autoclosure () -> String
    ) {
        changes!.count += 1
        guard changes!.listsValues else { return }
        var components = changes!.rootPath.components
        for index in 0..<stack.count {
            let open = stack[index]
            components.append(open.isObject ? .key(view.string(open.step)) : .index(open.step))
        }
        changes!.changes.append(path: JSONPath(components: components).description, old: old(), new: new())
    }

    /// Counts a value whose kind changed between a container and anything else, as ``record(at:in:old:new:)``.
    @inline(never)
    private func recordKindChange(
        from old: Int, in oldView: JSONTapeView, to node: Int, at stack: borrowing OpenStack,
        in changes: inout ValueChanges?
    ) {
        record(
            at: stack, in: &changes, old: ShapeComparison.brief(old, in: oldView),
            new: ShapeComparison.brief(node, in: view))
    }

    private mutating func openObject(_ node: Int, at place: Int) {
        places[place].objectCount += 1
        places[place].openObject = node
        places[place].openCount = 0
        places[place].openIsSame = places[place].lastList >= 0
        if !places[place].openIsSame { places[place].openKeys.removeAll(keepingCapacity: true) }
    }

    /// Numbers the key at `node` of the object open at `place`; returns the place of its value.
    @inline(__always)
    private mutating func memberPlace(ofKeyAt node: Int, in place: Int) -> Int32 {
        let number = addKey(at: node, in: place)
        if number == places[place].memberPlaces.count {
            let below = newPlace()
            places[place].memberPlaces.append(below)
        }
        return places[place].memberPlaces[number]
    }

    /// Numbers the key at `node` of the object open at `place`, and notes it among the object's keys.
    @inline(__always)
    private mutating func addKey(at node: Int, in place: Int) -> Int {
        let position = places[place].openCount
        let number = places[place].table.number(ofKeyAt: node, position: position, in: view)
        places[place].openCount = position + 1
        if places[place].openIsSame {
            if position < places[place].lastKeys.count && places[place].lastKeys[position] == number { return number }
            places[place].openIsSame = false
            places[place].openKeys = Array(places[place].lastKeys.prefix(position))
        }
        places[place].openKeys.append(number)
        return number
    }

    /// Counts the object open at `place` in the group of objects with its keys.
    private mutating func closeObject(at place: Int) {
        let last = places[place].lastList
        if places[place].openIsSame {
            if places[place].openCount == places[place].lastKeys.count {
                places[place].lists[last].count += 1
                return
            }
            // Fewer keys than the object before, and the same as far as they go.
            places[place].openKeys = Array(places[place].lastKeys.prefix(places[place].openCount))
        }
        if let known = places[place].listNumbers[places[place].openKeys] {
            places[place].lists[known].count += 1
            places[place].lastList = known
            places[place].lastKeys = places[place].lists[known].keys
        } else {
            let keys = places[place].openKeys
            places[place].lastList = places[place].lists.count
            places[place].listNumbers[keys] = places[place].lists.count
            places[place].lists.append(ShapeSummary.KeyList(keys: keys, count: 1, first: places[place].openObject))
            places[place].lastKeys = keys
        }
    }

    /// Tallies the keys of an object at a place that may be keyed by ids, without walking into its values.
    private mutating func addKeyedObject(_ node: Int, end: Int, at place: Int) {
        places[place].objects.append(UInt32(node))
        let count = view.entries[node].memberCount
        if count > 64 { places[place].table.reserve(count, in: view) }
        var member = node + 1
        while member < end {
            let number = addKey(at: member, in: place)
            if number == places[place].memberPlaces.count { places[place].memberPlaces.append(-1) }
            places[place].memberKinds |= ShapeSummary.kindNameBit(view.kind(member + 1))
            member = view.next(after: member + 1)
        }
        closeObject(at: place)
    }
}
