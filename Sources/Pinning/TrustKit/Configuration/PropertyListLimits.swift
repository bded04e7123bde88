/// The budgets of `PropertyListValue`'s readers. Every document they read is bounded by them whatever its
/// bytes say, so a hostile configuration costs time and memory linear in its size and cannot exhaust the
/// stack (the readers keep their own stacks, no recursion on the input's nesting).
package enum PropertyListLimits {
    /// The deepest nesting of arrays and dictionaries accepted (the root container is level 1).
    ///
    /// Where it comes from: the deepest configuration read here is a TrustKit configuration inside an
    /// Info.plist — root, `TSKConfiguration`, `TSKPinnedDomains`, the domain, `TSKPublicKeyHashes`: 5 levels
    /// (pinning-libraries.md §1); an ATS Info.plist is as deep (`NSAppTransportSecurity` →
    /// `NSPinnedDomains` → domain → `NSPinnedCAIdentities` → identity, apple-sectrust.md §6.3). 64 is more
    /// than ten times that and still small enough for code that walks the decoded tree recursively
    /// (`untyped`, the tree's own deinitialisation) to stay within any thread's stack.
    package static let maximumDepth = 64

    /// The most values (containers, keys' values and scalars, each counted once per place it appears in
    /// the decoded tree) one document may decode to.
    ///
    /// Where it comes from: a TrustKit configuration has tens to hundreds of values and large apps'
    /// Info.plists a few thousand; 100,000 leaves a wide margin above both. In XML and JSON every value
    /// takes bytes of its own, so the cap only stops absurd files; in a binary plist an object may be
    /// referenced from many places, and this cap is what stops a small file of shared references from
    /// decoding to an exponentially large tree (each decoded node is counted, not each stored object).
    package static let maximumObjects = 100_000
}
