#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call: one typed
// wrapper per kind of argument.
typedef size_t (*contract_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode contract_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode contract_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode contract_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode contract_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode contract_curl_set_callback(CURL *handle, CURLoption option, contract_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode contract_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLMcode contract_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
#endif
