// The part of libcurl's C interface that Kiln's Networking module uses on Linux, declared here
// so the build needs no curl development files. The library itself (`libcurl.so.4`, the
// runtime Foundation's networking already loads) is opened at run time by `kiln_curl_load`;
// nothing is linked against it. The numbers below are libcurl's stable ABI (curl 7.85 or
// later, for the `*_PROTOCOLS_STR` options); `NetworkingTests/CurlLibraryTests` checks each
// option and call against the real library.
//
// Every function is prefixed `kiln_curl_` so none of them can interpose on libcurl's own
// exported symbols, which Foundation calls too. `curl_easy_setopt` and `curl_easy_getinfo`
// are variadic, which Swift cannot call, so each argument type gets a typed function.
#ifndef KILN_CCURL_H
#define KILN_CCURL_H

#include <stddef.h>

typedef void CURL;
typedef void CURLM;
typedef long long curl_off_t;

typedef enum {
  CURLE_OK = 0,
  CURLE_UNSUPPORTED_PROTOCOL = 1,
  CURLE_URL_MALFORMAT = 3,
  CURLE_COULDNT_RESOLVE_PROXY = 5,
  CURLE_COULDNT_RESOLVE_HOST = 6,
  CURLE_COULDNT_CONNECT = 7,
  CURLE_WEIRD_SERVER_REPLY = 8,
  CURLE_HTTP2 = 16,
  CURLE_PARTIAL_FILE = 18,
  CURLE_OPERATION_TIMEDOUT = 28,
  CURLE_SSL_CONNECT_ERROR = 35,
  CURLE_TOO_MANY_REDIRECTS = 47,
  CURLE_UNKNOWN_OPTION = 48,
  CURLE_GOT_NOTHING = 52,
  CURLE_SEND_ERROR = 55,
  CURLE_RECV_ERROR = 56,
  CURLE_BAD_FUNCTION_ARGUMENT = 43,
  CURLE_PEER_FAILED_VERIFICATION = 60,
  CURLE_BAD_CONTENT_ENCODING = 61,
  CURLE_SSL_CACERT_BADFILE = 77,
  CURLE_HTTP2_STREAM = 92,
  // Not libcurl's: what every call answers when the library is not loaded.
  KILN_CURLE_NOT_LOADED = 10000,
} CURLcode;

typedef enum {
  CURLM_OK = 0,
  CURLM_BAD_EASY_HANDLE = 2,
  CURLM_UNKNOWN_OPTION = 6,
  KILN_CURLM_NOT_LOADED = 10000,
} CURLMcode;

// Multi-handle option numbers (`curl_multi_setopt`), with the same type bases as below.
typedef enum {
  CURLMOPT_PIPELINING = 3,
  CURLMOPT_MAXCONNECTS = 6,
  CURLMOPT_MAX_HOST_CONNECTIONS = 7,
  CURLMOPT_MAX_TOTAL_CONNECTIONS = 13,
  CURLMOPT_SOCKETDATA = 10002,
  CURLMOPT_TIMERDATA = 10005,
  CURLMOPT_SOCKETFUNCTION = 20001,
  CURLMOPT_TIMERFUNCTION = 20004,
} CURLMoption;

// What a socket callback asks to be watched (`CURL_POLL_*`), and what `curl_multi_socket_action`
// is told happened (`CURL_CSELECT_*`); `CURL_SOCKET_TIMEOUT` in place of a socket means the
// timer libcurl asked for has run out.
enum {
  KILN_CURL_POLL_IN = 1,
  KILN_CURL_POLL_OUT = 2,
  KILN_CURL_POLL_INOUT = 3,
  KILN_CURL_POLL_REMOVE = 4,
  KILN_CURL_CSELECT_IN = 1,
  KILN_CURL_CSELECT_OUT = 2,
  KILN_CURL_CSELECT_ERR = 4,
  KILN_CURL_SOCKET_TIMEOUT = -1,
};

// `CURLMOPT_PIPELINING`: multiplex several transfers over one HTTP/2 connection.
#define CURLPIPE_MULTIPLEX 2L

// What a write callback returns to pause its transfer; libcurl keeps the chunk and hands it
// over again once `curl_easy_pause(handle, CURLPAUSE_CONT)` resumes it.
#define CURL_WRITEFUNC_PAUSE 0x10000001
#define CURLPAUSE_CONT 0

