#!/usr/bin/env python3
"""A local HTTPS server for the live URLSession, Alamofire and TrustKit tests: python3 https_server.py CHAIN KEY.
Listens on 127.0.0.1 (an ephemeral port, printed as "PORT n"), HTTP/1.1, one thread per connection; the
TLS handshake runs in the connection's thread, so a client that refuses the server holds up nobody else.

  /                  200 text/plain "hello"
  /json              200 application/json {"hello": "world", "path": ...}
  /echo              200 application/json: the request's method, path, headers and body (base64)
  /status/N          status N, body "status N"
  /redirect/N        302 to /redirect/N-1; /redirect/0 answers 200 "redirected"
  /redirect-to?url=U 302 to U; /see-other 303 to /echo; /temporary 307 to /echo
  /loop              302 to itself, for ever
  /chunked           200, Transfer-Encoding: chunked, "chunk one,chunk two"
  /slow?seconds=S    waits S seconds, then 200 "slow"
  /close             200 with no Content-Length, the body ends when the connection closes
"""
import base64, http.server, json, os, socketserver, ssl, sys, threading, time, urllib.parse


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="text/plain; charset=utf-8", headers=()):
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def redirect(self, status, location):
        self.send(status, "", headers=[("Location", location)])

    def handle_any(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        path = url.path
        if path == "/":
            self.send(200, "hello")
        elif path == "/json":
            self.send(200, json.dumps({"hello": "world", "path": self.path}), "application/json")
        elif path == "/echo":
            self.send(200, json.dumps({"method": self.command, "path": self.path,
                                       "headers": {k: v for k, v in self.headers.items()},
                                       "body": base64.b64encode(body).decode()}), "application/json")
        elif path.startswith("/status/"):
            code = int(path.split("/")[2])
            self.send(code, "status %d" % code)
        elif path.startswith("/redirect/"):
            n = int(path.split("/")[2])
            if n == 0:
                self.send(200, "redirected")
            else:
                self.redirect(302, "/redirect/%d" % (n - 1))
        elif path == "/redirect-to":
            self.redirect(302, query["url"][0])
        elif path == "/see-other":
            self.redirect(303, "/echo")
        elif path == "/temporary":
            self.redirect(307, "/echo")
        elif path == "/loop":
            self.redirect(302, "/loop")
        elif path == "/chunked":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for chunk in (b"chunk one,", b"chunk two"):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"0\r\n\r\n")
        elif path == "/slow":
            time.sleep(float(query.get("seconds", ["3"])[0]))
            self.send(200, "slow")
        elif path == "/close":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"until close")
            self.close_connection = True
        else:
            self.send(404, "not found")

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = handle_any


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

    def __init__(self, context):
        self.context = context
        super().__init__(("127.0.0.1", 0), Handler)

    def get_request(self):
        sock, address = self.socket.accept()
        return self.context.wrap_socket(sock, server_side=True, do_handshake_on_connect=False), address

    def handle_error(self, request, client_address):
        pass  # a client that refuses the server's certificate ends its handshake with an alert


context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(sys.argv[1], sys.argv[2])
server = Server(context)
print("PORT %d" % server.server_address[1], flush=True)


def exit_with_the_test_process():
    # Standard input is a pipe the test process holds open: it reaches its end when that process exits,
    # even one that never releases the server (a suite's shared one) or that crashed.
    sys.stdin.buffer.read()
    os._exit(0)


threading.Thread(target=exit_with_the_test_process, daemon=True).start()
server.serve_forever()
