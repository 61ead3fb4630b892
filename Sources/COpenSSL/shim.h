#ifndef KILN_COPENSSL_SHIM_H
#define KILN_COPENSSL_SHIM_H
// Only OpenSSL 3.0 interfaces that are not deprecated: the strict build treats the
// deprecation warnings of the older low-level APIs as errors.
#define OPENSSL_API_COMPAT 30000
#define OPENSSL_NO_DEPRECATED 1
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>
#include <openssl/params.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>

// Selections for EVP_PKEY_fromdata, which OpenSSL defines as macros of macros that Swift
// cannot import.
static const int kiln_evp_pkey_public_key = EVP_PKEY_PUBLIC_KEY;
static const int kiln_evp_pkey_keypair = EVP_PKEY_KEYPAIR;
#endif
