#ifndef CRIAL_EXIF_SHIM_H
#define CRIAL_EXIF_SHIM_H
// libexif reads the EXIF block of a JPEG (its APP1 segment) or of a HEIF photo (its Exif item).
#include <libexif/exif-data.h>
#include <libexif/exif-content.h>
#include <libexif/exif-entry.h>
#include <libexif/exif-ifd.h>
#include <libexif/exif-tag.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-mnote-data.h>
#endif
