#ifndef SIDELINE_CCURL_H
#define SIDELINE_CCURL_H

// A thin shim over the system libcurl for SidelineCurl (see docs/adr/008-apns-over-libcurl.md).
// Swift cannot call C variadic functions, and curl_easy_setopt, curl_multi_setopt and
// curl_easy_getinfo are variadic: each wrapper below fixes one argument type. No logic here.

#include <curl/curl.h>

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*ccurl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);

CURLcode ccurl_global_init(void);

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback callback);

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// `message->data.result`: the union is awkward to read from Swift.
CURLcode ccurl_message_result(const CURLMsg *message);

#endif
