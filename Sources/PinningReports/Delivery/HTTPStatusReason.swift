/// The reason phrases of the statuses a report endpoint typically answers with, for messages only
/// (FoundationNetworking's `HTTPURLResponse.localizedString(forStatusCode:)` is not in every toolchain).
enum HTTPStatusReason {
    static func text(for status: Int) -> String {
        switch status {
        case 300...399: return "(redirection not followed)"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return ""
        }
    }
}
