#!/usr/bin/env python3
"""A fake APNs for SidelineAPNs's tests: HTTP/2 over TLS on loopback.

It checks a Live Activity push the way docs/apns-live-activity.md says APNs does (and a
little more): the ES256 provider token against the test's public key, every header, the
payload's size and shape. A request that breaks a rule gets APNs's own status and reason,
so a client that regresses fails its tests. Requests that pass are answered by their device
token's prefix, to script the error statuses:

    badbad  400 BadDeviceToken (so is a     e410   410 Unregistered, with timestamp
            token of zeros, never issued)
    e400    400 DeviceTokenNotForTopic      e413   413 PayloadTooLarge
    e403e   403 ExpiredProviderToken once   e429   429 TooManyRequests, retry-after: 7
            per device token, then 200      e500   500 InternalServerError
    dddd    answers 200 after --slow-seconds e503  503 ServiceUnavailable
    c429    429 TooManyRequests (retry-after: 7) once per device token, then 200
    c503    503 ServiceUnavailable once per device token, then 200
    anything else: 200

Every request is appended to <dir>/requests.jsonl (written before the response is sent):
method, path, headers, body, the ASGI scope's http_version, the peer's address (one peer
port per TCP connection), status and reason.

Usage: fake_apns.py --dir DIR --public-key PEM --key-id K --team-id T --bundle-id B
On start it writes one JSON line to stdout: {"port", "ca_file", "log"}. It exits when its
standard input closes (the test process ended), on SIGTERM, or after --max-lifetime.
"""

import argparse
import asyncio
import datetime
import ipaddress
import json
import os
import re
import signal
import socket
import sys
import threading
import time
import uuid

try:
    import h2  # noqa: F401  (hypercorn's HTTP/2; imported to fail early with a clear message)
    import jwt
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
    from hypercorn.asyncio import serve
    from hypercorn.config import Config
except ImportError as error:
    print(
        f"fake_apns.py: missing Python package '{error.name}'. Install the test server's "
        "dependencies with: python3 -m pip install -r Tests/SidelineAPNsTests/Support/requirements.txt "
        "(or point SIDELINE_TEST_PYTHON at an interpreter that has them)",
        file=sys.stderr,
    )
    sys.exit(3)

MAX_PAYLOAD = 4096
TOKEN_UPDATE_MIN_SECONDS = 20 * 60
UNREGISTERED_AT_MS = 1_795_372_000_123
UUID_LOWER = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
DEVICE_PATH = re.compile(r"^/3/device/(.*)$")
HEX = re.compile(r"^[0-9a-fA-F]+$")
REQUIRED_HEADERS = [
    "authorization", "apns-push-type", "apns-topic", "apns-priority",
    "apns-expiration", "apns-id", "content-type",
]


class Reject(Exception):
    def __init__(self, status, reason, headers=None, body_extra=None):
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.headers = headers or []
        self.body_extra = body_extra or {}


