#include "tcbench.h"

#include <gnutls/abstract.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <stdlib.h>
#include <string.h>

struct tcb_key {
    gnutls_x509_privkey_t x509;
    gnutls_privkey_t privkey;
    gnutls_pubkey_t pubkey;
};

struct tcb_trust_list {
    gnutls_x509_trust_list_t list;
};

/* Written once by tcb_set_verification_time before any verification thread starts; read by GnuTLS. */
static time_t verification_time;

static time_t fixed_time(time_t *t) {
    if (t) *t = verification_time;
    return verification_time;
}

void tcb_set_verification_time(time_t at) {
    verification_time = at;
    gnutls_global_set_time_function(fixed_time);
}

void tcb_key_free(tcb_key *key) {
    if (!key) return;
    if (key->pubkey) gnutls_pubkey_deinit(key->pubkey);
    if (key->privkey) gnutls_privkey_deinit(key->privkey);
    if (key->x509) gnutls_x509_privkey_deinit(key->x509);
    free(key);
}

tcb_key *tcb_key_import_pem(const char *pem, size_t length) {
    tcb_key *key = calloc(1, sizeof *key);
    if (!key) return NULL;
    gnutls_datum_t datum = {(unsigned char *)pem, (unsigned)length};
    if (gnutls_x509_privkey_init(&key->x509) < 0 ||
        gnutls_x509_privkey_import2(key->x509, &datum, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN) < 0 ||
        gnutls_privkey_init(&key->privkey) < 0 ||
        gnutls_privkey_import_x509(key->privkey, key->x509, 0) < 0 ||
        gnutls_pubkey_init(&key->pubkey) < 0 ||
        gnutls_pubkey_import_privkey(key->pubkey, key->privkey, 0, 0) < 0) {
        tcb_key_free(key);
        return NULL;
    }
    return key;
}

void tcb_free(void *p) { gnutls_free(p); }

static int key_id(gnutls_pubkey_t key, unsigned char *id, size_t *size) {
    return gnutls_pubkey_get_key_id(key, GNUTLS_KEYID_USE_SHA1, id, size);
}

int tcb_issue(const tcb_certificate_spec *spec, const tcb_key *subject_key, const uint8_t *issuer_der,
              size_t issuer_length, const tcb_key *issuer_key, uint8_t **out, size_t *out_length) {
    gnutls_x509_crt_t crt = NULL, issuer = NULL;
    int rc = gnutls_x509_crt_init(&crt);
    if (rc < 0) return rc;
    unsigned char serial[9];
    serial[0] = 0x01; /* a positive INTEGER of fixed length */
    for (int i = 0; i < 8; i++) serial[1 + i] = (unsigned char)(spec->serial >> (56 - 8 * i));
    unsigned char id[64];
    size_t id_size = sizeof id;
    if ((rc = gnutls_x509_crt_set_version(crt, 3)) < 0 ||
        (rc = gnutls_x509_crt_set_serial(crt, serial, sizeof serial)) < 0 ||
        (rc = gnutls_x509_crt_set_activation_time(crt, spec->not_before)) < 0 ||
        (rc = gnutls_x509_crt_set_expiration_time(crt, spec->not_after)) < 0 ||
        (rc = gnutls_x509_crt_set_dn_by_oid(crt, GNUTLS_OID_X520_ORGANIZATION_NAME, 0, spec->organization,
                                            strlen(spec->organization))) < 0 ||
        (rc = gnutls_x509_crt_set_dn_by_oid(crt, GNUTLS_OID_X520_COMMON_NAME, 0, spec->common_name,
                                            strlen(spec->common_name))) < 0 ||
        (rc = gnutls_x509_crt_set_pubkey(crt, subject_key->pubkey)) < 0)
        goto done;
    if (spec->dns_name) {
        if ((rc = gnutls_x509_crt_set_basic_constraints(crt, 0, -1)) < 0 ||
            (rc = gnutls_x509_crt_set_key_usage(crt, GNUTLS_KEY_DIGITAL_SIGNATURE)) < 0 ||
            (rc = gnutls_x509_crt_set_key_purpose_oid(crt, GNUTLS_KP_TLS_WWW_SERVER, 0)) < 0 ||
            (rc = gnutls_x509_crt_set_subject_alt_name(crt, GNUTLS_SAN_DNSNAME, spec->dns_name,
                                                       strlen(spec->dns_name), GNUTLS_FSAN_SET)) < 0)
            goto done;
    } else {
        if ((rc = gnutls_x509_crt_set_basic_constraints(crt, 1, spec->path_length)) < 0 ||
            (rc = gnutls_x509_crt_set_key_usage(crt, GNUTLS_KEY_KEY_CERT_SIGN | GNUTLS_KEY_CRL_SIGN)) < 0)
            goto done;
    }
    if (spec->with_key_identifiers) {
        if ((rc = key_id(subject_key->pubkey, id, &id_size)) < 0 ||
            (rc = gnutls_x509_crt_set_subject_key_id(crt, id, id_size)) < 0)
            goto done;
    }
    if (issuer_der) {
        gnutls_datum_t datum = {(unsigned char *)issuer_der, (unsigned)issuer_length};
        if ((rc = gnutls_x509_crt_init(&issuer)) < 0 ||
            (rc = gnutls_x509_crt_import(issuer, &datum, GNUTLS_X509_FMT_DER)) < 0)
            goto done;
        if (spec->with_key_identifiers) {
            id_size = sizeof id;
            if ((rc = key_id(issuer_key->pubkey, id, &id_size)) < 0 ||
                (rc = gnutls_x509_crt_set_authority_key_id(crt, id, id_size)) < 0)
                goto done;
        }
    }
    /* Digest 0: GnuTLS picks SHA-256 for RSA and P-256, and Ed25519's own for EdDSA. REPRODUCIBLE makes
       ECDSA deterministic (RFC 6979), so the corpus is byte-identical on every run; it must be given here:
       gnutls_privkey_set_flags on the key was measured not to reach certificate signing. */
    if ((rc = gnutls_x509_crt_privkey_sign(crt, issuer ? issuer : crt, issuer_key->privkey, 0, GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE)) < 0)
        goto done;
    gnutls_datum_t der = {NULL, 0};
    if ((rc = gnutls_x509_crt_export2(crt, GNUTLS_X509_FMT_DER, &der)) < 0) goto done;
    *out = der.data;
    *out_length = der.size;
done:
    if (issuer) gnutls_x509_crt_deinit(issuer);
    gnutls_x509_crt_deinit(crt);
    return rc;
}

