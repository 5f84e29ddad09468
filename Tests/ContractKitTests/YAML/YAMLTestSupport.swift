@testable import ContractKit

/// Helpers shared by the YAML test suites.
enum YAMLTestSupport {
    /// The path used in locations by these tests.
    static let path = "Specs/x.yaml"

    /// The error loading `text` throws, or nil when it loads.
    static func loadingError(_ text: String) -> ContractError? {
        do {
            _ = try YAMLLoader.load(text, path: path)
            return nil
        } catch {
            return error
        }
    }

    /// The first line of an error's description: `file:line:col: error: message`.
    static func firstLine(of error: ContractError?) -> String? {
        error.map { String($0.description.split(separator: "\n", omittingEmptySubsequences: false)[0]) }
    }
}

extension YAMLNode {
    /// The tree, one node a line: location, kind, and for scalars the style, tag and value.
    /// A mapping's keys are indented one step under it, each value one step under its key.
    var outline: String {
        var lines: [String] = []
        appendOutline(to: &lines, depth: 0)
        return lines.joined(separator: "\n")
    }

    private func appendOutline(to lines: inout [String], depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        let place = "\(location.line):\(location.column)"
        switch content {
        case .scalar(let scalar):
            let tag = scalar.tag.map { " \($0)" } ?? ""
            lines.append("\(indent)\(place) \(scalar.style)\(tag) \(scalar.value.debugDescription)")
        case .sequence(let items):
            lines.append("\(indent)\(place) \(isFlow ? "flow" : "block") sequence")
            for item in items { item.appendOutline(to: &lines, depth: depth + 1) }
        case .mapping(let pairs):
            lines.append("\(indent)\(place) \(isFlow ? "flow" : "block") mapping")
            for pair in pairs {
                pair.key.appendOutline(to: &lines, depth: depth + 1)
                pair.value.appendOutline(to: &lines, depth: depth + 2)
            }
        }
    }
}
