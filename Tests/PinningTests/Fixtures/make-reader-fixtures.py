#!/usr/bin/env python3
"""Writes reader-sample.plist (XML) and reader-sample-binary.plist (bplist00): every property list type
the configuration readers take, for PropertyListReaderTests to compare with Foundation's reader."""
import datetime, plistlib, os

here = os.path.dirname(os.path.abspath(__file__))
sample = {
    "string": "plain",
    "entities": "<a> & \"b\" 'c'",
    "unicode": "h\u00e9llo \u2603 \U0001F600",
    "empty": "",
    "integer": 42,
    "negative": -7,
    "large": 2**62,
    "smallest": -2**63,
    "real": 3.25,
    "date": datetime.datetime(2026, 1, 1, 12, 30, 5),
    "data": bytes(range(40)),
    "true": True,
    "false": False,
    "array": [1, "two", [3.5, False], {}],
    "emptyArray": [],
    "nested": {"TSKPinnedDomains": {"example.com": {"TSKEnforcePinning": True, "TSKPublicKeyHashes": ["a", "b"]}}},
    "shared": ["same", "same", "same"],
}
with open(os.path.join(here, "reader-sample.plist"), "wb") as f:
    plistlib.dump(sample, f, fmt=plistlib.FMT_XML)
with open(os.path.join(here, "reader-sample-binary.plist"), "wb") as f:
    plistlib.dump(sample, f, fmt=plistlib.FMT_BINARY)
