#ifndef CRIAL_HEIF_SHIM_H
#define CRIAL_HEIF_SHIM_H
// libheif for the structure of HEIF photos only: items, sizes, depth images and metadata
// blocks. Nothing here decodes an image.
#include <libheif/heif.h>
#endif
