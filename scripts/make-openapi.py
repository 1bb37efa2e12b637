#!/usr/bin/env python3
"""Writes docs/openapi.json: the device and admin API, with the Live Activity schemas taken
from `sideline schema` (so the app's generated client and the widget decode the same shape).

    swift run sideline schema > /tmp/la.json && python3 scripts/make-openapi.py /tmp/la.json

A test (OpenAPIDocumentTests) keeps the document in step with the server's routes, the
Live Activity schema and its own examples.
"""
import json
import os
import sys

la = json.load(open(sys.argv[1]))
defs = la["$defs"]


def rewrite(node):
    if isinstance(node, dict):
        return {k: (v.replace("#/$defs/", "#/components/schemas/") if k == "$ref" else rewrite(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [rewrite(v) for v in node]
    return node


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


HEX = {"type": "string", "pattern": "^[0-9A-Fa-f]+$", "minLength": 16, "maxLength": 512,
       "description": "An APNs token in hex (even length; case does not matter)."}
ENV = {"type": "string", "enum": ["sandbox", "production"]}


def error(status, code, message):
    return {"description": message, "content": {"application/json": {"schema": ref("Error"),
            "example": {"error": {"code": code, "message": message}}}}}


E400 = error(400, "invalid_body", "Bad input: malformed JSON, a wrong type, an unknown or missing field, a bad token.")
E401 = error(401, "unauthorized", "Missing or wrong credential.")
E403 = error(403, "forbidden", "The credential may not act on this resource.")
E404 = error(404, "not_found", "No such resource.")
E413 = error(413, "body_too_large", "The body is larger than 16 KB.")
E415 = error(415, "unsupported_media_type", "The body must be application/json.")
E429 = {"description": "Too many failed logins from this address; see Retry-After.",
        "headers": {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait."}},
        "content": {"application/json": {"schema": ref("Error"), "example": {"error": {"code": "too_many_attempts", "message": "too many failed attempts from this address; try again in 42 s"}}}}}
DEFAULT = {"description": "Any other error, in the same shape.", "content": {"application/json": {"schema": ref("Error")}}}
NO_CONTENT = {"description": "Done."}


def body(schema_name):
    return {"required": True, "content": {"application/json": {"schema": ref(schema_name)}}}


def ok(schema_name, example, description="OK"):
    return {"description": description, "content": {"application/json": {"schema": ref(schema_name), "example": example}}}


DEVICE = [{"deviceSecret": []}]

# A person activity across six leagues (issue 30), as the server builds it: a test
# (PersonOpenAPIExampleTests) checks it against the display code.
PERSON_ACTIVITY = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "examples", "my-activities-person.json")))
ADMIN = [{"adminToken": []}]
ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^dev-[0-9a-f]{8}$"}, "description": "The device id from pairing."}
ACTIVITY = {"name": "activity", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,100}$"}, "description": "The activity id, as in the activity's attributes (`activity`)."}
REGISTRATION = {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"}, "description": "The registration id."}

registration_example = {"id": "1", "sleeperUserId": "700000000000000001", "username": "demo_alex", "displayName": "demo_alex",
                        "leagueId": "1180000000000000001", "leagueName": "Sideline Demo League", "rosterId": 1, "season": "2026"}

paths = {
    "/v1/devices": {"post": {
        "operationId": "pairDevice", "tags": ["devices"], "summary": "Pair a device with a one-time code from `sideline devices invite`.",
        "description": "The code works once and expires (server.pairing_minutes). The secret in the answer is shown once: only its hash is stored. Send it as `Authorization: Bearer <deviceSecret>` on every device call.",
        "requestBody": body("PairingRequest"),
        "responses": {"201": ok("PairingResponse", {"deviceId": "dev-1a2b3c4d", "deviceSecret": "dev-1a2b3c4d.q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80", "sleeperUserId": "700000000000000001", "name": "Alex's iPhone", "environment": "production"}, "Paired."),
                      "400": E400, "401": error(401, "pairing_code_invalid", "No such pairing code."),
                      "409": error(409, "pairing_code_used", "The code was already used, or its user is no longer registered."),
                      "410": error(410, "pairing_code_expired", "The code expired."), "413": E413, "415": E415, "429": E429, "default": DEFAULT}}},
    "/v1/devices/{id}": {"delete": {
        "operationId": "removeDevice", "tags": ["devices"], "summary": "Remove this device: nothing more is pushed to it.",
        "security": DEVICE, "parameters": [ID],
        "responses": {"204": NO_CONTENT, "400": E400, "401": E401, "403": E403, "429": E429, "default": DEFAULT}}},
    "/v1/devices/{id}/push-to-start-token": {"put": {
        "operationId": "setPushToStartToken", "tags": ["devices"], "summary": "Rotate the device's push-to-start token; the old one is not used again.",
        "security": DEVICE, "parameters": [ID], "requestBody": body("PushToStartTokenRequest"),
        "responses": {"204": NO_CONTENT, "400": E400, "401": E401, "403": E403, "413": E413, "415": E415, "429": E429, "default": DEFAULT}}},
    "/v1/activities/{activity}/token": {"put": {
        "operationId": "setActivityToken", "tags": ["activities"], "summary": "Report the activity's update token on this device (iOS rotates it; send each new one).",
        "security": DEVICE, "parameters": [ACTIVITY], "requestBody": body("ActivityTokenRequest"),
        "responses": {"204": NO_CONTENT, "400": E400, "401": E401, "403": error(403, "forbidden", "The activity belongs to another Sleeper user."), "404": error(404, "not_found", "No such activity has started."), "413": E413, "415": E415, "429": E429, "default": DEFAULT}}},
    "/v1/activities/{activity}/dismissed": {"post": {
        "operationId": "activityDismissed", "tags": ["activities"], "summary": "The person swiped the activity away: stop pushing to it on this device.",
        "security": DEVICE, "parameters": [ACTIVITY],
        "responses": {"204": NO_CONTENT, "400": E400, "401": E401, "403": E403, "404": E404, "429": E429, "default": DEFAULT}}},
    "/v1/me/activities": {"get": {
        "operationId": "myActivities", "tags": ["activities"], "summary": "The current display states of this device's user (polling fallback).",
        "description": "Ask again after `retryAfterMs`: a minute while something is live or in grace, five minutes otherwise.",
        "security": DEVICE,
        "responses": {"200": ok("MyActivities", PERSON_ACTIVITY), "401": E401, "429": E429, "default": DEFAULT}}},
    "/v1/registrations": {
        "get": {"operationId": "listRegistrations", "tags": ["admin"], "summary": "List registrations.", "security": ADMIN,
                "responses": {"200": ok("RegistrationList", {"registrations": [registration_example]}), "401": E401,
                              "403": error(403, "admin_disabled", "The admin API is off (no server.admin_token)."), "429": E429, "default": DEFAULT}},
        "post": {"operationId": "addRegistration", "tags": ["admin"], "summary": "Register a Sleeper user in leagues (as `sideline users add`).",
                 "description": "Without `leagues`, every NFL league of the user's for the current season. Idempotent: an existing registration answers 200 with `existed: true`.",
                 "security": ADMIN, "requestBody": body("RegistrationRequest"),
                 "responses": {"201": ok("RegistrationsAdded", {"registrations": [{"registration": registration_example, "existed": False}], "skipped": []}, "Registered."),
                               "200": ok("RegistrationsAdded", {"registrations": [{"registration": registration_example, "existed": True}], "skipped": []}, "Already registered."),
                               "400": E400, "401": E401, "403": E403, "413": E413, "415": E415,
                               "422": error(422, "registration_refused", "Sleeper refused it: unknown user or league, not in the league, unreachable, or the call budget is spent."),
                               "429": E429, "default": DEFAULT}}},
    "/v1/registrations/{id}": {"delete": {
        "operationId": "removeRegistration", "tags": ["admin"], "summary": "End the registration's running activity and remove it (as `sideline users remove`).",
        "security": ADMIN, "parameters": [REGISTRATION],
        "responses": {"200": ok("RegistrationRemoved", {"removed": "1", "endedActivities": 1}), "400": E400, "401": E401, "403": E403, "404": E404, "429": E429,
                      "503": error(503, "busy", "A scheduler pass holds the lock; try again in a few seconds."), "default": DEFAULT}}},
    "/healthz": {"get": {"operationId": "health", "tags": ["operations"], "summary": "Alive.", "security": [],
                         "responses": {"200": ok("Health", {"status": "ok"})}}},
    "/readyz": {"get": {"operationId": "ready", "tags": ["operations"], "summary": "Ready: the database answers, a scheduler pass finished recently, and it did not fail (idle is ready).", "security": [],
                        "responses": {"200": ok("Readiness", {"status": "ready", "database": "ok", "lastPassAt": "2026-11-22T14:33:00Z"}),
                                      "503": ok("Readiness", {"status": "not_ready", "database": "ok", "lastPassAt": "2026-11-22T14:33:00Z", "reason": "pass_failed",
                                                              "problem": "the last pass failed: none of its 2 calls got an answer (state/nfl: could not reach https://api.sleeper.app/v1/state/nfl: Could not connect to server)"}, "Not ready.")}}},
    "/metrics": {"get": {"operationId": "metrics", "tags": ["operations"], "summary": "Prometheus metrics (text format 0.0.4).", "security": [],
                         "responses": {"200": {"description": "Prometheus text.", "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
    "/": {"get": {"operationId": "statusPage", "tags": ["operations"], "summary": "The status page (HTML, refreshes itself). Admin token as Bearer, or as the password of Basic auth in a browser.",
                  "security": [{"adminToken": []}, {"adminBasic": []}],
                  "responses": {"200": {"description": "The page.", "content": {"text/html": {"schema": {"type": "string"}}}}, "401": E401, "403": E403, "429": E429, "default": DEFAULT}}},
}

strict = {"additionalProperties": False}
schemas = {
    "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "object", "required": ["code", "message"], "properties": {
        "code": {"type": "string", "description": "Stable, machine-readable."}, "message": {"type": "string", "description": "One sentence for people."}}}}},
    "PairingRequest": {"type": "object", "required": ["code", "environment"], **strict, "properties": {
        "code": {"type": "string", "maxLength": 64, "description": "From `sideline devices invite`, e.g. ABCD-EFGH (case, dashes and spaces do not matter)."},
        "environment": {**ENV, "description": "The APNs environment of the app build (sandbox for development builds)."},
        "pushToStartToken": {**HEX, "description": "ActivityKit's pushToStartToken in hex; may be sent later with PUT …/push-to-start-token."},
        "name": {"type": "string", "minLength": 1, "maxLength": 64, "description": "A label for listings, e.g. \"Alex's iPhone\"."}}},
    "PairingResponse": {"type": "object", "required": ["deviceId", "deviceSecret", "sleeperUserId", "name", "environment"], "properties": {
        "deviceId": {"type": "string"}, "deviceSecret": {"type": "string", "description": "Shown once; keep it in the Keychain."},
        "sleeperUserId": {"type": "string"}, "name": {"type": "string"}, "environment": ENV}},
    "PushToStartTokenRequest": {"type": "object", "required": ["token"], **strict, "properties": {"token": HEX, "environment": ENV}},
    "ActivityTokenRequest": {"type": "object", "required": ["token"], **strict, "properties": {"token": HEX}},
    "ActivityState": {"type": "object", "required": ["activityId", "registrationId", "phase", "dismissed", "attributes", "contentState"], "properties": {
        "activityId": {"type": "string"}, "registrationId": {"type": "string"}, "phase": {"type": "string", "enum": ["live", "grace"]},
        "dismissed": {"type": "boolean", "description": "Swiped away on this device: nothing more is pushed to it here."},
        "attributes": ref("LiveActivityAttributes"), "contentState": ref("LiveActivityContentState")}},
    "MyActivities": {"type": "object", "required": ["activities", "retryAfterMs"], "properties": {
        "activities": {"type": "array", "items": ref("ActivityState")}, "retryAfterMs": {"type": "integer", "minimum": 1000}}},
    "RegistrationRequest": {"type": "object", "required": ["user"], **strict, "properties": {
        "user": {"type": "string", "minLength": 1, "description": "Sleeper username or user id."},
        "leagues": {"type": "array", "items": {"type": "string", "pattern": "^[0-9]{1,30}$"}},
        "timeZone": {"type": "string", "description": "IANA name for times on this person's Lock Screen, e.g. America/Chicago."},
        "locale": {"type": "string", "minLength": 1, "maxLength": 40, "description": "e.g. en_US."}}},
    "Registration": {"type": "object", "required": ["id", "sleeperUserId", "username", "displayName", "leagueId", "leagueName", "rosterId", "season"], "properties": {
        "id": {"type": "string"}, "sleeperUserId": {"type": "string"}, "username": {"type": "string"}, "displayName": {"type": "string"},
        "leagueId": {"type": "string"}, "leagueName": {"type": "string"}, "rosterId": {"type": "integer"}, "season": {"type": "string"},
        "timeZone": {"type": "string"}, "locale": {"type": "string"}, "note": {"type": "string", "description": "Why the league could not be followed into a new season."}}},
    "RegistrationList": {"type": "object", "required": ["registrations"], "properties": {"registrations": {"type": "array", "items": ref("Registration")}}},
    "RegistrationsAdded": {"type": "object", "required": ["registrations", "skipped"], "properties": {
        "registrations": {"type": "array", "items": {"type": "object", "required": ["registration", "existed"], "properties": {"registration": ref("Registration"), "existed": {"type": "boolean"}}}},
        "skipped": {"type": "array", "items": {"type": "string"}}}},
    "RegistrationRemoved": {"type": "object", "required": ["removed", "endedActivities"], "properties": {"removed": {"type": "string"}, "endedActivities": {"type": "integer", "minimum": 0}}},
    "Health": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string", "enum": ["ok"]}}},
    "Readiness": {"type": "object", "required": ["status", "database"], "properties": {
        "status": {"type": "string", "enum": ["ready", "not_ready"]}, "database": {"type": "string", "enum": ["ok", "unavailable"]},
        "lastPassAt": {"type": "string", "format": "date-time"},
        "reason": {"type": "string", "enum": ["database", "no_pass", "pass_too_old", "pass_failed"], "description": "Why not ready: the database, no pass yet, the last pass too old, or the last pass failed (it threw, or not one of its calls was answered)."},
        "problem": {"type": "string", "description": "Why not ready, in words."}}},
}
for name, schema in defs.items():
    schemas[name] = rewrite(schema)

document = {
    "openapi": "3.0.3",
    "info": {"title": "Sideline device and admin API", "version": "1",
             "description": "Phones pair, hand over their push tokens and read their display states; self-hosters manage registrations. JSON everywhere; errors are {\"error\": {\"code\", \"message\"}}. TLS belongs to a reverse proxy in front. The Live Activity schemas are generated from the SidelineActivity module (`sideline schema`, version %d)." % la.get("x-schema-version", 1)},
    "servers": [{"url": "http://127.0.0.1:8787", "description": "server.address and server.port (default)"}],
    "security": DEVICE,
    "tags": [{"name": "devices"}, {"name": "activities"}, {"name": "admin"}, {"name": "operations"}],
    "paths": paths,
    "components": {"schemas": schemas, "securitySchemes": {
        "deviceSecret": {"type": "http", "scheme": "bearer", "description": "The deviceSecret from pairing."},
        "adminToken": {"type": "http", "scheme": "bearer", "description": "server.admin_token."},
        "adminBasic": {"type": "http", "scheme": "basic", "description": "Any user name, server.admin_token as the password (for browsers)."}}},
}
with open("docs/openapi.json", "w") as out:
    json.dump(document, out, indent=2, sort_keys=True, ensure_ascii=False)
    out.write("\n")
