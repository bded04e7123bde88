#ifndef CGNUTLS_SHIM_H
#define CGNUTLS_SHIM_H

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/x509-ext.h>
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/ocsp.h>

/* gnutls_free/gnutls_malloc are mutable global function pointers (and gnutls_free is also a
   function-like macro); Swift 6 rejects touching them directly, so wrap them. */
static inline void cgnutls_free(void *p) { (gnutls_free)(p); }
static inline void *cgnutls_malloc(size_t n) { return (gnutls_malloc)(n); }

/* The qualifier array of gnutls_x509_policy_st is an array of anonymous structs, which the
   Swift importer drops silently. */
static inline unsigned cgnutls_policy_qualifier_count(const gnutls_x509_policy_st *p) { return p->qualifiers; }
static inline unsigned cgnutls_policy_qualifier_type(const gnutls_x509_policy_st *p, unsigned i) {
    return i < p->qualifiers ? (unsigned)p->qualifier[i].type : 0;
}
static inline const char *cgnutls_policy_qualifier_data(const gnutls_x509_policy_st *p, unsigned i) {
    return i < p->qualifiers ? p->qualifier[i].data : 0;
}
static inline unsigned cgnutls_policy_qualifier_size(const gnutls_x509_policy_st *p, unsigned i) {
    return i < p->qualifiers ? p->qualifier[i].size : 0;
}

#endif
