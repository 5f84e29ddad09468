import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Credentials in a document's examples and defaults never reach the spec files: they become `${NAME}` variables.
@Suite struct OpenAPISecretsTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Secrets, version: '1'}
        paths:
          /login/{session_token}:
            post:
              operationId: login
              parameters:
                - {name: session_token, in: path, required: true, schema: {type: string}, example: st_PATHSECRET}
                - {name: Authorization, in: header, required: true, schema: {type: string},
                   example: Bearer sk_live_HEADEREXAMPLE}
                - {name: api_key, in: query, required: true, schema: {type: string, default: sk_live_QUERYDEFAULT}}
                - name: X-Client-Secret
                  in: header
                  required: true
                  schema: {type: string}
                  examples: {one: {value: sk_live_EXAMPLES}}
                - {name: X-Trace, in: header, required: true, schema: {type: string}, example: ghp_VALUEONLYSECRET}
                - {name: page, in: query, required: true, schema: {type: integer}, example: 3}
              requestBody:
                content:
                  application/json:
                    example:
                      user: ada
                      password: sk_live_BODYPW
                      nested: {client_secret: cs_NESTEDSECRET, pin_code: 1234}
                      note: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl
              responses:
                '200': {description: ok}
        """

    static let secrets = [
        "st_PATHSECRET", "sk_live_HEADEREXAMPLE", "sk_live_QUERYDEFAULT", "sk_live_EXAMPLES", "ghp_VALUEONLYSECRET",
        "sk_live_BODYPW", "cs_NESTEDSECRET", "eyJhbGciOiJIUzI1NiJ9",
    ]

    @Test func noSecretValueIsWrittenAndEachBecomesAVariable() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.document.write(toFile: folder + "/sec.yaml", atomically: true, encoding: .utf8)
        let result = try OpenAPIImporter().importDocument(at: folder + "/sec.yaml")
        let paths = try result.write(into: folder + "/out").paths
        #expect(!paths.isEmpty)
        var written = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/out") {
            written += try #require(FileManager.default.contents(atPath: folder + "/out/" + name))
        }
        written += Data(result.problems.map { "\($0)" }.joined(separator: "\n").utf8)
        let text = String(decoding: written, as: UTF8.self)
        for secret in Self.secrets {
            #expect(!text.contains(secret), "\(secret) was written")
        }
        for reference in [
            "Bearer ${AUTHORIZATION}", "${API_KEY}", "${X_CLIENT_SECRET}", "${X_TRACE}", "${SESSION_TOKEN}",
            "${PASSWORD}", "${CLIENT_SECRET}", "Bearer ${NOTE}",
        ] {
            #expect(text.contains(reference), "\(reference) missing")
        }
        #expect(text.contains("set the environment variable AUTHORIZATION"))
        #expect(text.contains("PASSWORD, CLIENT_SECRET"))
        // What is not secret is kept as the document gives it.
        #expect(text.contains("ada") && (text.contains("page: 3") || text.contains("page: \"3\"")))

        let imported = try ImportedSuite(path: folder + "/sec.yaml")
        #expect(imported.endpoint("login") != nil)
    }

    @Test func aVariableReferenceInTheDocumentsExamplesIsSentAsTextNotFilledFromTheEnvironment() throws {
        // A document from elsewhere could name any variable of the machine that records; what it says is text.
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.3
                info: {title: Echo, version: '1'}
                paths:
                  /notes/${LEAKME}/{id}:
                    post:
                      operationId: addNote
                      parameters:
                        - {name: id, in: path, required: true, schema: {type: string}, example: 'a${LEAKME}'}
                        - {name: q, in: query, required: true, schema: {type: string}, example: '${LEAKME}'}
                        - {name: X-Note, in: header, required: true, schema: {type: string}, example: '${LEAKME}'}
                      requestBody:
                        content:
                          application/json:
                            example: {note: '${LEAKME}', list: ['$${LEAKME}', 'x ${LEAKME} y'], deep: {n: '${LEAKME}'}}
                      responses:
                        '200': {description: ok}
                """)
        let endpoint = try #require(imported.endpoint("add-note"))
        #expect(
            imported.text.contains(
                "# the path's '{LEAKME}' follows a '$', which a spec cannot write before a parameter: it is sent as the text '${LEAKME}'"
            ), "\(imported.text)")
        let prepared = try RequestBuilder(baseURL: "http://127.0.0.1:9", environment: ["LEAKME": "leaked-value"])
            .prepare(endpoint)
        let sent =
            prepared.url.absoluteString + prepared.headers.map { "\($0.name): \($0.value)" }.joined()
            + String(decoding: prepared.body ?? Data(), as: UTF8.self)
        #expect(!sent.contains("leaked-value"))
        #expect(
            try JSONParser().parse([UInt8](prepared.body ?? Data()))
                == TestSuites.json(
                    #"{"note": "${LEAKME}", "list": ["$${LEAKME}", "x ${LEAKME} y"], "deep": {"n": "${LEAKME}"}}"#))
        #expect(prepared.headers.contains(Recording.Header(name: "X-Note", value: "${LEAKME}")))
        #expect(prepared.url.absoluteString.hasPrefix("http://127.0.0.1:9/notes/$%7BLEAKME%7D/a$%7BLEAKME%7D?"))
    }

    @Test func theServersCredentialsAreLeftOutOfTheSpecsComment() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.3
                info: {title: Server, version: '1'}
                servers:
                  - url: https://admin:SECRETPW1@api.example.com/v1?api_key=SECRETQ2&region=eu
                paths:
                  /ping:
                    get:
                      responses:
                        '200': {description: ok}
                """)
        #expect(!imported.text.contains("SECRETPW1") && !imported.text.contains("SECRETQ2"), "\(imported.text)")
        #expect(
            imported.text.contains(
                "# The document's server: https://<redacted>@api.example.com/v1?api_key=<redacted>&region=eu"),
            "\(imported.text)")
    }
}
