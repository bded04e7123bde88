import Foundation

// CFData.h functions as Swift imports them, for pinning code that hashes a key or a certificate's DER through
// CF calls. CFData is Data here (see CoreFoundationCompat.swift), a value without a stable address, so
// CFDataGetBytePtr cannot hand out a pointer that outlives the call; it is declared unavailable with the
// replacement, rather than returning a pointer that dangles.

/// The number of bytes; 0 for nil (undefined on Apple).
@discardableResult
public func CFDataGetLength(_ theData: CFData!) -> CFIndex {
    theData?.count ?? 0
}

/// A CFData holding a copy of `length` bytes at `bytes`; an empty one for a null pointer or a non-positive
/// length.
@discardableResult
public func CFDataCreate(_ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex) -> CFData! {
    guard let bytes, length > 0 else { return Data() }
    return Data(bytes: bytes, count: length)
}

/// Unavailable: a CFData is a Swift Data value on Linux, whose bytes have no address outside a closure.
@available(*, unavailable, message: "CFData is Data on Linux: hash or copy its bytes inside data.withUnsafeBytes { $0.baseAddress } (e.g. CC_SHA256($0.baseAddress, CC_LONG(data.count), &digest)) instead")
public func CFDataGetBytePtr(_ theData: CFData!) -> UnsafePointer<UInt8>! {
    fatalError("unavailable")
}
