#ifndef CRIAL_XMP_SHIM_H
#define CRIAL_XMP_SHIM_H
// Exempi (Adobe's XMP Toolkit behind a C interface) parses an XMP packet into its properties,
// whatever the namespace and RDF form (elements, attributes, structs, arrays): what the
// privacy audit reads instead of searching the packet's text.
#include <exempi/xmp.h>
#endif
