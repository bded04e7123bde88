import XCTest
import AlamofireCompat
