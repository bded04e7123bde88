#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// write(2) to an open descriptor until every byte is written: the one loop behind `OutputFile` and the
/// commands' standard output and error (what `FileHandle.write` did, without swift-corelibs Foundation,
/// which `trustcheck` does not link). A pipe or terminal may take fewer bytes than offered;
/// EINTR is retried.
public enum DescriptorWriter {
    /// 0 once every byte is written, else the errno that stopped it (EPIPE for a closed pipe), the rest
    /// unwritten.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard var next = bytes.baseAddress else { return 0 }
        var left = bytes.count
        while left > 0 {
            let written = write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            next += written
            left -= written
        }
        return 0
    }

    /// The text's UTF-8, straight from the string's storage (no `Data` copy).
    public static func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
