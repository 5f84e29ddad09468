import Testing

@testable import ContractKit

@Suite struct MediaTypeTests {
    @Test(arguments: [
        ("application/json", "application/json"),
        ("Application/JSON; charset=UTF-8", "application/json"),
        (" \ttext/html ;q=0.9", "text/html"),
        ("application/vnd.api+json", "application/vnd.api+json"),
        ("", ""),
        ("  ", ""),
        ("; charset=utf-8", ""),
        ("TEXT/ÉTÉ", "text/été"),
    ])
    func theEssenceIsTheTypeLowerCasedWithoutParameters(value: String, essence: String) {
        #expect(MediaType.essence(of: value) == essence)
    }
}
