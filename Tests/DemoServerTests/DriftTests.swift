import ContractKit
import ContractTestSupport
import Testing

@testable import DemoServer

struct DriftTests {
    let body = TestSuites.json(
        """
        {"users": [{"id": 1, "first_name": "Ada", "createdAt": "2026-01-10T09:30:00Z"},
                   {"id": 2, "first_name": "Grace", "createdAt": "2026-02-14T18:05:12.250Z"}],
         "AccountId": "x", "generated_at": 5}
        """)

    @Test func keyCaseFlipsSnakeAndCamelCase() {
        #expect(
            Drift.keyCase.apply(to: body)
                == TestSuites.json(
                    """
                    {"users": [{"id": 1, "firstName": "Ada", "created_at": "2026-01-10T09:30:00Z"},
                               {"id": 2, "firstName": "Grace", "created_at": "2026-02-14T18:05:12.250Z"}],
                     "account_id": "x", "generatedAt": 5}
                    """))
        #expect(Drift.flippedCase("userID") == "user_id")
        #expect(Drift.flippedCase("HTTPStatus") == "http_status")
    }

    @Test func keyedDictionaryKeysArraysOfObjectsById() {
        #expect(
            Drift.keyedDictionary.apply(to: body)
                == TestSuites.json(
                    """
                    {"users": {"1": {"id": 1, "first_name": "Ada", "createdAt": "2026-01-10T09:30:00Z"},
                               "2": {"id": 2, "first_name": "Grace", "createdAt": "2026-02-14T18:05:12.250Z"}},
                     "AccountId": "x", "generated_at": 5}
                    """))
    }

    @Test func idTypeTurnsNumericIdsIntoStrings() {
        let drifted = Drift.idType.apply(
            to: TestSuites.json(#"{"id": 7, "userId": 8, "owner_id": 9, "AccountId": "x", "count": 3}"#))
        #expect(
            drifted == TestSuites.json(#"{"id": "7", "userId": "8", "owner_id": "9", "AccountId": "x", "count": 3}"#))
    }

    @Test func dateFormatTurnsISODateTimesIntoEpochMilliseconds() {
        let drifted = Drift.dateFormat.apply(
            to: TestSuites.json(#"["2026-01-10T09:30:00Z", "2026-02-14T18:05:12.250Z", "2026-11-23", "text"]"#))
        #expect(drifted == TestSuites.json(#"[1768037400000, 1771092312250, "2026-11-23", "text"]"#))
    }

    @Test func missingFieldDropsTheFirstFieldOfEachRecordThatIsNotAnId() {
        #expect(
            Drift.missingField.apply(to: body)
                == TestSuites.json(
                    """
                    {"users": [{"id": 1, "createdAt": "2026-01-10T09:30:00Z"}, {"id": 2, "createdAt": "2026-02-14T18:05:12.250Z"}],
                     "AccountId": "x", "generated_at": 5}
                    """))
        #expect(
            Drift.missingField.apply(to: TestSuites.json(#"{"name": "A", "role": "admin"}"#))
                == TestSuites.json(#"{"role": "admin"}"#))
        #expect(
            Drift.missingField.apply(to: TestSuites.json(#"{"u1": {"name": "A", "n": 1}, "u2": {"name": "B"}}"#))
                == TestSuites.json(#"{"u1": {"n": 1}, "u2": {}}"#))
    }

    @Test func envelopeWrapsTheBody() {
        #expect(Drift.envelope.apply(to: TestSuites.json("[1]")) == TestSuites.json(#"{"data": [1]}"#))
    }
}
