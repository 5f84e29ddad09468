/// The characters of an ICU pattern, each with what it is there: syntax (outside every character class, neither
/// escaped nor quoted), escaped, quoted (`\Q...\E`), or inside a character class. For the checks that read a pattern's
/// shape without compiling it: where its anchors bind (`lint`), and whether it may backtrack without bound.
enum RegexSyntax {
    /// One character of the pattern, backslashes that escape aside.
    struct Token {
        var character: Character
        var index: String.Index
        var kind: Kind
    }

    enum Kind: Equatable {
        /// Outside every character class, neither escaped nor quoted; `groups` are open where it stands (a `)`
        /// counts the group it closes).
        case syntax(groups: Int)
        /// The character after a `\`, inside a class or not.
        case escaped
        /// Between `\Q` and `\E`, the `\E` included.
        case quoted
        /// Inside a character class, its brackets included. A `]` first in a class (`[]a]`, `[^]a]`) is a member.
        case inClass
    }

    static func tokens(_ pattern: String) -> [Token] {
        var tokens: [Token] = []
        var groups = 0
        var classes = 0
        var escaped = false
        var quoted = false
        var previous: Character = " "
        // Where the innermost open class begins its members: a `]` there is one of them.
        var classStart: String.Index?
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            defer {
                previous = character
                index = pattern.index(after: index)
            }
            if quoted {
                if previous == "\\", character == "E" { quoted = false }
                tokens.append(Token(character: character, index: index, kind: .quoted))
                continue
            }
            if escaped {
                escaped = false
                if character == "Q" { quoted = true }
                tokens.append(Token(character: character, index: index, kind: .escaped))
                continue
            }
            var kind = Kind.syntax(groups: groups)
            switch character {
            case "\\":
                escaped = true
                continue
            case "^" where classes > 0 && classStart == index:
                classStart = pattern.index(after: index)
                kind = .inClass
            case "[":
                classes += 1
                classStart = pattern.index(after: index)
                kind = .inClass
            case "]" where classes > 0 && classStart != index:
                classes -= 1
                kind = .inClass
            case _ where classes > 0:
                kind = .inClass
            case "(":
                groups += 1
            case ")" where groups > 0:
                kind = .syntax(groups: groups)
                groups -= 1
            default:
                break
            }
            tokens.append(Token(character: character, index: index, kind: kind))
        }
        return tokens
    }
}
