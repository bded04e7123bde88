#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon, MHD_get_connection_info and MHD_get_daemon_info are variadic, which Swift cannot call:
   these wrappers pass fixed arguments. */

/* A new connection gets the header timeout: libmicrohttpd's connection timeout counts inactivity, and until the
   headers are in, a connection carries nothing worth the full idle allowance. `cls` holds the seconds. The
   access handler sets the connection back to the daemon's timeout once the headers are complete. */
static void cmhd_notify_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                                   enum MHD_ConnectionNotificationCode code) {
    (void)socket_context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED && cls != NULL)
        MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned int)(uintptr_t)cls);
}

/* Sets one connection's inactivity timeout in seconds (MHD_set_connection_option is variadic). */
static inline void cmhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/* Starts a daemon bound to `address` with the options TrustCheck's server uses (MHD_OPTION_ARRAY, so the
   list is one place). `tls_cert`/`tls_key` are PEM text, both NULL for plain HTTP. A
   `per_client_connection_limit` or `header_timeout_seconds` of 0 leaves that bound off. */
static inline struct MHD_Daemon *cmhd_start_daemon(
    unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    unsigned int thread_pool_size, unsigned int connection_limit, unsigned int per_client_connection_limit,
    unsigned int connection_timeout_seconds, unsigned int header_timeout_seconds,
    size_t connection_memory_limit, const char *tls_cert, const char *tls_key)
{
    struct MHD_OptionItem options[12];
    int i = 0;
    options[i++] = (struct MHD_OptionItem){ MHD_OPTION_SOCK_ADDR, 0, (void *)address };
    options[i++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls };
    options[i++] = (struct MHD_OptionItem){ MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)thread_pool_size, NULL };
    options[i++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_LIMIT, (intptr_t)connection_limit, NULL };
    if (per_client_connection_limit > 0)
        options[i++] = (struct MHD_OptionItem){ MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)per_client_connection_limit, NULL };
    options[i++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)connection_timeout_seconds, NULL };
    if (header_timeout_seconds > 0)
        options[i++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)cmhd_notify_connection,
                                                (void *)(uintptr_t)header_timeout_seconds };
    options[i++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)connection_memory_limit, NULL };
    if (tls_cert && tls_key) {
        options[i++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)tls_cert };
        options[i++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)tls_key };
    }
    options[i++] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* The peer's address of a connection, or NULL. */
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/* The port the daemon listens on (the kernel's choice when started with port 0), or 0. */
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

#endif
