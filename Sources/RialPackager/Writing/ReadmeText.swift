import RialFormat

/// `README.txt`: how a person checks the package with standard tools alone.
enum ReadmeText {
    static func make(packageID: PackageID) -> String {
        let id = packageID.rawValue
        return """
        Rial evidence package \(id)
        ================================================================

        This file is part of a .rialpkg evidence package: an uncompressed POSIX tar
        archive holding one directory, \(id)/, which is a BagIt 1.0 bag (RFC 8493).
        The format is specified in schema/SPEC.md of the rial toolkit. Everything
        below uses standard tools only (tar, sha256sum, sha512sum, openssl).

        1. Unpack into a new, empty directory:

               mkdir check && tar -xf PACKAGE.rialpkg -C check && cd check/\(id)

        2. Check the tag files (bag metadata and rial/manifest.json) and the payload
           (everything under data/). Every line must say OK:

               sha256sum -c tagmanifest-sha256.txt
               sha512sum -c tagmanifest-sha512.txt
               sha256sum -c manifest-sha256.txt
               sha512sum -c manifest-sha512.txt

           Without coreutils: openssl dgst -sha256 FILE, compared by eye.

        3. Check that nothing was added: every file under data/ must be listed.

               find data -type f | sort > found.txt
               cut -c67- manifest-sha256.txt | sort > listed.txt
               diff found.txt listed.txt && rm found.txt listed.txt

        4. The package's fingerprint is the SHA-256 of rial/manifest.json. That file
           lists every file carrying evidence or a claim (including bag-info.txt
           and this README) with its size, SHA-256 and SHA-512. Compare the
           fingerprint with the one recorded in the case file or custody notes:

               sha256sum rial/manifest.json

        Files under rial/custody/ and rial/seal/ are appended after packing (custody
        events, signatures, timestamps) and protect themselves by their own links.
        A path containing '%', CR or LF is written in the manifests as %25, %0D, %0A
        (RFC 8493 section 2.1.3); sha256sum -c reports such a file as missing.

        The rial tool does all of the above in one pass without unpacking:

               rial verify PACKAGE.rialpkg

        """
    }
}
