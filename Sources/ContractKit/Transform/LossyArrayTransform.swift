import Foundation

/// Drops the elements of an array that the app cannot use, as apps do with "lossy" arrays: one bad element
/// should cost one row, not the whole screen.
///
/// Which elements stay is decided by `keep`; ``init(at:decoding:using:)`` keeps those that decode on their own
/// as a given type. The output reports the input paths of the dropped elements in ``TransformOutput/removed``.
public struct LossyArrayTransform: JSONTransform {
    /// Where the array is: `notices`, `data.items`, `groups[].members`; the root when empty.
    public var at: TransformPath
    private let keep: @Sendable (JSONValue) -> Bool

    public var name: String { "lossy" }

    /// Creates the transform; `keep` says whether an element stays.
    public init(at: TransformPath, keep: @escaping @Sendable (JSONValue) -> Bool) {
        self.at = at
        self.keep = keep
    }

    /// Creates the transform keeping the elements that `decoder` decodes as `Element` on their own.
    public init<Element: Decodable>(
        at: TransformPath, decoding: Element.Type, using decoder: JSONDecoder = JSONDecoder()
    ) {
        let decodes = DecodesAlone(type: Element.self, decoder: decoder)
        self.init(at: at) { decodes($0) }
    }

    public func transform(_ value: JSONValue) throws(TransformError) -> TransformOutput {
        let (places, mismatch) = at.resolve(in: value)
        if let mismatch { throw TransformError(name, mismatch) }
        var result = value
        var keptByPlace: [JSONPath: [Int]] = [:]
        var removed: [JSONPath] = []
        for place in places {
            switch value[path: place] {
            case .array(let items)?:
                var kept: [Int] = []
                var survivors: [JSONValue] = []
                for (index, item) in items.enumerated() {
                    if keep(item) {
                        kept.append(index)
                        survivors.append(item)
                    } else {
                        removed.append(place.appending(index: index))
                    }
                }
                guard kept.count < items.count else { continue }
                keptByPlace[place] = kept
                result.modify(at: place) { $0 = .array(survivors) }
            case .null?, nil:
                continue
            case let other?:
                throw TransformError(
                    transform: name, path: place, expected: "an array", found: TransformError.describe(other))
            }
        }
        return TransformOutput(value: result, removed: removed) { [keptByPlace] path in
            for (place, kept) in keptByPlace {
                guard let rest = path.dropping(prefix: place), case .index(let index)? = rest.components.first else {
                    continue
                }
                guard kept.indices.contains(index) else { return .value(path) }
                var components = place.components
                components.append(.index(kept[index]))
                components += rest.components.dropFirst()
                return .value(JSONPath(components: components))
            }
            return .value(path)
        }
    }
}

/// Whether a value decodes as a type on its own. A metatype and a decoder are safe to share once made.
struct DecodesAlone: @unchecked Sendable {
    let type: any Decodable.Type
    let decoder: JSONDecoder

    func callAsFunction(_ value: JSONValue) -> Bool {
        (try? type.decodeJSON(Data(JSONWriter(style: .compact).writeBytes(value)), with: decoder)) != nil
    }
}
