// Opens libcurl at run time and forwards Kiln's calls to it (see include/CCurl.h).
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  const char *(*easy_strerror)(CURLcode);
  CURLcode (*easy_pause)(CURL *, int);
  CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_perform)(CURLM *, int *);
  CURLMcode (*multi_socket_action)(CURLM *, int, int, int *);
  CURLMcode (*multi_poll)(CURLM *, void *, unsigned int, int, int *);
  CURLMcode (*multi_wakeup)(CURLM *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  const char *(*multi_strerror)(CURLMcode);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
  char *(*version)(void);
} api;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int load_attempted = 0;
static int load_succeeded = 0;
static char load_error[512];

// Resolves one symbol into `slot`; on failure records which one and returns 0.
static int resolve(void *library, const char *name, void **slot) {
  dlerror();
  *slot = dlsym(library, name);
  if (*slot == NULL) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error, "%s", reason ? reason : name);
    return 0;
  }
  return 1;
}

static int load_locked(const char *path) {
  const char *name = (path != NULL && path[0] != '\0') ? path : "libcurl.so.4";
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error, "%s", reason ? reason : name);
    return 0;
  }
  struct { const char *name; void **slot; } symbols[] = {
    {"curl_global_init", (void **)&api.global_init},
    {"curl_easy_init", (void **)&api.easy_init},
    {"curl_easy_cleanup", (void **)&api.easy_cleanup},
    {"curl_easy_setopt", (void **)&api.easy_setopt},
    {"curl_easy_getinfo", (void **)&api.easy_getinfo},
    {"curl_easy_strerror", (void **)&api.easy_strerror},
    {"curl_easy_pause", (void **)&api.easy_pause},
    {"curl_multi_setopt", (void **)&api.multi_setopt},
    {"curl_multi_init", (void **)&api.multi_init},
    {"curl_multi_cleanup", (void **)&api.multi_cleanup},
    {"curl_multi_add_handle", (void **)&api.multi_add_handle},
    {"curl_multi_remove_handle", (void **)&api.multi_remove_handle},
    {"curl_multi_perform", (void **)&api.multi_perform},
    {"curl_multi_socket_action", (void **)&api.multi_socket_action},
    {"curl_multi_poll", (void **)&api.multi_poll},
    {"curl_multi_wakeup", (void **)&api.multi_wakeup},
    {"curl_multi_info_read", (void **)&api.multi_info_read},
    {"curl_multi_strerror", (void **)&api.multi_strerror},
    {"curl_slist_append", (void **)&api.slist_append},
    {"curl_slist_free_all", (void **)&api.slist_free_all},
    {"curl_version", (void **)&api.version},
  };
  for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
    if (!resolve(library, symbols[index].name, symbols[index].slot)) {
      memset(&api, 0, sizeof api);
      dlclose(library);
      return 0;
    }
  }
  // The library stays open for the life of the process.
  return 1;
}

int kiln_curl_load(const char *path) {
  pthread_mutex_lock(&load_lock);
  if (!load_attempted) {
    load_attempted = 1;
    load_succeeded = load_locked(path);
  }
  int result = load_succeeded;
  pthread_mutex_unlock(&load_lock);
  return result;
}

const char *kiln_curl_load_error(void) {
  pthread_mutex_lock(&load_lock);
  const char *result = (load_attempted && !load_succeeded) ? load_error : NULL;
  pthread_mutex_unlock(&load_lock);
  return result;
}

// After a successful `kiln_curl_load` the table never changes again, so the forwarding
// functions read it without the lock. Before one, every slot is NULL and they answer
// "not loaded" instead of calling through a null pointer.

const char *kiln_curl_version(void) { return api.version ? api.version() : NULL; }

CURLcode kiln_curl_global_init(long flags) {
  return api.global_init ? api.global_init(flags) : KILN_CURLE_NOT_LOADED;
}

CURL *kiln_curl_easy_init(void) { return api.easy_init ? api.easy_init() : NULL; }

void kiln_curl_easy_cleanup(CURL *handle) {
  if (api.easy_cleanup) api.easy_cleanup(handle);
}

const char *kiln_curl_easy_strerror(CURLcode code) {
  if (code == KILN_CURLE_NOT_LOADED || !api.easy_strerror) return "libcurl is not loaded";
  return api.easy_strerror(code);
}

CURLM *kiln_curl_multi_init(void) { return api.multi_init ? api.multi_init() : NULL; }

CURLMcode kiln_curl_multi_cleanup(CURLM *multi) {
  return api.multi_cleanup ? api.multi_cleanup(multi) : KILN_CURLM_NOT_LOADED;
}

