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
  metrics_probe.py crowd URL N             N idle clients, a third of them with
                                           half a request sent, then a scrape
                                           (its body printed): served within
                                           SERVE_S; then they send a byte now
                                           and then till rtlens closes them,
                                           and another one, idle, is cut off
  metrics_probe.py threads PID CPU         rtlens's own threads (the server's)
                                           run where its main thread does,
                                           never on CPU
  metrics_probe.py prom PROM_URL QUERY N   wait until Prometheus answers QUERY
                                           with N series or more; print them
"""
import json
import os
import re
import resource
import selectors
import socket
import sys
import threading
import time
import urllib.parse
import urllib.request

PROM_TYPE = 'text/plain; version=0.0.4'
OM_TYPE = 'application/openmetrics-text; version=1.0.0'
# a good client is served this soon whatever the others do
SERVE_S = 1.0
# rtlens cuts an idle client off after 5 s
IDLE_CUT_S = 5


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


def checked_get(url, om=False):
    """the body of a 200 in the right format, or why not"""
    headers = {'Accept': OM_TYPE} if om else {}
    status, ctype, body = get(url, headers)
    want = OM_TYPE if om else PROM_TYPE
    if status != 200 or not ctype.startswith(want):
        return None, f'{url}: {status} {ctype}, want 200 {want}'
    if b'\nrtlens_info{' not in body or not body.endswith(b'\n'):
        return None, f'{url}: {len(body)} bytes, not the whole metrics'
    return body, None


def scrape(url, om):
    body, why = checked_get(url, om)
    if why:
        fail(why)
    sys.stdout.write(body.decode())


def raw(host, port, data, timeout=8):
    """send data, return what comes back until the server closes"""
    s = socket.create_connection((host, port), timeout=timeout)
    out = b''
    try:
        # the server may answer and close before the whole request is in
        s.sendall(data)
    except (BrokenPipeError, ConnectionResetError):
        pass
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    s.close()
    return out


def status_of(answer):
    m = re.match(rb'HTTP/1\.1 (\d+)', answer)
    return int(m.group(1)) if m else None


def timed_raw(host, port, data):
    t0 = time.time()
    answer = raw(host, port, data)
    return answer, time.time() - t0


def bad_requests(host, port):
    """rtlens's answers (404, 405) and libmicrohttpd's to requests it refuses"""
    errors = []
    for name, data, want in (
            ('another path', b'GET / HTTP/1.1\r\nHost: x\r\n\r\n', {404}),
            ('POST', b'POST /metrics HTTP/1.1\r\nContent-Length: 0\r\n\r\n', {405}),
            ('POST with a body never sent',
             b'POST /metrics HTTP/1.1\r\nContent-Length: 100000\r\n\r\nab', {405}),
            ('no HTTP version', b'GET /metrics\r\n\r\n', {400}),
            ('TLS on the port', b'\x16\x03\x01 junk\r\n\r\n', {400}),
            # libmicrohttpd 0.9.75 closes a request line of one word unanswered
            ('not HTTP', b'garbage\xff\r\n\r\n', {400, None}),
            ('HTTP/2.0', b'GET /metrics HTTP/2.0\r\n\r\n', {505}),
            ('huge head', b'GET /metrics HTTP/1.1\r\nX: ' + b'a' * 20000 + b'\r\n\r\n',
             {431}),
            ('huge path', b'GET /metrics?' + b'a' * 20000 + b' HTTP/1.1\r\n\r\n', {414, 431}),
            ('HEAD', b'HEAD /metrics HTTP/1.0\r\n\r\n', {200})):
        answer, took = timed_raw(host, port, data)
        got = status_of(answer)
        if got not in want:
            errors.append(f'{name}: answer {got}, want {" or ".join(map(str, want))}')
        elif took >= IDLE_CUT_S:
            errors.append(f'{name}: closed after {took:.1f} s, as an idle client')
        elif got == 405 and b'\r\nAllow: GET, HEAD\r\n' not in answer:
            errors.append(f'{name}: 405 without Allow: GET, HEAD')
        elif name == 'HEAD' and answer.split(b'\r\n\r\n', 1)[1:] != [b'']:
            errors.append('HEAD: the answer has a body')
    return errors


def hostile(url):
    host, port = host_port(url)
    errors = bad_requests(host, port)
    # idle clients, and one that sends a byte at a time
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
    body, why = checked_get(url)
    took = time.time() - t0
    if why:
        errors.append(f'good client behind hostile ones: {why}')
    elif took > SERVE_S:
        errors.append(f'good client waited {took:.2f} s (more than {SERVE_S} s)')
    for s in idle + [slow, greedy]:
        s.close()
    _, why = checked_get(url)
    if why:
        errors.append(f'after the hostile clients left: {why}')
    if errors:
        fail('; '.join(errors))
    print(f'ok: a good client was served in {took:.3f} s behind 26 hostile ones')


def raise_nofile(n):
    """room for n sockets in this process"""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = n + 256
    if soft != resource.RLIM_INFINITY and soft < want:
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def still_open(s):
    """the server has neither closed s nor answered on it"""
    try:
        s.recv(1, socket.MSG_PEEK)
    except BlockingIOError:
        return True
    except OSError:
        pass
    return False


def closed_by_server(s):
    """read what s has; has the server closed it?"""
    try:
        return not s.recv(65536)
    except BlockingIOError:
        return False
    except OSError:
        return True


# what the crowd sends after the scrape, a byte each TRICKLE_S: never a
# whole request head, and never idle long enough to be cut off
TRICKLE_S = 2
TRICKLE = {False: b'GET /metrics HTTP/1.1\r\nX-Trickle: ' + b'a' * 64,
           True: b'X-Trickle: ' + b'a' * 64}


def trickle(socks, half, deadline):
    """a byte at a time on socks until the server closes them all: when,
    or None if it has not by the deadline"""
    sel = selectors.DefaultSelector()
    for i, s in enumerate(socks):
        sel.register(s, selectors.EVENT_READ, i)
    sent = [0] * len(socks)
    left = set(range(len(socks)))
    next_byte = time.time()
    while left and time.time() < deadline:
        if time.time() >= next_byte:
            next_byte += TRICKLE_S
            for i in list(left):
                text = TRICKLE[half[i]]
                try:
                    socks[i].send(text[sent[i]:sent[i] + 1])
                    sent[i] = min(sent[i] + 1, len(text) - 1)
                except BlockingIOError:
                    pass
                except OSError:
                    sel.unregister(socks[i])
                    left.discard(i)
        wait = max(0.0, min(next_byte, deadline) - time.time())
        for key, _ in sel.select(timeout=wait):
            if closed_by_server(key.fileobj):
                sel.unregister(key.fileobj)
                left.discard(key.data)
    sel.close()
    return None if left else time.time()


def idle_client(host, port, closed):
    """a client that connects and sends nothing: closed[0], when rtlens
    closes it (None: not within 20 s)"""
    try:
        s = socket.create_connection((host, port), timeout=20)
    except OSError:
        return
    try:
        gone = not s.recv(1)
    except socket.timeout:
        gone = False
    except OSError:
        gone = True
    s.close()
    closed[0] = time.time() if gone else None


def connect_crowd(host, port, n):
    """n clients that connect and ask nothing, a third of them after half a
    request head: their sockets, and which are those"""
    raise_nofile(n)
    t0 = time.time()
    socks, half = [], []
    for i in range(n):
        try:
            s = socket.create_connection((host, port), timeout=10)
        except OSError as e:
            fail(f'idle client {i + 1} of {n} could not connect after '
                 f'{time.time() - t0:.1f} s: {e}')
        half.append(i % 3 == 0)
        if half[-1]:
            s.sendall(b'GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: text/plain\r\n')
        s.setblocking(False)
        socks.append(s)
    return socks, half


def crowd(url, n):
    """n idle clients, then a scrape; then they keep sending a byte now
    and then, until the end of the run closes them"""
    host, port = host_port(url)
    t0 = time.time()
    socks, half = connect_crowd(host, port, n)
    opened = time.time() - t0
    t1 = time.time()
    body, why = checked_get(url)
    took = time.time() - t1
    held = sum(still_open(s) for s in socks)
    early = time.time() - t0 < IDLE_CUT_S
    errors = []
    if why:
        errors.append(f'a scrape behind {n} idle clients: {why}')
    elif took > SERVE_S:
        errors.append(f'a scrape behind {n} idle clients took {took:.2f} s (more than {SERVE_S} s)')
    if held < n and early:
        errors.append(f'{n - held} of the {n} idle clients were closed before the scrape')
    # one more that stays idle: cut off, while the others are kept
    lone_closed = [None]
    lone = threading.Thread(target=idle_client, args=(host, port, lone_closed))
    t2 = time.time()
    lone.start()
    closed = trickle(socks, half, t1 + 60)
    lone.join()
    for s in socks:
        s.close()
    lone_held = lone_closed[0] and lone_closed[0] - t2
    if closed is None:
        errors.append('the clients were still connected 60 s after the scrape')
    if not lone_held or not IDLE_CUT_S - 1 <= lone_held <= IDLE_CUT_S + 10 or \
       (closed and lone_closed[0] >= closed):
        errors.append(f'an idle client was held {lone_held} s, want about {IDLE_CUT_S} s '
                      f'and before the end of the run')
    if errors:
        fail('; '.join(errors))
    sys.stdout.write(body.decode())
    print(f'{n} idle clients ({sum(half)} with half a request) connected in {opened:.2f} s, '
          f'{held} still held when a scrape was served in {took * 1000:.0f} ms; '
          f'another idle one cut off after {lone_held:.1f} s; the {n} closed by rtlens '
          f'{closed - t0:.1f} s after the first connected', file=sys.stderr)


def threads(pid, cpu):
    """rtlens's threads but the measuring ones (rtlens-osn/N), the server's
    among them, run where its main thread does, and cpu is not there"""
    main = os.sched_getaffinity(pid)
    if cpu in main:
        fail(f'the main thread runs on CPU {cpu}, which it measures')
    own, bad = 0, []
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            comm = open(f'/proc/{pid}/task/{tid}/comm').read().strip()
            cpus = os.sched_getaffinity(int(tid))
        except OSError:     # gone meanwhile
            continue
        if comm.startswith('rtlens-osn/'):
            continue
        own += 1
        if cpus != main:
            bad.append(f'{comm} ({tid}) on CPUs {sorted(cpus)}, the main thread on {sorted(main)}')
    if own < 2:
        fail(f"{own} thread of rtlens's own: the server has none")
    if bad:
        fail('; '.join(bad))


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
    elif cmd == 'crowd':
        crowd(sys.argv[2], int(sys.argv[3]))
    elif cmd == 'threads':
        threads(int(sys.argv[2]), int(sys.argv[3]))
    elif cmd == 'prom':
        host_port(sys.argv[2])
        prom(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        fail(__doc__)


if __name__ == '__main__':
    main()
