/// Drops from a document what the import never reads of its request bodies' schemas, before the schemas are mapped.
///
/// A request body becomes the endpoint's `body:` from the document's example; its schema is read only for a `$ref`
/// and an `example`. In real documents these schemas are large (a third of Stripe's, whose form-encoded bodies list
/// every parameter with its description); dropped, the mapping runs beside a tree that much smaller, and peak memory
/// falls with it. A document with a `$ref` into a request body (`#/paths/~1pets/post/requestBody/...`) is kept whole.
enum OpenAPIRequestSchemas {
    /// The keys of a request body's schema that the import reads.
    static let keptKeys: Set<String> = ["$ref", "example"]

    /// Replaces each request body schema (in `paths` and `components/requestBodies`) by its `$ref` and `example`.
    static func prune(_ root: inout JSONValue) {
        guard !refersIntoRequestBodies(root) else { return }
        modifyObject(&root) { document in
            for index in document.entries.indices {
                switch document.entries[index].key {
                case "paths":
                    modifyObject(&document.entries[index].value) { paths in
                        for path in paths.entries.indices {
                            modifyObject(&paths.entries[path].value) { item in
                                for method in item.entries.indices
                                where OpenAPIImporter.methods.contains(item.entries[method].key) {
                                    modifyObject(&item.entries[method].value) { operation in
                                        for key in operation.entries.indices
                                        where operation.entries[key].key == "requestBody" {
                                            pruneBody(&operation.entries[key].value)
                                        }
                                    }
                                }
                            }
                        }
                    }
                case "components":
                    modifyObject(&document.entries[index].value) { components in
                        for key in components.entries.indices where components.entries[key].key == "requestBodies" {
                            modifyObject(&components.entries[key].value) { bodies in
                                for body in bodies.entries.indices { pruneBody(&bodies.entries[body].value) }
                            }
                        }
                    }
                default:
                    break
                }
            }
        }
    }

    /// A request body object: each media type's `schema` cut down to the keys read.
    private static func pruneBody(_ body: inout JSONValue) {
        modifyObject(&body) { body in
            for key in body.entries.indices where body.entries[key].key == "content" {
                modifyObject(&body.entries[key].value) { content in
                    for media in content.entries.indices {
                        modifyObject(&content.entries[media].value) { media in
                            for key in media.entries.indices where media.entries[key].key == "schema" {
                                guard case .object(let schema) = media.entries[key].value else { continue }
                                media.entries[key].value = .object(
                                    JSONObject(schema.entries.filter { keptKeys.contains($0.key) }))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Changes the object `value` holds in place: taken out first, so that its storage is not shared and is not
    /// copied when changed.
    private static func modifyObject(_ value: inout JSONValue, _ body: (inout JSONObject) -> Void) {
        guard case .object(var object) = value else { return }
        value = .null
        body(&object)
        value = .object(object)
    }

    /// True when some `$ref` in the document leads into a request body's content.
    static func refersIntoRequestBodies(_ value: JSONValue) -> Bool {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .object(let object):
                for entry in object.entries {
                    // `#/paths/~1pets/post/requestBody/content/application~1json/schema/...`, or the same under
                    // `#/components/requestBodies/Pet`; a `$ref` to a whole request body reads only what is kept.
                    if entry.key == "$ref", let reference = entry.value.stringValue,
                        reference.contains("/requestBod"), reference.contains("/content/")
                    {
                        return true
                    }
                    pending.append(entry.value)
                }
            case .array(let elements):
                pending += elements
            default:
                break
            }
        }
        return false
    }
}
