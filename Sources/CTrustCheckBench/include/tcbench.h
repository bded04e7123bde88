#ifndef TCBENCH_H
#define TCBENCH_H

/* The benchmark's raw-GnuTLS side: deterministic certificate issuance for the corpus, and GnuTLS's own
   path validation (gnutls_x509_trust_list_verify_crt2 with the host name and serverAuth purpose) as the
   baseline TrustCheck is measured against. Only trustcheck-bench links this. */

#include <stddef.h>
#include <stdint.h>
#include <time.h>

typedef struct tcb_key tcb_key;
typedef struct tcb_trust_list tcb_trust_list;

/* Pins GnuTLS's clock (gnutls_global_set_time_function, process-wide) to `at`: in GnuTLS 3.7.9 the only way
   to give verify_crt2 a verification time. Call once, before any thread verifies. */
void tcb_set_verification_time(time_t at);

/* A private key from PKCS#8 PEM. NULL on error. */
tcb_key *tcb_key_import_pem(const char *pem, size_t length);
void tcb_key_free(tcb_key *key);

/* What one certificate says. issuer_der NULL means self-signed by `key`. dns_name non-NULL makes a TLS
   server leaf (SAN dNSName, EKU serverAuth, digitalSignature); otherwise a CA (path_length < 0: none). */
typedef struct {
    const char *common_name;
    const char *organization;
    uint64_t serial;
    time_t not_before;
    time_t not_after;
    int path_length;
    const char *dns_name;
    int with_key_identifiers;
} tcb_certificate_spec;

/* Issues a certificate for `subject_key`, signed by `issuer_key` (whose certificate is issuer_der, or
   itself when NULL). Returns 0 and a malloc'd DER in *out (free with tcb_free), or a GnuTLS error. */
int tcb_issue(const tcb_certificate_spec *spec, const tcb_key *subject_key, const uint8_t *issuer_der,
              size_t issuer_length, const tcb_key *issuer_key, uint8_t **out, size_t *out_length);
void tcb_free(void *p);

/* A GnuTLS trust list of anchors. */
tcb_trust_list *tcb_trust_list_new(void);
/* Adds one DER certificate as an anchor: imports it and gnutls_x509_trust_list_add_cas (which owns it). */
int tcb_trust_list_add(tcb_trust_list *list, const uint8_t *der, size_t length);
void tcb_trust_list_free(tcb_trust_list *list);

/* GnuTLS's verdict on a presented chain (leaf first, DER): imports every certificate, then
   gnutls_x509_trust_list_verify_crt2 for `host` and serverAuth. Returns the verify status (0 = trusted),
   or a negative GnuTLS error from import or verify. */
long tcb_verify(const tcb_trust_list *list, const uint8_t *const *ders, const size_t *lengths, unsigned count,
                const char *host);

#endif
