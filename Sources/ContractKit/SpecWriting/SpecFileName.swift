/// The name of a spec file, the part before `.yaml`: what `--name` of `import openapi` and `infer` may be, and what
/// they make a name of when it is not given.
package enum SpecFileName {
    /// The most bytes a name made by ``made(from:)`` has: the `-TAG.yaml` of `import openapi --split tags` comes after.
    package static let madeLength = 100

    /// Whether `name` can name a spec file: ASCII letters, digits, `-`, `_` and `.`, not starting with `.` (a hidden
    /// file, which the folder walk passes over).
    package static func isValid(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.unicodeScalars.allSatisfy(isKept)
    }

    /// A name made of `text` (a file's name without its extension, a document's title): each run of other
    /// characters becomes one `-`, and no `.` or `-` starts it or `-` ends it; at most ``madeLength`` bytes. Nil when
    /// nothing is left.
    package static func made(from text: String) -> String? {
        var name = ""
        for scalar in text.unicodeScalars {
            if isKept(scalar) {
                name.unicodeScalars.append(scalar)
            } else if !name.hasSuffix("-") {
                name += "-"
            }
        }
        while let first = name.first, first == "." || first == "-" { name.removeFirst() }
        if name.utf8.count > madeLength { name = String(name.prefix(madeLength)) }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? nil : name
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "-" || scalar == "_" || scalar == "."
    }
}
