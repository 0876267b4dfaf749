// The format's Foundation-free base (strict JSON, RFC 3339 timestamps, quoted values, the
// format's error codes) is its own module so that the media probe can link it without
// Foundation and ICU (issue 31); every user of RialFormat sees it as part of RialFormat.
@_exported public import RialFormatCore
