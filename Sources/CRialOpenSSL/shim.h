#ifndef CRIAL_OPENSSL_SHIM_H
#define CRIAL_OPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/cms.h>
#include <openssl/pkcs7.h>
#include <openssl/ts.h>
#include <openssl/objects.h>
#include <openssl/ocsp.h>

// OpenSSL 3 spells its stack accessors and a few helpers as function-like macros, which Swift
// cannot import; these one-line wrappers give them a callable form and nothing more.

static inline STACK_OF(X509) *crial_sk_X509_new(void) { return sk_X509_new_null(); }
static inline int crial_sk_X509_push(STACK_OF(X509) *stack, X509 *cert) { return sk_X509_push(stack, cert); }
static inline int crial_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
static inline X509 *crial_sk_X509_value(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }
/// Frees the stack and drops one reference of each certificate in it.
static inline void crial_sk_X509_pop_free(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }
/// Frees the stack only (for stacks whose certificates are borrowed).
static inline void crial_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }

static inline int crial_sk_CMS_SignerInfo_num(STACK_OF(CMS_SignerInfo) *stack) { return sk_CMS_SignerInfo_num(stack); }
static inline CMS_SignerInfo *crial_sk_CMS_SignerInfo_value(STACK_OF(CMS_SignerInfo) *stack, int index) {
    return sk_CMS_SignerInfo_value(stack, index);
}
static inline int crial_sk_PKCS7_SIGNER_INFO_num(STACK_OF(PKCS7_SIGNER_INFO) *stack) { return sk_PKCS7_SIGNER_INFO_num(stack); }

/// The certificates a PKCS#7 SignedData (an RFC 3161 token) carries; borrowed, may be NULL.
static inline STACK_OF(X509) *crial_pkcs7_certificates(PKCS7 *p7) {
    return PKCS7_type_is_signed(p7) && p7->d.sign != NULL ? p7->d.sign->cert : NULL;
}

/// RFC 2253 name printing, UTF-8 kept as is (the flag is a composite macro).
static inline unsigned long crial_name_flags(void) { return XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB; }

static inline long crial_BIO_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }
static inline void crial_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }
static inline void *crial_OPENSSL_malloc(size_t size) { return OPENSSL_malloc(size); }
#endif
