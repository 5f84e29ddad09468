extension JSONPath {
    /// Reads a path as ``description`` writes it: `$`, `$.users[3].first_name`, `$["first name"]`.
    ///
    /// Returns nil for text that is not such a path.
    package init?(parsing text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        guard scalars.popFirst() == "$" else { return nil }
        var components: [Component] = []
        while let next = scalars.popFirst() {
            switch next {
            case ".":
                var key = ""
                while let scalar = scalars.first, scalar != ".", scalar != "[" {
                    key.unicodeScalars.append(scalar)
                    scalars.removeFirst()
                }
                guard !key.isEmpty else { return nil }
                components.append(.key(key))
            case "[":
                if scalars.first == "\"" {
                    scalars.removeFirst()
                    var key = ""
                    var closed = false
                    while let scalar = scalars.popFirst() {
                        if scalar == "\\" {
                            guard let escaped = scalars.popFirst() else { return nil }
                            key.unicodeScalars.append(escaped)
                        } else if scalar == "\"" {
                            closed = true
                            break
                        } else {
                            key.unicodeScalars.append(scalar)
                        }
                    }
                    guard closed, scalars.popFirst() == "]" else { return nil }
                    components.append(.key(key))
                } else {
                    var digits = ""
                    while let scalar = scalars.first, scalar != "]" {
                        digits.unicodeScalars.append(scalar)
                        scalars.removeFirst()
                    }
                    guard scalars.popFirst() == "]", let index = Int(digits), index >= 0 else { return nil }
                    components.append(.index(index))
                }
            default:
                return nil
            }
        }
        self.init(components: components)
    }
}