// Option numbers are a type base (long 0, pointer 10000, function 20000, curl_off_t 30000)
// plus the option's index.
typedef enum {
  CURLOPT_WRITEDATA = 10001,
  CURLOPT_URL = 10002,
  CURLOPT_WRITEFUNCTION = 20011,
  CURLOPT_HTTPHEADER = 10023,
  CURLOPT_HEADERDATA = 10029,
  CURLOPT_CUSTOMREQUEST = 10036,
  CURLOPT_NOBODY = 44,
  CURLOPT_FOLLOWLOCATION = 52,
  CURLOPT_MAXREDIRS = 68,
  CURLOPT_HEADERFUNCTION = 20079,
  CURLOPT_HTTPGET = 80,
  CURLOPT_NOSIGNAL = 99,
  CURLOPT_ACCEPT_ENCODING = 10102,
  CURLOPT_TCP_NODELAY = 121,
  CURLOPT_POSTFIELDSIZE_LARGE = 30120,
  CURLOPT_COPYPOSTFIELDS = 10165,
  CURLOPT_TCP_KEEPALIVE = 213,
  CURLOPT_SUPPRESS_CONNECT_HEADERS = 265,
  CURLOPT_PROTOCOLS_STR = 10318,
  CURLOPT_MAXAGE_CONN = 288,
  CURLOPT_REDIR_PROTOCOLS_STR = 10319,
} CURLoption;

// Information numbers are a type base (string 0x100000, long 0x200000) plus an index.
typedef enum {
  CURLINFO_EFFECTIVE_URL = 0x100001,
  CURLINFO_RESPONSE_CODE = 0x200002,
  CURLINFO_REDIRECT_COUNT = 0x200014,
} CURLINFO;

typedef enum {
  CURLMSG_NONE = 0,
  CURLMSG_DONE = 1,
} CURLMSG;

#define CURL_GLOBAL_DEFAULT 3L

struct curl_slist {
  char *data;
  struct curl_slist *next;
};

typedef struct {
  CURLMSG msg;
  CURL *easy_handle;
  union {
    void *whatever;
    CURLcode result;
  } data;
} CURLMsg;

typedef size_t (*kiln_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// `CURLMOPT_SOCKETFUNCTION`: libcurl says which events it wants on `socket` (`what`).
typedef int (*kiln_curl_socket_callback)(CURL *easy, int socket, int what, void *context,
                                         void *socket_context);
/// `CURLMOPT_TIMERFUNCTION`: libcurl asks to be called back in `timeout_ms` (-1: never).
typedef int (*kiln_curl_timer_callback)(CURLM *multi, long timeout_ms, void *context);

/// Opens libcurl (`path`, or `libcurl.so.4` when `path` is NULL or empty) and resolves every
/// function below, once per process; later calls return the first call's answer. Returns 1
/// when the library is usable, 0 when it is not (see `kiln_curl_load_error`).
int kiln_curl_load(const char *path);
/// Why loading failed (the loader's message), or NULL after a successful load.
const char *kiln_curl_load_error(void);
/// libcurl's version text (`curl_version()`), or NULL when it is not loaded.
const char *kiln_curl_version(void);

CURLcode kiln_curl_global_init(long flags);
CURL *kiln_curl_easy_init(void);
void kiln_curl_easy_cleanup(CURL *handle);
const char *kiln_curl_easy_strerror(CURLcode code);
CURLM *kiln_curl_multi_init(void);
CURLMcode kiln_curl_multi_cleanup(CURLM *multi);
CURLMcode kiln_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode kiln_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode kiln_curl_multi_perform(CURLM *multi, int *running);
CURLMcode kiln_curl_multi_poll(CURLM *multi, void *extra_fds, unsigned int extra_count,
                               int timeout_ms, int *ready);
CURLMcode kiln_curl_multi_wakeup(CURLM *multi);
CURLMsg *kiln_curl_multi_info_read(CURLM *multi, int *remaining);
const char *kiln_curl_multi_strerror(CURLMcode code);
struct curl_slist *kiln_curl_slist_append(struct curl_slist *list, const char *line);
void kiln_curl_slist_free_all(struct curl_slist *list);

CURLcode kiln_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode kiln_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode kiln_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode kiln_curl_set_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode kiln_curl_set_callback(CURL *handle, CURLoption option, kiln_curl_data_callback callback);
CURLcode kiln_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode kiln_curl_get_string(CURL *handle, CURLINFO info, char **value);
/// `curl_easy_pause`: `CURLPAUSE_CONT` resumes a transfer its write callback paused. Call it
/// on the thread that drives the transfer's multi handle.
CURLcode kiln_curl_easy_pause(CURL *handle, int bitmask);
/// `curl_multi_setopt` for an option that takes a `long`.
CURLMcode kiln_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);
/// Sets `CURLMOPT_SOCKETFUNCTION` and its `CURLMOPT_SOCKETDATA`.
CURLMcode kiln_curl_multi_set_socket_callback(CURLM *multi, kiln_curl_socket_callback callback,
                                              void *context);
/// Sets `CURLMOPT_TIMERFUNCTION` and its `CURLMOPT_TIMERDATA`.
CURLMcode kiln_curl_multi_set_timer_callback(CURLM *multi, kiln_curl_timer_callback callback,
                                             void *context);
/// `curl_multi_socket_action`: `socket` had the events `mask` (`KILN_CURL_CSELECT_*`), or
/// the timer ran out (`KILN_CURL_SOCKET_TIMEOUT`, mask 0).
CURLMcode kiln_curl_multi_socket_action(CURLM *multi, int socket, int mask, int *running);

#endif
