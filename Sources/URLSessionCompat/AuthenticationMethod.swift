/// The authentication method of a server-trust challenge: the server's certificate chain is to be judged.
public let NSURLAuthenticationMethodServerTrust = "NSURLAuthenticationMethodServerTrust"
/// The method of a challenge that does not name one.
public let NSURLAuthenticationMethodDefault = "NSURLAuthenticationMethodDefault"
/// HTTP basic authentication.
public let NSURLAuthenticationMethodHTTPBasic = "NSURLAuthenticationMethodHTTPBasic"
/// HTTP digest authentication.
public let NSURLAuthenticationMethodHTTPDigest = "NSURLAuthenticationMethodHTTPDigest"
/// HTML form authentication.
public let NSURLAuthenticationMethodHTMLForm = "NSURLAuthenticationMethodHTMLForm"
/// NTLM authentication.
public let NSURLAuthenticationMethodNTLM = "NSURLAuthenticationMethodNTLM"
/// Negotiate (Kerberos or NTLM) authentication.
public let NSURLAuthenticationMethodNegotiate = "NSURLAuthenticationMethodNegotiate"
/// A client certificate is asked for.
public let NSURLAuthenticationMethodClientCertificate = "NSURLAuthenticationMethodClientCertificate"

/// The protocol of an HTTP protection space.
public let NSURLProtectionSpaceHTTP = "http"
/// The protocol of an HTTPS protection space (every server-trust challenge).
public let NSURLProtectionSpaceHTTPS = "https"
/// The protocol of an FTP protection space.
public let NSURLProtectionSpaceFTP = "ftp"
