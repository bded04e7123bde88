import Foundation
import GnuTLSBridge
import Testing
import TLSClient

/// What the diagnostic GET makes of a server's answer, whole or cut short, over a real TLS stream.
@Suite struct HTTPDiagnosticRequestTests {
    /// The answer to a GET from a loopback server that sends `answer` and closes, or the error instead.
    static func answer(_ answer: String) throws -> Result<HTTPDiagnosticRequest.Response, TLSClientError> {
        let server = try TLSFixtures.server(behaviour: .respond(Array(answer.utf8)))
        defer { server.stop() }
        let connection = try TLSClient.connectBlocking(host: "127.0.0.1", port: server.port,
                                                       configuration: try TLSFixtures.configuration())
        do throws(TLSClientError) {
            return .success(try HTTPDiagnosticRequest.getBlocking(host: "localhost", on: connection, timeout: 5))
        } catch {
            return .failure(error)
        }
    }

    @Test func aWholeAnswerIsItsStatusHeadersAndBody() throws {
        let response = try Self.answer("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello").get()
        #expect(response.statusCode == 200)
        #expect(response.headers.map(\.name) == ["Content-Length", "Connection"])
        #expect(response.body == Array("hello".utf8))
    }

    @Test func anAnswerWithoutALengthEndsAtTheClose() throws {
        let response = try Self.answer("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil the close").get()
        #expect(response.body == Array("until the close".utf8))
    }

    @Test func bytesPastTheDeclaredLengthAreNotTheBody() throws {
        let response = try Self.answer("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokAND MORE").get()
        #expect(response.body == Array("ok".utf8))
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\nonly 14 bytes.",
         "the server closed the connection after 14 of the 100 body bytes its headers declare"),
        ("HTTP/1.1 200 OK\r\nContent-Len", "the server closed the connection after 28 bytes, before the end of the headers"),
        ("", "the server closed the connection without answering"),
    ])
    func anAnswerCutShortIsTruncatedNotAResponse(answer: String, problem: String) throws {
        guard case .failure(let error) = try Self.answer(answer) else {
            Issue.record("a truncated answer was read as a response")
            return
        }
        #expect(error.code == "http.truncated")
        #expect(error.errorDescription == "truncated HTTP response: " + problem)
    }

    @Test func aContentLengthThatIsNoNumberIsMalformed() throws {
        guard case .failure(let error) = try Self.answer("HTTP/1.1 200 OK\r\nContent-Length: lots\r\n\r\nok") else {
            Issue.record("an answer with a bad Content-Length was read as a response")
            return
        }
        #expect(error.code == "http.malformed")
        #expect(error.errorDescription == "malformed HTTP response: bad Content-Length \"lots\"")
    }
}
