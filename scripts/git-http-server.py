#!/usr/bin/env python3
"""Smart-HTTP git server for nakedblog's tests: `git http-backend` behind a loopback HTTP/1.1 server.

Usage: git-http-server.py --root DIR --port N [--auth USER:PASS] [--tls-cert PEM --tls-key PEM]

Push is enabled. Request bodies may be chunked or gzip-encoded (http-backend inflates gzip).
Responses are streamed with chunked transfer encoding, so large clones are not buffered.
"""
import argparse
import base64
import http.server
import os
import shutil
import ssl
import subprocess
import sys
import tempfile


class GitHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        sys.stderr.write("%s %s\n" % (self.address_string(), fmt % args))

    def do_GET(self):
        self.serve()

    def do_POST(self):
        self.serve()

    def authorized_user(self):
        expected = self.server.credentials
        if expected is None:
            return "tester"
        header = self.headers.get("Authorization", "")
        if header:
            # Logged so tests can prove which credentials reached the server (and which never did).
            sys.stderr.write("authorization: %s\n" % header)
            sys.stderr.flush()
        if not header.startswith("Basic "):
            return None
        try:
            supplied = base64.b64decode(header[6:]).decode("utf-8")
        except ValueError:
            return None
        return supplied.split(":", 1)[0] if supplied == expected else None

    def read_body(self, sink):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            while True:
                size_line = self.rfile.readline().strip()
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return
                shutil.copyfileobj(LimitedReader(self.rfile, size), sink)
                self.rfile.readline()
        else:
            length = int(self.headers.get("Content-Length", "0") or "0")
            shutil.copyfileobj(LimitedReader(self.rfile, length), sink)

    def serve(self):
        user = self.authorized_user()
        if user is None:
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="nakedblog tests"')
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        path, _, query = self.path.partition("?")
        with tempfile.TemporaryFile() as body:
            self.read_body(body)
            length = body.tell()
            body.seek(0)
            env = {
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "GIT_PROJECT_ROOT": self.server.root,
                "GIT_HTTP_EXPORT_ALL": "1",
                "REQUEST_METHOD": self.command,
                "PATH_INFO": path,
                "QUERY_STRING": query,
                "CONTENT_TYPE": self.headers.get("Content-Type", ""),
                "CONTENT_LENGTH": str(length),
                "REMOTE_USER": user,
                "REMOTE_ADDR": "127.0.0.1",
                "GIT_CONFIG_NOSYSTEM": "1",
                "HOME": self.server.root,
            }
            if self.headers.get("Content-Encoding"):
                env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
            if self.headers.get("Git-Protocol"):
                env["GIT_PROTOCOL"] = self.headers["Git-Protocol"]
            backend = subprocess.Popen(["git", "http-backend"], stdin=body, stdout=subprocess.PIPE, env=env)
            status, headers = 200, []
            while True:
                line = backend.stdout.readline().decode("latin-1").rstrip("\r\n")
                if not line:
                    break
                name, _, value = line.partition(":")
                if name.lower() == "status":
                    status = int(value.strip().split()[0])
                else:
                    headers.append((name, value.strip()))
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                while True:
                    chunk = backend.stdout.read1(65536)
                    if not chunk:
                        break
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                backend.kill()
            backend.wait()


class LimitedReader:
    def __init__(self, stream, remaining):
        self.stream, self.remaining = stream, remaining

    def read(self, size=-1):
        if self.remaining <= 0:
            return b""
        if size < 0 or size > self.remaining:
            size = self.remaining
        data = self.stream.read(size)
        self.remaining -= len(data)
        return data


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--auth")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), GitHandler)
    server.daemon_threads = True
    server.root = os.path.abspath(args.root)
    server.credentials = args.auth
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    sys.stderr.write("serving %s on 127.0.0.1:%d\n" % (server.root, args.port))
    sys.stderr.flush()
    server.serve_forever()


if __name__ == "__main__":
    main()
