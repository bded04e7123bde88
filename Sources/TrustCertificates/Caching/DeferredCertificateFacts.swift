import Synchronization

/// What a certificate derives only when asked: its SHA-1, whether it signed itself, Apple's subject
/// summary. One object per certificate for all three (each slot its own lock, so deciding one never
/// waits on another): a certificate is parsed for every first sight, and most are never asked.
final class DeferredCertificateFacts: Sendable {
    let sha1 = Mutex<[UInt8]?>(nil)
    let isSelfSigned = Mutex<Bool?>(nil)
    let subjectSummary = Mutex<String??>(nil)
}