tcb_trust_list *tcb_trust_list_new(void) {
    tcb_trust_list *list = calloc(1, sizeof *list);
    if (!list) return NULL;
    if (gnutls_x509_trust_list_init(&list->list, 0) < 0) {
        free(list);
        return NULL;
    }
    return list;
}

int tcb_trust_list_add(tcb_trust_list *list, const uint8_t *der, size_t length) {
    gnutls_x509_crt_t crt;
    int rc = gnutls_x509_crt_init(&crt);
    if (rc < 0) return rc;
    gnutls_datum_t datum = {(unsigned char *)der, (unsigned)length};
    if ((rc = gnutls_x509_crt_import(crt, &datum, GNUTLS_X509_FMT_DER)) < 0) {
        gnutls_x509_crt_deinit(crt);
        return rc;
    }
    rc = gnutls_x509_trust_list_add_cas(list->list, &crt, 1, 0);
    if (rc != 1) {
        gnutls_x509_crt_deinit(crt);
        return rc < 0 ? rc : GNUTLS_E_INVALID_REQUEST;
    }
    return 0;
}

void tcb_trust_list_free(tcb_trust_list *list) {
    if (!list) return;
    gnutls_x509_trust_list_deinit(list->list, 1);
    free(list);
}

#define TCB_MAX_CHAIN 256

long tcb_verify(const tcb_trust_list *list, const uint8_t *const *ders, const size_t *lengths, unsigned count,
                const char *host) {
    if (count == 0 || count > TCB_MAX_CHAIN) return GNUTLS_E_INVALID_REQUEST;
    gnutls_x509_crt_t chain[TCB_MAX_CHAIN];
    unsigned imported = 0;
    long result;
    for (; imported < count; imported++) {
        int rc = gnutls_x509_crt_init(&chain[imported]);
        if (rc < 0) {
            result = rc;
            goto done;
        }
        gnutls_datum_t datum = {(unsigned char *)ders[imported], (unsigned)lengths[imported]};
        if ((rc = gnutls_x509_crt_import(chain[imported], &datum, GNUTLS_X509_FMT_DER)) < 0) {
            imported++;
            result = rc;
            goto done;
        }
    }
    gnutls_typed_vdata_st data[2] = {
        {GNUTLS_DT_DNS_HOSTNAME, (unsigned char *)host, 0},
        {GNUTLS_DT_KEY_PURPOSE_OID, (unsigned char *)GNUTLS_KP_TLS_WWW_SERVER, 0},
    };
    unsigned status = 0;
    int rc = gnutls_x509_trust_list_verify_crt2(list->list, chain, count, data, 2, 0, &status, NULL);
    result = rc < 0 ? rc : (long)status;
done:
    for (unsigned i = 0; i < imported; i++) gnutls_x509_crt_deinit(chain[i]);
    return result;
}
