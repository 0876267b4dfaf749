#ifndef CRIAL_AVFORMAT_SHIM_H
#define CRIAL_AVFORMAT_SHIM_H
// FFmpeg for demuxing only: libavformat reads the container's headers, libavutil supplies the
// display matrix and dictionaries, libavcodec only names codecs (avcodec_get_name). Nothing here
// opens a decoder.
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <stdarg.h>
#include <stdio.h>

// FFmpeg spells these as macros Swift cannot import (a negated MKTAG, a cast of UINT64_C);
// the wrappers give them a callable form and nothing more.
static inline int crial_averror(int posix_error) { return AVERROR(posix_error); }
static inline int crial_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t crial_av_nopts_value(void) { return AV_NOPTS_VALUE; }

// FFmpeg's log callback takes a va_list, which a Swift closure cannot: these keep the first
// message at error level or worse (the cause; later ones tend to say "error reading header") in
// a buffer instead of printing it. The buffer is a static
// inside a static inline function, so each object file that calls these has its own copy: call
// them from one Swift file only (RialMediaReaders/AVFormat/AVLog.swift).
enum { CRIAL_AV_LOG_BUFFER_SIZE = 512 };
static inline char *crial_av_log_buffer(void) {
    static char buffer[CRIAL_AV_LOG_BUFFER_SIZE];
    return buffer;
}
static inline void crial_av_log_callback(void *context, int level, const char *format, va_list arguments) {
    (void)context;
    if (level > AV_LOG_ERROR || format == NULL || crial_av_log_buffer()[0] != 0) return;
    vsnprintf(crial_av_log_buffer(), CRIAL_AV_LOG_BUFFER_SIZE, format, arguments);
}
/// From now on FFmpeg's error messages go to the buffer, which starts empty.
static inline void crial_av_log_capture(void) {
    crial_av_log_buffer()[0] = 0;
    av_log_set_level(AV_LOG_ERROR);
    av_log_set_callback(crial_av_log_callback);
}
/// The first message captured, "" if none.
static inline const char *crial_av_log_first(void) { return crial_av_log_buffer(); }
#endif
