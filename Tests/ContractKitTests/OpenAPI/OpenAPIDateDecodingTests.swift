import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// An imported endpoint decodes every date its schema declares: a model built for it reads them with the
/// endpoint's `decoding.dates`, so epochs and dates beside date-times need a strategy that reads them all.
@Suite struct OpenAPIDateDecodingTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Dates, version: "1" }
        paths:
          /events:
            get:
              operationId: listEvents
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [at, day, created]
                        properties:
                          at: { type: string, format: date-time }
                          day: { type: string, format: date }
                          created: { $ref: "#/components/schemas/Stamp" }
          /stamps:
            get:
              operationId: listStamps
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Stamp" }
          /plain:
            get:
              operationId: plain
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties: { at: { type: string, format: date-time } }
        components:
          schemas:
            Stamp: { type: integer, format: unix-time }
        """

    struct Event: Decodable {
        var at: Date
        var day: Date
        var created: Date
    }

    @Test func eachEndpointGetsTheDateStrategyItsDatesNeed() throws {
        let imported = try ImportedSuite(document: Self.document)
        #expect(imported.endpoint("list-events")?.decoding.dates == .flexible)
        #expect(imported.endpoint("list-stamps")?.decoding.dates == .secondsSince1970)
        #expect(imported.endpoint("plain")?.decoding.dates == .iso8601)
        #expect(imported.text.contains("dates: flexible"), "\(imported.text)")
    }

    @Test func theStrategyChosenReadsEveryDateOfASample() throws {
        let imported = try ImportedSuite(document: Self.document)
        let endpoint = try #require(imported.endpoint("list-events"))
        let body = #"{"at": "2026-11-20T10:00:00Z", "day": "2026-11-20", "created": 1763632800}"#
        #expect(imported.check(TestSuites.json(body), against: "list-events").isEmpty)
        let event = try endpoint.decoding.makeDecoder().decode(Event.self, from: Data(body.utf8))
        #expect(event.created == Date(timeIntervalSince1970: 1_763_632_800))
    }
}
