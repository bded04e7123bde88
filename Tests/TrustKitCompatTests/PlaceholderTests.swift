import XCTest
import TrustKitCompat
