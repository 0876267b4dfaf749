#ifndef CRIAL_XML_SHIM_H
#define CRIAL_XML_SHIM_H
// Debian's libxml2 is built with ICU, and libxml/encoding.h then includes the system's ICU
// headers, which clash with the ICU copy inside Swift's Foundation in any module that sees
// both. Nothing here uses libxml2's ICU converters, so their declarations are left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>

// xmlFree is a global function pointer variable, which Swift cannot call directly.
static inline void crial_xml_free(void *p) { xmlFree(p); }
#endif
