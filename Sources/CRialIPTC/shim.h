#ifndef CRIAL_IPTC_SHIM_H
#define CRIAL_IPTC_SHIM_H
// libiptcdata reads the IPTC-IIM records of a JPEG's APP13 (Photoshop 3.0) segment: the city,
// sub-location, by-line and copyright a privacy audit must see.
#include <libiptcdata/iptc-data.h>
#include <libiptcdata/iptc-dataset.h>
#include <libiptcdata/iptc-tag.h>
#include <libiptcdata/iptc-jpeg.h>
#endif
