#ifndef CRIAL_OPENSSL_SHIM_H
#define CRIAL_OPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#endif
