/// A spec file to be written: what a person would type in `Specs/<name>.yaml`, as values.
///
/// Tools that draft specs (`import openapi`, `infer`) build one of these and hand it to ``SpecYAMLWriter``, which
/// renders it in the same layout as the hand-written specs. Shapes are ``Shape`` values, so whatever the spec loader
/// reads, the writer can write; their locations are ignored.
package struct SpecDocument: Sendable, Hashable {
    /// Comment lines at the top of the file, without the `# `.
    package var comment: [String]
    /// Named shapes, in the order they are written under `shapes:`.
    package var shapes: [NamedShape]
    /// Settings for every endpoint of the file, or nil for none.
    package var defaults: SpecDefaults?
    /// Endpoints, in the order they are written under `endpoints:`.
    package var endpoints: [EndpointDraft]

    /// Creates a document.
    package init(
        comment: [String] = [], shapes: [NamedShape] = [], defaults: SpecDefaults? = nil,
        endpoints: [EndpointDraft] = []
    ) {
        self.comment = comment
        self.shapes = shapes
        self.defaults = defaults
        self.endpoints = endpoints
    }
}

/// A shape declared under `shapes:`.
package struct NamedShape: Sendable, Hashable {
    /// The name other shapes use.
    package var name: String
    /// What it accepts.
    package var shape: Shape
    /// Comment lines written above the name.
    package var comment: [String]
    /// Comments written after a field, by the field's path from this shape: `email`, `address.street`.
    package var fieldComments: [String: String]

    /// Creates a named shape.
    package init(name: String, shape: Shape, comment: [String] = [], fieldComments: [String: String] = [:]) {
        self.name = name
        self.shape = shape
        self.comment = comment
        self.fieldComments = fieldComments
    }
}

/// A name and its text, as written under `params:`, `query:` or `headers:` (the text may hold `${ENV}` references).
package struct SpecEntry: Sendable, Hashable {
    /// The parameter or header name.
    package var name: String
    /// Its value, `${NAME}` references included.
    package var value: String

    /// Creates an entry.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The `defaults:` of a spec file.
package struct SpecDefaults: Sendable, Hashable {
    /// `decoding.keys`.
    package var keys: KeyStrategy?
    /// `decoding.dates`.
    package var dates: DateFormat?
    /// Headers sent with every request.
    package var headers: [SpecEntry]
    /// Query parameters sent with every request.
    package var query: [SpecEntry]
    /// The expected content type.
    package var contentType: String?
    /// The policy for undeclared keys.
    package var extraKeys: ExtraKeysPolicy?

    /// Creates defaults.
    package init(
        keys: KeyStrategy? = nil, dates: DateFormat? = nil, headers: [SpecEntry] = [], query: [SpecEntry] = [],
        contentType: String? = nil, extraKeys: ExtraKeysPolicy? = nil
    ) {
        self.keys = keys
        self.dates = dates
        self.headers = headers
        self.query = query
        self.contentType = contentType
        self.extraKeys = extraKeys
    }

    /// True when nothing is set, so that `defaults:` is left out.
    var isEmpty: Bool {
        keys == nil && dates == nil && headers.isEmpty && query.isEmpty && contentType == nil && extraKeys == nil
    }
}

/// An endpoint under `endpoints:`.
package struct EndpointDraft: Sendable, Hashable {
    /// The endpoint's name: the second half of its id and its recording's file name.
    package var name: String
    /// Comment lines written above the name.
    package var comment: [String]
    /// A sentence for people, written as `description:`.
    package var description: String?
    /// `GET`, `POST`...
    package var method: String
    /// The path, with `{param}` placeholders.
    package var path: String
    /// A value for each placeholder of the path.
    package var params: [SpecEntry]
    /// Query parameters.
    package var query: [SpecEntry]
    /// Request headers.
    package var headers: [SpecEntry]
    /// The request body, sent as JSON.
    package var body: JSONValue?
    /// Expected status codes or classes, as written: `200`, `2xx`.
    package var status: [String]
    /// The expected content type.
    package var contentType: String?
    /// The raw body's shape.
    package var expectedBody: Shape?
    /// Comments written after a field of the body, by the field's path from the body: `email`, `address.street`.
    package var bodyFieldComments: [String: String] = [:]
    /// The policy for undeclared keys.
    package var extraKeys: ExtraKeysPolicy?
    /// The model the body decodes into.
    package var model: String?
    /// `decoding.keys` for this endpoint.
    package var keys: KeyStrategy?
    /// `decoding.dates` for this endpoint.
    package var dates: DateFormat?

    /// Creates an endpoint.
    package init(
        name: String, comment: [String] = [], description: String? = nil, method: String = "GET", path: String,
        params: [SpecEntry] = [], query: [SpecEntry] = [], headers: [SpecEntry] = [], body: JSONValue? = nil,
        status: [String] = [], contentType: String? = nil, expectedBody: Shape? = nil,
        extraKeys: ExtraKeysPolicy? = nil, model: String? = nil, keys: KeyStrategy? = nil, dates: DateFormat? = nil
    ) {
        self.name = name
        self.comment = comment
        self.description = description
        self.method = method
        self.path = path
        self.params = params
        self.query = query
        self.headers = headers
        self.body = body
        self.status = status
        self.contentType = contentType
        self.expectedBody = expectedBody
        self.extraKeys = extraKeys
        self.model = model
        self.keys = keys
        self.dates = dates
    }
}
