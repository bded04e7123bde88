#!/usr/bin/env python3
"""Writes wbond/certvalidator's encoding of NIST PKITS in the format of pyhanko-certvalidator's pkits.json
(which `trustcheck pkits --cases` and PKITSSuiteTests read), from a checkout of certvalidator, which is not
redistributed here:

    python3 certvalidator-pkits.py CHECKOUT/tests/test_validate.py > .build/pkits/certvalidator-pkits.json

PKITSSuiteTests and PKITSCommandTests run it from there (or from $TRUSTCHECK_CERTVALIDATOR_PKITS) and skip
without it. Read from test_validate.py (commit dff539af0919b6eb9cecf7d9a5180bf1826c8770 gives 174 cases):
the cases of ValidateTests.nist_info and the hand-built test_nist_* cases. Per nist_info tuple (name, cert,
other_certs, crls, path_len, require_rev, exception class, message): "id" is the name's first five digits
and "name" the rest; "cert", "other_certs", "crls", "path_len" as given; "revocation" is require_rev
(certvalidator's "require"; false: its "hard-fail"); "error" is {"class", "msg_regex"} when an exception
is expected. The hand-built cases fix their path in advance: their intermediates are also
"path_intermediates", and they run without revocation checking (certvalidator's default "soft-fail").
The trust anchor (TrustAnchorRootCertificate.crt) and its CRL are implicit, as in both projects' runners;
the certificates and CRLs are pyhanko-certvalidator's (`make pkits-fetch`), the same NIST PKITS files."""
import ast
import json
import re
import sys


def literal(node):
    # The exception classes are names (PathValidationError, RevokedError); everything else is a literal.
    return node.id if isinstance(node, ast.Name) else ast.literal_eval(node)


def main(path):
    source = open(path).read()
    tree = ast.parse(source)
    cases = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        if node.name == "nist_info":
            for entry in node.body[0].value.elts:
                name, cert, others, crls, path_len, require, error, message = map(literal, entry.elts)
                case = {"id": name[:5], "name": name[6:], "cert": cert, "other_certs": others, "crls": crls,
                        "path_len": path_len, "revocation": require}
                if error:
                    case["error"] = {"class": error, "msg_regex": message}
                cases.append(case)
        elif node.name.startswith("test_nist_"):
            # The hand-built paths: the EE, the intermediates it prepends, the CRLs and the expected message.
            body = ast.get_source_segment(source, node)
            name = node.name[len("test_nist_"):]
            others = [f for f in re.findall(r"_load_nist_cert\('([^']+)'\)", body) if f != "TrustAnchorRootCertificate.crt"]
            message = "".join(re.findall(r"'([^']*)'", re.search(r"expected = \((.*?)\)", body, re.S).group(1)))
            cases.append({
                "id": name[:5], "name": name[6:],
                "cert": re.search(r"'nist_pkits', 'certs', '([^']+)'", body).group(1),
                "other_certs": others,
                "crls": [f for f in re.findall(r"_load_nist_crl\('([^']+)'\)", body) if f != "TrustAnchorRootCRL.crl"],
                "path_len": int(re.search(r"assertEqual\((\d+), len\(path\)\)", body).group(1)),
                "path_intermediates": others, "revocation": False,
                "error": {"class": "PathValidationError", "msg_regex": message}})
    json.dump(sorted(cases, key=lambda case: case["id"]), sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
