#!/usr/bin/env python3
"""A stub Sleeper for scripts/container-runtime-check: the Sleeper client's fixtures
(Tests/SidelineSleeperTests/Fixtures) served on loopback, so a binary in a chroot (which shares
the host's network) can register a user against a real HTTP peer without the internet.

Usage: stub-sleeper.py PORT_FILE   (listens on 127.0.0.1, a free port, written to PORT_FILE)
"""
import http.server
import pathlib
import re
import sys

FIXTURES = pathlib.Path(__file__).resolve().parent.parent / "Tests/SidelineSleeperTests/Fixtures"
ROUTES = [
    (r"/v1/state/nfl", "state_nfl.json"),
    (r"/v1/user/[^/]+", "user.json"),
    (r"/v1/user/[^/]+/leagues/nfl/[0-9]+", "user_leagues_nfl.json"),
    (r"/v1/league/[0-9]+", "league.json"),
    (r"/v1/league/[0-9]+/rosters", "league_rosters.json"),
    (r"/v1/league/[0-9]+/users", "league_users.json"),
    (r"/v1/league/[0-9]+/matchups/[0-9]+", "league_matchups_week2.json"),
    (r"/v1/players/nfl", "players_nfl_sample.json"),
]
# What `sideline check` asks of the game-status feeds: a week with no game is an answer.
INLINE = [
    (r"/scores/nfl/[a-z]+/[0-9]+/[0-9]+", b"[]"),
    (r"/apis/site/v2/sports/football/nfl/scoreboard", b'{"events": []}'),
]


class Stub(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        path = self.path.split("?", 1)[0]
        routes = [(pattern, lambda name=name: (FIXTURES / name).read_bytes()) for pattern, name in ROUTES]
        routes += [(pattern, lambda body=body: body) for pattern, body in INLINE]
        for pattern, read in routes:
            if re.fullmatch(pattern, path):
                body = read()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
        self.send_error(404)

    def log_message(self, format, *args):
        sys.stderr.write("stub-sleeper: " + format % args + "\n")


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Stub)
pathlib.Path(sys.argv[1]).write_text(str(server.server_address[1]))
server.serve_forever()
