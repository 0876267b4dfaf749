#!/usr/bin/env python3
"""Validate JSON documents against one of rial's JSON Schemas (draft 2020-12).

Usage: validate_json.py SCHEMA FILE [FILE...]

An independent oracle for rial's JSON output: it checks the schema itself, then each
FILE, and prints `OK <file>` or one line per error with its JSON path:

    FAIL <file>: $.files[0].sha256: 'ABC' does not match '^[0-9a-f]{64}$'

If a FILE's top level is a JSON array but the schema's top-level "type" is "object",
each element is validated on its own (paths then start with `$[i]`), so a file holding
a list of reports can be checked with report.schema.json.

Parsing is strict: duplicate object keys, NaN/Infinity and input that is not UTF-8 make
a file invalid. Regular expressions follow ECMA-262 as JSON Schema requires in one
respect where Python differs: `$` outside a character class matches only at the very
end of the string (Python's `$` also matches before a final newline).

Exit status: 0 if every file is valid, 1 if any file is invalid (including not being
valid JSON), 2 on usage errors, unreadable files or an invalid schema.

Needs Python 3.9+ and the `jsonschema` package; install `rfc3339-validator` as well so
that "format": "date-time" is actually checked.
"""

import json
import re
import sys

try:
    import jsonschema
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError
except ImportError:  # pragma: no cover
    sys.stderr.write("validate_json.py: the 'jsonschema' package is required (pip install jsonschema rfc3339-validator)\n")
    sys.exit(2)

USAGE = "usage: validate_json.py SCHEMA FILE [FILE...]\n"
MAX_MESSAGE = 400


class InvalidJSON(ValueError):
    pass


def _reject_constant(name):
    raise InvalidJSON(f"{name} is not valid JSON")


def _no_duplicates(pairs):
    result = {}
    for key, value in pairs:
        if key in result:
            raise InvalidJSON(f"duplicate object key {key!r}")
        result[key] = value
    return result


def load_json(path):
    """Returns the parsed document. Raises OSError when unreadable, InvalidJSON when not strict JSON."""
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidJSON(f"not UTF-8: {error}") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise InvalidJSON(f"not valid JSON: {error}") from None


def ecma_pattern(pattern):
    """Rewrites an unescaped `$` outside character classes to `\\Z` (end of string only)."""
    out = []
    in_class = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\" and index + 1 < len(pattern):
            out.append(pattern[index:index + 2])
            index += 2
            continue
        if in_class:
            if char == "]":
                in_class = False
        elif char == "[":
            in_class = True
            # A ']' right after '[' or '[^' is a literal in Python; keep it inside the class.
            lookahead = index + 1
            if lookahead < len(pattern) and pattern[lookahead] == "^":
                lookahead += 1
            if lookahead < len(pattern) and pattern[lookahead] == "]":
                out.append(pattern[index:lookahead + 1])
                index = lookahead + 1
                continue
        elif char == "$":
            out.append(r"\Z")
            index += 1
            continue
        out.append(char)
        index += 1
    return "".join(out)


_compiled = {}


def _pattern_keyword(validator, pattern, instance, schema):
    if not validator.is_type(instance, "string"):
        return
    regex = _compiled.get(pattern)
    if regex is None:
        regex = _compiled[pattern] = re.compile(ecma_pattern(pattern))
    if not regex.search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


StrictValidator = jsonschema.validators.extend(Draft202012Validator, {"pattern": _pattern_keyword})


def short(text):
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + "..."


def error_path(prefix, error):
    path = error.json_path  # "$", "$.files[0].sha256", ...
    return prefix + path[1:]


def describe(error, prefix, indent=""):
    lines = [f"{indent}{error_path(prefix, error)}: {short(error.message)}"]
    # For anyOf/oneOf failures, show what each alternative objected to.
    for sub in sorted(error.context or [], key=lambda e: (list(e.relative_schema_path), list(e.path))):
        lines.extend(describe(sub, prefix, indent + "    "))
    return lines


def validate_document(validator, document, element_wise):
    """Returns a list of error description lines (empty when valid)."""
    targets = [(f"$[{i}]", item) for i, item in enumerate(document)] if element_wise else [("$", document)]
    lines = []
    for prefix, instance in targets:
        errors = sorted(validator.iter_errors(instance), key=lambda e: (list(e.path), list(e.schema_path)))
        for error in errors:
            lines.extend(describe(error, prefix))
    return lines


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        sys.stderr.write(USAGE)
        return 2
    schema_path, files = argv[1], argv[2:]

    try:
        schema = load_json(schema_path)
    except OSError as error:
        sys.stderr.write(f"validate_json.py: cannot read schema {schema_path}: {error.strerror or error}\n")
        return 2
    except InvalidJSON as error:
        sys.stderr.write(f"validate_json.py: schema {schema_path}: {error}\n")
        return 2
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        sys.stderr.write(f"validate_json.py: schema {schema_path} is not a valid draft 2020-12 schema: "
                         f"{error.json_path}: {short(error.message)}\n")
        return 2

    validator = StrictValidator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    schema_is_object = isinstance(schema, dict) and schema.get("type") == "object"

    status = 0
    for path in files:
        try:
            document = load_json(path)
        except OSError as error:
            sys.stderr.write(f"validate_json.py: cannot read {path}: {error.strerror or error}\n")
            status = 2
            continue
        except InvalidJSON as error:
            print(f"FAIL {path}: {error}")
            status = max(status, 1)
            continue
        element_wise = isinstance(document, list) and schema_is_object
        lines = validate_document(validator, document, element_wise)
        if lines:
            for line in lines:
                print(f"FAIL {path}: {line}")
            status = max(status, 1)
        else:
            print(f"OK {path}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
