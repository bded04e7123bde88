import Foundation

// CFArray.h functions as Swift imports them (not nullability-audited: `CFArray!` parameters, an
// `UnsafeRawPointer!` element), for the iOS pinning loop over SecTrustCopyCertificateChain:
//
//   let chain = SecTrustCopyCertificateChain(trust)
//   for i in 0..<CFArrayGetCount(chain) {
//       let certificate = unsafeBitCast(CFArrayGetValueAtIndex(chain, i), to: SecCertificate.self)
//
// This works on Linux because the SecTrustCompat types are Swift classes, whose references are plain
// pointers exactly like CF objects: the raw pointer is the element's unretained object reference (Apple's Get
// rule), valid while the array holds the element. Elements that are values on Linux — the dictionaries of
// SecTrustCopyProperties, strings, data — have no stable address, so for them the result is nil: read those
// with `chain[i]` or `as? [...]` instead (casting nil with unsafeBitCast would crash, as an out-of-range index
// does on Apple).

/// The number of elements; 0 for nil (undefined on Apple).
@discardableResult
public func CFArrayGetCount(_ theArray: CFArray!) -> CFIndex {
    theArray?.count ?? 0
}

/// The element at `idx` as an unretained object pointer; nil when `idx` is out of range (undefined on Apple)
/// or the element is not an object (see above).
@discardableResult
public func CFArrayGetValueAtIndex(_ theArray: CFArray!, _ idx: CFIndex) -> UnsafeRawPointer! {
    guard let theArray, theArray.indices.contains(idx) else { return nil }
    let element = theArray[idx]
    guard type(of: element) is AnyObject.Type else { return nil }
    return UnsafeRawPointer(Unmanaged.passUnretained(element as AnyObject).toOpaque())
}
