import HTTPServerBridge

/// The collector's HTTP answers: JSON bodies (`CollectorJSON`) and the error shape
/// `{"error": {"code", "message"}}`.
enum CollectorResponse {
    static func json(status: Int = 200, _ value: some Encodable) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                                               HTTPHeader(name: "Cache-Control", value: "no-store")],
                     body: Array(CollectorJSON.encode(value)))
    }

    static func error(status: Int, code: String, message: String) -> HTTPResponse {
        json(status: status, ErrorJSON(error: .init(code: code, message: message)))
    }

    private struct ErrorJSON: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }
        let error: Detail
    }
}
