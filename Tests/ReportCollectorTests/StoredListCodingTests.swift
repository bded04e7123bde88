import Foundation
@testable import ReportCollector
import Testing

@Suite struct StoredListCodingTests {
    @Test func listsRoundTripThroughTheirJSONText() throws {
        let lists: [[String]] = [[], [""], ["-----BEGIN CERTIFICATE-----\nAB\r\nCD\n-----END CERTIFICATE-----"],
                                 ["quote \" backslash \\ slash /", "tab\tbell\u{07}nul\u{00}", "é 🔐 \u{202E}"]]
        for list in lists {
            let text = StoredListCoding.encode(list)
            #expect(StoredListCoding.decode(text) == list, "\(text)")
            #expect((try JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String] == list)
        }
        #expect(StoredListCoding.encode(["a\"b"]) == #"["a\"b"]"#)
        #expect(StoredListCoding.decode("not json") == nil)
        #expect(StoredListCoding.decode("[1]") == nil)
    }
}
