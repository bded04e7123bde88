/// The fields of TrustKit's pin-failure report JSON, under TrustKit's names: written by
/// `TrustKitPinFailureReport.jsonData()`, read by the report collector's decoder.
package enum TrustKitReportField: String, CodingKey {
    case appBundleID = "app-bundle-id", appVersion = "app-version", appPlatform = "app-platform"
    case appPlatformVersion = "app-platform-version", appVendorID = "app-vendor-id"
    case trustKitVersion = "trustkit-version", dateTime = "date-time", hostname, port
    case notedHostname = "noted-hostname", includeSubdomains = "include-subdomains"
    case enforcePinning = "enforce-pinning", validatedCertificateChain = "validated-certificate-chain"
    case knownPins = "known-pins", validationResult = "validation-result"
    case knownPinsExpirationDate = "known-pins-expiration-date"
}
