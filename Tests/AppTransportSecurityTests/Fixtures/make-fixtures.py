#!/usr/bin/env python3
"""Writes the binary-plist fixture of ATSConfigurationTests (plistlib, deterministic: same bytes each run)."""
import os
import plistlib

here = os.path.dirname(os.path.abspath(__file__))
info = {
    "CFBundleIdentifier": "com.example.app",
    "NSAppTransportSecurity": {
        "NSExceptionDomains": {
            "legacy.example.com": {
                "NSExceptionMinimumTLSVersion": "TLSv1.1",
                "NSExceptionRequiresForwardSecrecy": False,
            },
        },
    },
}
with open(os.path.join(here, "Info-binary.plist"), "wb") as f:
    plistlib.dump(info, f, fmt=plistlib.FMT_BINARY, sort_keys=True)
