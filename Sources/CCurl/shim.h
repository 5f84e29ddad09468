#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

// libcurl is opened on first use rather than linked: `contract verify` never sends a request, and a link would make
// every run load libcurl and the thirty libraries it needs (TLS, SSH, LDAP, Kerberos...) before main. Each wrapper
// looks its function up once. curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift
// cannot call: one typed wrapper per kind of argument.

static inline void *contract_curl_library(void) {
    static void *library;
    void *found = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (found == NULL) {
        found = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        __atomic_store_n(&library, found, __ATOMIC_RELEASE);
    }
    return found;
}

static inline void *contract_curl_function(void **cache, const char *name) {
    void *found = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (found == NULL) {
        void *library = contract_curl_library();
        found = library == NULL ? NULL : dlsym(library, name);
        __atomic_store_n(cache, found, __ATOMIC_RELEASE);
    }
    return found;
}

#define CONTRACT_CURL(type, name) \
    static void *cache_##name; \
    __typeof__(type) function = (type)contract_curl_function(&cache_##name, #name);

/// 1 when libcurl could be opened and has every function used here.
static inline int contract_curl_available(void) {
    static const char *names[] = {
        "curl_global_init", "curl_easy_init", "curl_easy_cleanup", "curl_easy_setopt", "curl_easy_getinfo",
        "curl_slist_append", "curl_slist_free_all", "curl_multi_init", "curl_multi_setopt", "curl_multi_add_handle",
        "curl_multi_remove_handle", "curl_multi_perform", "curl_multi_info_read", "curl_multi_poll",
        "curl_multi_wakeup", "curl_multi_cleanup"};
    void *library = contract_curl_library();
    if (library == NULL) return 0;
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        if (dlsym(library, names[index]) == NULL) return 0;
    }
    return 1;
}

typedef size_t (*contract_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef CURLcode (*contract_curl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*contract_curl_getinfo_function)(CURL *, CURLINFO, ...);
typedef CURLMcode (*contract_curl_multi_setopt_function)(CURLM *, CURLMoption, ...);

static inline CURLcode contract_curl_global_init(long flags) {
    CONTRACT_CURL(CURLcode(*)(long), curl_global_init)
    return function(flags);
}
static inline CURL *contract_curl_easy_init(void) {
    CONTRACT_CURL(CURL * (*)(void), curl_easy_init)
    return function();
}
static inline void contract_curl_easy_cleanup(CURL *handle) {
    CONTRACT_CURL(void (*)(CURL *), curl_easy_cleanup)
    function(handle);
}
static inline CURLcode contract_curl_set_long(CURL *handle, CURLoption option, long value) {
    CONTRACT_CURL(contract_curl_setopt_function, curl_easy_setopt)
    return function(handle, option, value);
}
static inline CURLcode contract_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    CONTRACT_CURL(contract_curl_setopt_function, curl_easy_setopt)
    return function(handle, option, value);
}
static inline CURLcode contract_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    CONTRACT_CURL(contract_curl_setopt_function, curl_easy_setopt)
    return function(handle, option, value);
}
static inline CURLcode contract_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
    CONTRACT_CURL(contract_curl_setopt_function, curl_easy_setopt)
    return function(handle, option, value);
}
static inline CURLcode contract_curl_set_callback(CURL *handle, CURLoption option, contract_curl_data_callback value) {
    CONTRACT_CURL(contract_curl_setopt_function, curl_easy_setopt)
    return function(handle, option, value);
}
static inline CURLcode contract_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    CONTRACT_CURL(contract_curl_getinfo_function, curl_easy_getinfo)
    return function(handle, info, value);
}
static inline CURLcode contract_curl_get_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    CONTRACT_CURL(contract_curl_getinfo_function, curl_easy_getinfo)
    return function(handle, info, value);
}
static inline struct curl_slist *contract_curl_slist_append(struct curl_slist *list, const char *line) {
    CONTRACT_CURL(struct curl_slist * (*)(struct curl_slist *, const char *), curl_slist_append)
    return function(list, line);
}
static inline void contract_curl_slist_free_all(struct curl_slist *list) {
    CONTRACT_CURL(void (*)(struct curl_slist *), curl_slist_free_all)
    function(list);
}
static inline CURLM *contract_curl_multi_init(void) {
    CONTRACT_CURL(CURLM * (*)(void), curl_multi_init)
    return function();
}
static inline CURLMcode contract_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    CONTRACT_CURL(contract_curl_multi_setopt_function, curl_multi_setopt)
    return function(multi, option, value);
}
static inline CURLMcode contract_curl_multi_add_handle(CURLM *multi, CURL *handle) {
    CONTRACT_CURL(CURLMcode(*)(CURLM *, CURL *), curl_multi_add_handle)
    return function(multi, handle);
}
static inline CURLMcode contract_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    CONTRACT_CURL(CURLMcode(*)(CURLM *, CURL *), curl_multi_remove_handle)
    return function(multi, handle);
}
static inline CURLMcode contract_curl_multi_perform(CURLM *multi, int *running) {
    CONTRACT_CURL(CURLMcode(*)(CURLM *, int *), curl_multi_perform)
    return function(multi, running);
}
static inline CURLMsg *contract_curl_multi_info_read(CURLM *multi, int *left) {
    CONTRACT_CURL(CURLMsg * (*)(CURLM *, int *), curl_multi_info_read)
    return function(multi, left);
}
static inline CURLMcode contract_curl_multi_poll(CURLM *multi, int timeout, int *ready) {
    CONTRACT_CURL(CURLMcode(*)(CURLM *, struct curl_waitfd *, unsigned int, int, int *), curl_multi_poll)
    return function(multi, NULL, 0, timeout, ready);
}
static inline CURLMcode contract_curl_multi_wakeup(CURLM *multi) {
    CONTRACT_CURL(CURLMcode(*)(CURLM *), curl_multi_wakeup)
    return function(multi);
}
static inline CURLMcode contract_curl_multi_cleanup(CURLM *multi) {
    CONTRACT_CURL(CURLMcode(*)(CURLM *), curl_multi_cleanup)
    return function(multi);
}
#endif
