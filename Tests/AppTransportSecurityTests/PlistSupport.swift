import AppTransportSecurity
import Foundation

/// An XML property list whose top dictionary holds `body` (XML `<key>`/value pairs).
func plist(_ body: String) -> Data {
    Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>\(body)</dict></plist>
        """.utf8)
}

/// An Info.plist whose NSAppTransportSecurity dictionary holds `body`.
func infoPlist(ats body: String) -> Data {
    plist("<key>CFBundleIdentifier</key><string>com.example.app</string><key>NSAppTransportSecurity</key><dict>\(body)</dict>")
}

/// One `NSExceptionDomains` entry.
func exception(_ domain: String, _ body: String) -> String {
    "<key>NSExceptionDomains</key><dict><key>\(domain)</key><dict>\(body)</dict></dict>"
}

/// The configuration of an Info.plist with this ATS body.
func configuration(_ body: String) throws -> ATSConfiguration {
    try ATSConfiguration(propertyList: infoPlist(ats: body))
}

/// A fixture file of this target.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}
