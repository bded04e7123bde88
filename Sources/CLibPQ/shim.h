#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H

#include <libpq-fe.h>

/* The PG_DIAG_* field codes are character-literal macros ('C', 'M', ...), which the Swift importer
   does not bring over; these name the ones PostgresBridge reads. */
static inline int clibpq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int clibpq_diag_severity(void) { return PG_DIAG_SEVERITY_NONLOCALIZED; }
static inline int clibpq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int clibpq_diag_message_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }
static inline int clibpq_diag_message_hint(void) { return PG_DIAG_MESSAGE_HINT; }
static inline int clibpq_diag_constraint_name(void) { return PG_DIAG_CONSTRAINT_NAME; }

/* Notices (e.g. "relation already exists, skipping") go to stderr by default; a collector keeps its
   stderr for its own messages, so the bridge installs a processor that drops them. */
static inline void clibpq_ignore_notice(void *arg, const char *message) { (void)arg; (void)message; }
static inline void clibpq_silence_notices(PGconn *conn) { PQsetNoticeProcessor(conn, clibpq_ignore_notice, 0); }

#endif
