import Foundation

// CFData.h functions as Swift imports them, for pinning code that reads a key or a certificate's DER through
// CF calls, as the classic certificate-pinning delegate does:
//
//   let serverCertificateData = SecCertificateCopyData(serverCertificate)
//   let data = CFDataGetBytePtr(serverCertificateData)
//   let size = CFDataGetLength(serverCertificateData)
//   let cert1 = NSData(bytes: data, length: size)

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

/// The address of the bytes, under Apple's Get rule: valid while the CFData it was given lives unmodified.
///
/// A CFData is a Data value on Linux (CoreFoundationCompat.swift). A Data of more than
/// `MemoryLayout<Data>.size` bytes keeps them in storage on the heap, shared by every copy, so the address
/// stays valid while the caller's variable holds the data — as the CFData's own would on Apple. Shorter data is
/// stored inside the value itself and has no address outside a closure: for it the program stops with a
/// message (certificates, keys and digests are all longer). Hash inside `data.withUnsafeBytes` where the code
/// can be changed.
public func CFDataGetBytePtr(_ theData: CFData!) -> UnsafePointer<UInt8>! {
    guard let theData, !theData.isEmpty else { return nil }
    precondition(theData.count > MemoryLayout<Data>.size,
                 "CFDataGetBytePtr of \(theData.count) bytes: on Linux a CFData (Data) this short has no stable address; read it in data.withUnsafeBytes")
    // The heap storage's address (withUnsafeBytes hands out the storage's bytes for data this long, not a copy).
    return theData.withUnsafeBytes { $0.baseAddress?.assumingMemoryBound(to: UInt8.self) }
}