def write_certificate(directory):
    """A self-signed certificate for 127.0.0.1 and localhost; the test trusts it as its CA file."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fake-apns.localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, key_cert_sign=True, content_commitment=False,
                key_encipherment=False, data_encipherment=False, key_agreement=False,
                crl_sign=False, encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    cert_path = os.path.join(directory, "cert.pem")
    key_path = os.path.join(directory, "key.pem")
    with open(cert_path, "wb") as f:
        f.write(certificate.public_bytes(serialization.Encoding.PEM))
    with open(key_path, "wb") as f:
        f.write(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
    return cert_path, key_path


class FakeAPNs:
    def __init__(self, args, log_path):
        with open(args.public_key, "rb") as f:
            self.public_key = serialization.load_pem_public_key(f.read())
        self.key_id = args.key_id
        self.team_id = args.team_id
        self.topic = args.bundle_id + ".push-type.liveactivity"
        self.bundle_id = args.bundle_id
        self.max_token_age = args.max_token_age
        self.slow_seconds = args.slow_seconds
        self.log = open(log_path, "a", encoding="utf-8")
        # The provider token in use, for APNs's "no new token within 20 minutes" rule.
        self.current_token = None
        self.current_iat = None
        self.expired_tokens = set()
        self.expired_once = set()
        self.refused_once = set()

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope["headers"]]
        delay = 0
        try:
            delay = self.judge(scope, headers, body)
            status, reason, extra_headers, body_extra = 200, None, [], {}
        except Reject as rejection:
            status, reason = rejection.status, rejection.reason
            extra_headers, body_extra = rejection.headers, rejection.body_extra
        client = scope.get("client") or ["", 0]
        record = {
            "method": scope["method"],
            "path": scope["path"],
            "headers": [[k, v] for k, v in headers],
            "body": body.decode("utf-8", "replace"),
            "body_bytes": len(body),
            "http_version": scope["http_version"],
            "scheme": scope.get("scheme"),
            "peer": [client[0], client[1]],
            "status": status,
            "reason": reason,
            "received_at": time.time(),
        }
        self.log.write(json.dumps(record) + "\n")
        self.log.flush()
        if delay:
            await asyncio.sleep(delay)  # recorded first, so a test can see it arrive
        apns_id = dict(headers).get("apns-id") or str(uuid.uuid4())
        response_headers = [(b"apns-id", apns_id.encode())]
        response_headers += [(k.encode(), v.encode()) for k, v in extra_headers]
        payload = b""
        if reason is not None:
            payload = json.dumps({"reason": reason, **body_extra}).encode()
            response_headers.append((b"content-type", b"application/json"))
        response_headers.append((b"content-length", str(len(payload)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": response_headers})
        await send({"type": "http.response.body", "body": payload})

    def judge(self, scope, headers, body):
        """Raises Reject for an error answer; returns how long to wait before a 200."""
        if scope["http_version"] != "2":
            raise Reject(400, "FakeAPNs:NotHTTP2")
        if scope["method"] != "POST":
            raise Reject(405, "MethodNotAllowed")
        match = DEVICE_PATH.match(scope["path"])
        if not match:
            raise Reject(404, "BadPath")
        device_token = match.group(1)
        if not HEX.match(device_token):
            raise Reject(400, "BadDeviceToken")
        names = [name for name, _ in headers]
        for name in set(names):
            if names.count(name) > 1:
                raise Reject(400, f"FakeAPNs:DuplicateHeader:{name}")
        values = dict(headers)
        self.check_provider_token(values.get("authorization"))
        if values.get("apns-push-type") != "liveactivity":
            raise Reject(400, "InvalidPushType")
        topic = values.get("apns-topic")
        if topic is None:
            raise Reject(400, "MissingTopic")
        if topic != self.topic:
            raise Reject(400, "DeviceTokenNotForTopic")
        if values.get("apns-priority") not in ("5", "10"):
            raise Reject(400, "BadPriority")
        if not re.match(r"^[0-9]+$", values.get("apns-expiration", "")):
            raise Reject(400, "BadExpirationDate")
        if not UUID_LOWER.match(values.get("apns-id", "")):
            raise Reject(400, "BadMessageId")
        if values.get("content-type") != "application/json":
            raise Reject(400, "FakeAPNs:BadContentType")
        missing = [name for name in REQUIRED_HEADERS if name not in values]
        if missing:
            raise Reject(400, "FakeAPNs:MissingHeader:" + ",".join(missing))
        if not body:
            raise Reject(400, "PayloadEmpty")
        if len(body) > MAX_PAYLOAD:
            raise Reject(413, "PayloadTooLarge")
        self.check_payload(body)
        return self.scripted(device_token.lower())

    def check_provider_token(self, authorization):
        if not authorization:
            raise Reject(403, "MissingProviderToken")
        if not authorization.startswith("bearer "):
            raise Reject(403, "InvalidProviderToken")
        token = authorization[len("bearer "):]
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            raise Reject(403, "InvalidProviderToken")
        if header != {"alg": "ES256", "kid": self.key_id}:
            raise Reject(403, "InvalidProviderToken")
        try:
            claims = jwt.decode(
                token, self.public_key, algorithms=["ES256"],
                options={"verify_iat": False, "verify_exp": False, "require": ["iss", "iat"]},
            )
        except jwt.PyJWTError:
            raise Reject(403, "InvalidProviderToken")
        if set(claims) != {"iss", "iat"} or claims["iss"] != self.team_id:
            raise Reject(403, "InvalidProviderToken")
        iat = claims["iat"]
        if not isinstance(iat, int) or isinstance(iat, bool):
            raise Reject(403, "InvalidProviderToken")
        now = time.time()
        if iat > now + 300:
            raise Reject(403, "InvalidProviderToken")
        if now - iat > self.max_token_age:
            self.expired_tokens.add(token)
            raise Reject(403, "ExpiredProviderToken")
        if token != self.current_token:
            replacing_live_token = self.current_token is not None and self.current_token not in self.expired_tokens
            if replacing_live_token and iat - self.current_iat < TOKEN_UPDATE_MIN_SECONDS:
                raise Reject(429, "TooManyProviderTokenUpdates")
            self.current_token, self.current_iat = token, iat
        self.provider_token = token

    def check_payload(self, body):
        try:
            payload = json.loads(body)
        except ValueError:
            raise Reject(400, "FakeAPNs:PayloadNotJSON")
        aps = payload.get("aps") if isinstance(payload, dict) else None
        if not isinstance(aps, dict):
            raise Reject(400, "FakeAPNs:MissingAps")
        timestamp = aps.get("timestamp")
        if not isinstance(timestamp, int) or isinstance(timestamp, bool) or timestamp < 1_000_000_000:
            raise Reject(400, "FakeAPNs:BadTimestamp")
        if aps.get("event") not in ("start", "update", "end"):
            raise Reject(400, "FakeAPNs:BadEvent")
        if not isinstance(aps.get("content-state"), dict):
            raise Reject(400, "FakeAPNs:MissingContentState")

    def scripted(self, device_token):
        # A token of zeros was never issued: APNs answers BadDeviceToken, after the
        # provider-token check (`sideline check` probes with one).
        if device_token.startswith("badbad") or set(device_token) == {"0"}:
            raise Reject(400, "BadDeviceToken")
        if device_token.startswith("e400"):
            raise Reject(400, "DeviceTokenNotForTopic")
        if device_token.startswith("e403e") and device_token not in self.expired_once:
            self.expired_once.add(device_token)
            self.expired_tokens.add(self.provider_token)
            raise Reject(403, "ExpiredProviderToken")
        if device_token.startswith("e410"):
            raise Reject(410, "Unregistered", body_extra={"timestamp": UNREGISTERED_AT_MS})
        if device_token.startswith("e413"):
            raise Reject(413, "PayloadTooLarge")
        if device_token.startswith(("c429", "c503")) and device_token not in self.refused_once:
            self.refused_once.add(device_token)
            if device_token.startswith("c429"):
                raise Reject(429, "TooManyRequests", headers=[("retry-after", "7")])
            raise Reject(503, "ServiceUnavailable")
        if device_token.startswith("e429"):
            raise Reject(429, "TooManyRequests", headers=[("retry-after", "7")])
        if device_token.startswith("e500"):
            raise Reject(500, "InternalServerError")
        if device_token.startswith("e503"):
            raise Reject(503, "ServiceUnavailable")
        if device_token.startswith("dddd"):
            return self.slow_seconds
        return 0


def exit_when_stdin_closes():
    """The test holds our stdin open; if it dies, the pipe closes and so do we."""
    try:
        while sys.stdin.buffer.read(1024):
            pass
    finally:
        os._exit(0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", required=True)
    parser.add_argument("--public-key", required=True)
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--team-id", required=True)
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--max-token-age", type=float, default=3600, help="reject JWTs older than this (seconds)")
    parser.add_argument("--slow-seconds", type=float, default=3)
    parser.add_argument("--max-lifetime", type=float, default=600)
    args = parser.parse_args()

    cert_path, key_path = write_certificate(args.dir)
    log_path = os.path.join(args.dir, "requests.jsonl")
    open(log_path, "w").close()
    app = FakeAPNs(args, log_path)

    # Bound and listening before the ready line: connections wait in the backlog until
    # hypercorn accepts them, so the test may connect as soon as it reads the port.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]

    config = Config()
    config.bind = [f"fd://{listener.fileno()}"]
    config.certfile = cert_path
    config.keyfile = key_path
    config.alpn_protocols = ["h2"]  # APNs is HTTP/2 only
    config.keep_alive_timeout = 600
    config.graceful_timeout = 0
    config.accesslog = None
    config.errorlog = "-"

    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    threading.Timer(args.max_lifetime, lambda: os._exit(0)).start()

    print(json.dumps({"port": port, "ca_file": cert_path, "log": log_path}), flush=True)

    stop = asyncio.Event()

    async def run():
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        await serve(app, config, shutdown_trigger=stop.wait)

    asyncio.run(run())
    os._exit(0)


if __name__ == "__main__":
    main()
