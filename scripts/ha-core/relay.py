"""A stand-in for Home Assistant's push relay: records every push HA forwards (one JSON line
each, to argv[2]) and answers as the relay does (201 with its rate-limit block)."""
import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer


class Relay(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with open(sys.argv[2], "a", encoding="utf-8") as log:
            log.write(json.dumps({"path": self.path, "body": json.loads(body or b"{}")}) + "\n")
        answer = json.dumps({"rateLimits": {"successful": 1, "errors": 0, "maximum": 500, "remaining": 499,
                                            "resetsAt": "2099-01-01T00:00:00Z"}}).encode()
        self.send_response(201)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


HTTPServer(("127.0.0.1", int(sys.argv[1])), Relay).serve_forever()