CURLMcode kiln_curl_multi_add_handle(CURLM *multi, CURL *handle) {
  return api.multi_add_handle ? api.multi_add_handle(multi, handle) : KILN_CURLM_NOT_LOADED;
}

CURLMcode kiln_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
  return api.multi_remove_handle ? api.multi_remove_handle(multi, handle)
                                 : KILN_CURLM_NOT_LOADED;
}

CURLMcode kiln_curl_multi_perform(CURLM *multi, int *running) {
  return api.multi_perform ? api.multi_perform(multi, running) : KILN_CURLM_NOT_LOADED;
}

CURLMcode kiln_curl_multi_poll(CURLM *multi, void *extra_fds, unsigned int extra_count,
                               int timeout_ms, int *ready) {
  if (!api.multi_poll) return KILN_CURLM_NOT_LOADED;
  return api.multi_poll(multi, extra_fds, extra_count, timeout_ms, ready);
}

CURLMcode kiln_curl_multi_wakeup(CURLM *multi) {
  return api.multi_wakeup ? api.multi_wakeup(multi) : KILN_CURLM_NOT_LOADED;
}

CURLMsg *kiln_curl_multi_info_read(CURLM *multi, int *remaining) {
  return api.multi_info_read ? api.multi_info_read(multi, remaining) : NULL;
}

const char *kiln_curl_multi_strerror(CURLMcode code) {
  if (code == KILN_CURLM_NOT_LOADED || !api.multi_strerror) return "libcurl is not loaded";
  return api.multi_strerror(code);
}

struct curl_slist *kiln_curl_slist_append(struct curl_slist *list, const char *line) {
  return api.slist_append ? api.slist_append(list, line) : NULL;
}

void kiln_curl_slist_free_all(struct curl_slist *list) {
  if (api.slist_free_all) api.slist_free_all(list);
}

CURLcode kiln_curl_set_long(CURL *handle, CURLoption option, long value) {
  return api.easy_setopt ? api.easy_setopt(handle, option, value) : KILN_CURLE_NOT_LOADED;
}

CURLcode kiln_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return api.easy_setopt ? api.easy_setopt(handle, option, value) : KILN_CURLE_NOT_LOADED;
}

CURLcode kiln_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return api.easy_setopt ? api.easy_setopt(handle, option, value) : KILN_CURLE_NOT_LOADED;
}

CURLcode kiln_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
  return api.easy_setopt ? api.easy_setopt(handle, option, value) : KILN_CURLE_NOT_LOADED;
}

CURLcode kiln_curl_set_callback(CURL *handle, CURLoption option,
                                kiln_curl_data_callback callback) {
  return api.easy_setopt ? api.easy_setopt(handle, option, callback) : KILN_CURLE_NOT_LOADED;
}

CURLcode kiln_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return api.easy_getinfo ? api.easy_getinfo(handle, info, value) : KILN_CURLE_NOT_LOADED;
}

CURLcode kiln_curl_get_string(CURL *handle, CURLINFO info, char **value) {
  return api.easy_getinfo ? api.easy_getinfo(handle, info, value) : KILN_CURLE_NOT_LOADED;
}

CURLcode kiln_curl_easy_pause(CURL *handle, int bitmask) {
  return api.easy_pause ? api.easy_pause(handle, bitmask) : KILN_CURLE_NOT_LOADED;
}

CURLMcode kiln_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return api.multi_setopt ? api.multi_setopt(multi, option, value) : KILN_CURLM_NOT_LOADED;
}

CURLMcode kiln_curl_multi_set_socket_callback(CURLM *multi, kiln_curl_socket_callback callback,
                                              void *context) {
  if (!api.multi_setopt) return KILN_CURLM_NOT_LOADED;
  CURLMcode code = api.multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, callback);
  return code != CURLM_OK ? code : api.multi_setopt(multi, CURLMOPT_SOCKETDATA, context);
}

CURLMcode kiln_curl_multi_set_timer_callback(CURLM *multi, kiln_curl_timer_callback callback,
                                             void *context) {
  if (!api.multi_setopt) return KILN_CURLM_NOT_LOADED;
  CURLMcode code = api.multi_setopt(multi, CURLMOPT_TIMERFUNCTION, callback);
  return code != CURLM_OK ? code : api.multi_setopt(multi, CURLMOPT_TIMERDATA, context);
}

CURLMcode kiln_curl_multi_socket_action(CURLM *multi, int socket, int mask, int *running) {
  if (!api.multi_socket_action) return KILN_CURLM_NOT_LOADED;
  return api.multi_socket_action(multi, socket, mask, running);
}
