#ifndef CRIAL_XML_SHIM_H
#define CRIAL_XML_SHIM_H
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>

// xmlFree is a global function pointer variable, which Swift cannot call directly.
static inline void crial_xml_free(void *p) { xmlFree(p); }
#endif
