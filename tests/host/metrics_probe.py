#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
A client of rtlens's --listen endpoint, for tests/host/listen.sh. Only
loopback addresses are ever contacted, every loop is bounded in time.

  metrics_probe.py url STDERR_FILE         wait for rtlens's "serving the
                                           metrics at URL" line, print URL
  metrics_probe.py scrape URL [om]         GET it (om: ask for OpenMetrics),
                                           print the body; exit 1 unless 200
                                           with the right content type
  metrics_probe.py hostile URL             misbehaving clients, then a good one
  metrics_probe.py prom PROM_URL QUERY N   wait until Prometheus answers QUERY
                                           with N series or more; print them
"""
import json
import re
import socket
import sys
import time
import urllib.parse
import urllib.request

PROM_TYPE = 'text/plain; version=0.0.4'
OM_TYPE = 'application/openmetrics-text; version=1.0.0'


def fail(msg):
    print(msg, file=sys.stderr)
    sys.exit(1)


def host_port(url):
    u = urllib.parse.urlsplit(url)
    if u.hostname not in ('127.0.0.1', '::1', 'localhost'):
        fail(f'{url}: not a loopback address')
    return u.hostname, u.port


def wait_url(path):
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            m = re.search(r'serving the metrics at (\S+)', open(path).read())
        except OSError:
            m = None
        if m:
            print(m.group(1))
            return
        time.sleep(0.1)
    fail(f'no "serving the metrics at" line in {path}')


def get(url, headers=None, method='GET', timeout=10):
    req = urllib.request.Request(url, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.headers.get('Content-Type', ''), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get('Content-Type', ''), e.read()


def scrape(url, om):
    headers = {'Accept': OM_TYPE} if om else {}
    status, ctype, body = get(url, headers)
    want = OM_TYPE if om else PROM_TYPE
    if status != 200 or not ctype.startswith(want):
        fail(f'{url}: {status} {ctype}, want 200 {want}')
    sys.stdout.write(body.decode())


def raw(host, port, data, timeout=8):
    """send data, return what comes back until the server closes"""
    s = socket.create_connection((host, port), timeout=timeout)
    s.sendall(data)
    out = b''
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    except socket.timeout:
        pass
    s.close()
    return out


def status_of(answer):
    m = re.match(rb'HTTP/1\.1 (\d+)', answer)
    return int(m.group(1)) if m else None


def hostile(url):
    host, port = host_port(url)
    errors = []
    # answers to bad requests
    for name, data, want in (
            ('another path', b'GET / HTTP/1.1\r\nHost: x\r\n\r\n', 404),
            ('POST', b'POST /metrics HTTP/1.1\r\nContent-Length: 0\r\n\r\n', 405),
            ('not HTTP', b'\x00\x01garbage\xff\r\n\r\n', 400),
            ('huge head', b'GET /metrics HTTP/1.1\r\nX: ' + b'a' * 20000 + b'\r\n\r\n',
             431),
            ('HEAD', b'HEAD /metrics HTTP/1.0\r\n\r\n', 200)):
        got = status_of(raw(host, port, data))
        if got != want:
            errors.append(f'{name}: answer {got}, want {want}')
    head = raw(host, port, b'HEAD /metrics HTTP/1.0\r\n\r\n')
    if b'\r\n\r\n' in head and head.split(b'\r\n\r\n', 1)[1]:
        errors.append('HEAD: the answer has a body')
    # more idle clients than slots, and one that sends a byte at a time
    idle = [socket.create_connection((host, port), timeout=5) for _ in range(24)]
    slow = socket.create_connection((host, port), timeout=5)
    for b in b'GET /me':
        slow.send(bytes([b]))
        time.sleep(0.05)
    # a client that asks and never reads: the server must not wait on it
    greedy = socket.create_connection((host, port), timeout=5)
    greedy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    greedy.sendall(b'GET /metrics HTTP/1.1\r\n\r\n')
    t0 = time.time()
    status, _, body = get(url, timeout=15)
    took = time.time() - t0
    if status != 200 or b'rtlens_info' not in body:
        errors.append(f'good client behind hostile ones: {status}')
    if took > 8:
        errors.append(f'good client waited {took:.1f} s (the deadline is 5 s)')
    for s in idle + [slow, greedy]:
        s.close()
    status, _, _ = get(url)
    if status != 200:
        errors.append(f'after the hostile clients left: {status}')
    if errors:
        fail('; '.join(errors))
    print(f'ok: a good client was served in {took:.1f} s behind 26 hostile ones')


def prom(prom_url, query, n):
    deadline = time.time() + 40
    last = None
    while time.time() < deadline:
        try:
            q = urllib.parse.urlencode({'query': query})
            status, _, body = get(f'{prom_url}/api/v1/query?{q}', timeout=5)
            last = json.loads(body)
            result = last.get('data', {}).get('result', [])
            if status == 200 and len(result) >= n:
                for r in result:
                    print(json.dumps(r['metric'], sort_keys=True), r['value'][1])
                return
        except (OSError, ValueError) as e:
            last = str(e)
        time.sleep(0.5)
    fail(f'Prometheus never answered {query} with {n} series: {last}')


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    cmd = sys.argv[1]
    if cmd == 'url':
        wait_url(sys.argv[2])
    elif cmd == 'scrape':
        host_port(sys.argv[2])
        scrape(sys.argv[2], len(sys.argv) > 3 and sys.argv[3] == 'om')
    elif cmd == 'hostile':
        hostile(sys.argv[2])
    elif cmd == 'prom':
        host_port(sys.argv[2])
        prom(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        fail(__doc__)


if __name__ == '__main__':
    main()
