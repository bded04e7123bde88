import CLibFuzzer
import Foundation

/// The `main` of every fuzz target (Fuzz/README.md).
///
/// Built with `-sanitize=fuzzer` and `-DTRUSTCHECK_FUZZING` (`Fuzz/run.sh`), it hands the arguments to libFuzzer
/// through `LLVMFuzzerRunDriver`. In the ordinary build it is a regression check instead: it runs the callback once
/// over every file of the paths given, or of the target's committed corpus and regressions when none is given,
/// so that `swift build` links every target and running one replays its inputs without libFuzzer.
public enum FuzzDriver {
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs the target `name` (its folders are Fuzz/Corpus/<name> and Fuzz/Regressions/<name>); `source` is
    /// the caller's `#filePath`, which locates those folders in the checkout.
    public static func main(name: String, source: String = #filePath, _ callback: Callback) -> Never {
        #if TRUSTCHECK_FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
        #else
        var paths = Array(CommandLine.arguments.dropFirst())
        if paths.isEmpty {
            let fuzz = URL(fileURLWithPath: source).deletingLastPathComponent().deletingLastPathComponent()
            paths = ["Corpus", "Regressions"].map { fuzz.appendingPathComponent($0).appendingPathComponent(name).path }
        }
        var count = 0
        for file in paths.flatMap(files) {
            guard let bytes = FileManager.default.contents(atPath: file).map(Array.init) else {
                FileHandle.standardError.write(Data("\(name): cannot read \(file)\n".utf8))
                exit(1)
            }
            _ = bytes.withUnsafeBufferPointer { callback($0.baseAddress, $0.count) }
            count += 1
        }
        print("\(name): \(count) inputs run without the fuzzer (build with Fuzz/run.sh to fuzz)")
        exit(0)
        #endif
    }

    /// The regular files at `path`: the file itself, or a folder's files (recursively), sorted.
    static func files(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let names = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
        return names.sorted().map { path + "/" + $0 }.filter {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &folder) && !folder.boolValue && !$0.hasSuffix("/.keep")
        }
    }

    /// The bytes of a libFuzzer input, copied.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
