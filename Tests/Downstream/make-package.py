#!/usr/bin/env python3
"""Writes .build/downstream: a package that depends on TrustCheck by path, as a user's package would, with
one executable target per ```swift block of README.md and docs/*.md that begins with an `import` line, copied
verbatim into Sources/ExampleN/main.swift. Blocks that do not begin with an import are snippets and are skipped.
The dependency on TrustCheck is the README's own package line (the block that begins `// Package.swift`), its
path pointed at a link to this checkout under another folder name: the line must work whatever a user's clone
is called.

Each target depends on the products its import lines name, found in TrustCheck's Package.swift; an import
of a module that is neither a library product nor a toolchain module fails here, naming the block, since a
user could not import it either. `make downstream-check` runs this, then builds the package (without running
it: the examples name files and hosts that do not exist).
"""

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCUMENTS = [README] + sorted((ROOT / "docs").glob("*.md"))
OUTPUT = ROOT / ".build" / "downstream"

# Stand-ins for other packages' modules an example imports beside TrustCheck's, declaring the names that meet
# TrustCheck's (swift-certificates cannot be fetched here): module -> its Swift source.
STAND_INS = {
    "X509": "// swift-certificates' names that TrustCheck's modules also declare.\n"
            "public struct Certificate: Sendable {}\n"
            "public struct CertificateStore: Sendable { public init() {} }\n",
}

# Modules that come with the Swift toolchain rather than with TrustCheck.
TOOLCHAIN_MODULES = {"Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
                     "Glibc", "Synchronization"}


def library_products(manifest: str) -> dict[str, str]:
    """Module name -> the library product that vends it, from `.library(name: "P", targets: ["M", ...])`."""
    products = {}
    for name, targets in re.findall(r'\.library\(\s*name:\s*"([^"]+)",\s*targets:\s*\[([^\]]*)\]', manifest):
        for module in re.findall(r'"([^"]+)"', targets):
            products.setdefault(module, name)
    return products


def swift_blocks(markdown: str, document: str) -> list[tuple[int, str]]:
    """Every ```swift block: (the line number of its opening fence, its text)."""
    blocks, lines, start = [], markdown.splitlines(keepends=True), None
    for number, line in enumerate(lines, start=1):
        if start is None and line.rstrip() == "```swift":
            start = number
        elif start is not None and line.rstrip() == "```":
            blocks.append((start, "".join(lines[start:number - 1])))
            start = None
    if start is not None:
        sys.exit(f"make-package: {document} line {start}: the ```swift block is never closed")
    return blocks


def imports(code: str) -> list[str]:
    return re.findall(r"^import\s+(\w+)\s*$", code, flags=re.MULTILINE)


def readme_package_line() -> str:
    """The `.package(...)` of the README's Package.swift fragment, which must name the package: with a path
    alone, SwiftPM takes the package's identity from the clone's folder name."""
    for line, code in swift_blocks(README.read_text(), "README.md"):
        if code.startswith("// Package.swift"):
            found = re.search(r'\.package\(name:\s*"TrustCheck",\s*path:\s*"[^"]*"\)', code)
            if not found:
                sys.exit(f"make-package: README.md line {line}: the Package.swift fragment has no "
                         f'.package(name: "TrustCheck", path: ...)')
            return found.group(0)
    sys.exit("make-package: README.md has no ```swift block that begins with // Package.swift")


def main() -> None:
    products = library_products((ROOT / "Package.swift").read_text())
    examples = []  # (target name, where, code, products)
    for document in DOCUMENTS:
        where = document.relative_to(ROOT)
        for line, code in swift_blocks(document.read_text(), str(where)):
            if not code.startswith("import "):
                print(f"make-package: {where} line {line}: skipped (a snippet, it does not begin with an import)")
                continue
            needed = []
            for module in imports(code):
                if module in TOOLCHAIN_MODULES:
                    continue
                if module in STAND_INS:
                    needed.append(module)
                    continue
                if module not in products:
                    sys.exit(f"make-package: {where} line {line} imports {module}, which is not a library product "
                             f"of TrustCheck's Package.swift")
                if products[module] not in needed:
                    needed.append(products[module])
            name = f"Example{len(examples) + 1}"
            examples.append((name, f"{where} line {line}", code, needed))
            print(f"make-package: {where} line {line}: {name} ({', '.join(needed) or 'no TrustCheck product'})")
    if not examples:
        sys.exit("make-package: no ```swift block that begins with an import: nothing to build")
    package_line = readme_package_line()

    # Only the generated files are replaced: .build/downstream/.build, where SwiftPM builds this package and
    # TrustCheck's modules in it, is kept, so a second run builds incrementally.
    OUTPUT.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(OUTPUT / "Sources", ignore_errors=True)
    # The checkout under a folder name unlike the package's, as a user's clone may be called.
    clone = OUTPUT / "a-clone-named-otherwise"
    if clone.is_symlink() or clone.exists():
        clone.unlink()
    clone.symlink_to(ROOT, target_is_directory=True)
    clone_line = re.sub(r'path:\s*"[^"]*"', f'path: "{clone}"', package_line)
    targets = []
    for name, where, code, needed in examples:
        source = OUTPUT / "Sources" / name
        source.mkdir(parents=True)
        (source / "main.swift").write_text(code)
        dependencies = ", ".join(f'"{product}"' if product in STAND_INS else
                                 f'.product(name: "{product}", package: "TrustCheck")' for product in needed)
        # MemberImportVisibility, as TrustCheck's own targets: an example must import every module it uses.
        targets.append(f'        // {where}\n'
                       f'        .executableTarget(name: "{name}", dependencies: [{dependencies}],\n'
                       f'                         swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),\n')
    for module, source in STAND_INS.items():
        (OUTPUT / "Sources" / module).mkdir(parents=True)
        (OUTPUT / "Sources" / module / f"{module}.swift").write_text(source)
        targets.append(f'        .target(name: "{module}"),\n')
    (OUTPUT / "Package.swift").write_text(
        "// swift-tools-version:6.0\n"
        "// Generated by Tests/Downstream/make-package.py from README.md and docs/: their examples, built as a user\n"
        "// builds them, with the README's package line.\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        '    name: "ReadmeExamples",\n'
        "    platforms: [.macOS(.v13)],\n"
        f"    dependencies: [{clone_line}],\n"
        "    targets: [\n" + "".join(targets) + "    ]\n"
        ")\n")
    print(f"make-package: {len(examples)} examples in {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
