#!/usr/bin/env python3
"""Validates every example in docs/openapi.json (and any JSON bodies given as extra
`schema-name=file` arguments) against its schema. Prints one line per failure; exit 1 if any.

    python3 scripts/check-openapi-examples.py docs/openapi.json [Registration=/tmp/body.json ...]
"""
import json
import sys

import jsonschema

document = json.load(open(sys.argv[1]))
components = document["components"]


def validator(schema):
    # OpenAPI 3.0 schemas here use only JSON Schema keywords; refs resolve against `components`.
    return jsonschema.Draft7Validator({**schema, "components": components})


failures = []
checked = 0
for path, operations in document["paths"].items():
    for method, operation in operations.items():
        for status, response in operation.get("responses", {}).items():
            for media, content in response.get("content", {}).items():
                if "example" in content:
                    checked += 1
                    for error in validator(content["schema"]).iter_errors(content["example"]):
                        failures.append(f"{method.upper()} {path} {status}: {error.message} at {list(error.absolute_path)}")
for argument in sys.argv[2:]:
    name, file = argument.split("=", 1)
    checked += 1
    for error in validator({"$ref": f"#/components/schemas/{name}"}).iter_errors(json.load(open(file))):
        failures.append(f"{name} ({file}): {error.message} at {list(error.absolute_path)}")
print(f"{checked} examples checked")
for failure in failures:
    print(failure)
sys.exit(1 if failures else 0)
