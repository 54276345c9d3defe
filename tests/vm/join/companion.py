#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The host's end of the guest-host join test (tests/vm/join/check.sh).

Beside a TCG guest booted with one vCPU (QEMU's thread "CPU 0/TCG"), it:
pins that thread to the host's last CPU (QEMU's other threads to the
others), answers the guest's --host-sync with rtlens timesync, and does
what the guest asks on its control socket, one line each, answering "ok":
  host-record-start  a tracefs instance with the "mono" clock records the
                     host's scheduler, IRQs and KVM
  host-record-stop   trace-cmd extract writes it to $VM_OUT/host.dat
  spin-on            tests/vm/spin.c, SCHED_FIFO 50 on that CPU, JOIN_DUTY %
                     of every JOIN_PERIOD_MS ms (default 30 % of 50 ms)
  spin-off           the spinner stopped: its line in $VM_OUT/spin-host.txt
Environment: QEMU_PID, VM_DIR, VM_OUT (run.sh's), RTLENS_BIN.
"""
import os
import signal
import socket
import subprocess
import sys
import time

VM_DIR = os.environ['VM_DIR']
VM_OUT = os.environ['VM_OUT']
QEMU = int(os.environ['QEMU_PID'])     # QEMU's, or that of timeout(1) that runs it
RTLENS = os.environ.get('RTLENS_BIN', './rtlens')
DUTY = int(os.environ.get('JOIN_DUTY', '30'))
PERIOD_MS = int(os.environ.get('JOIN_PERIOD_MS', '50'))
procs = {}


def log(*a):
    print(*a, flush=True)


def wait_for(what, fn, seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        v = fn()
        if v:
            return v
        time.sleep(0.2)
    sys.exit(f'companion: no {what} after {seconds} s')


def qemu_pid():
    """QEMU: the process given, or its child (run.sh runs it under timeout)"""
    global QEMU
    with open(f'/proc/{QEMU}/comm') as f:
        if f.read().startswith('qemu'):
            return QEMU
    with open(f'/proc/{QEMU}/task/{QEMU}/children') as f:
        kids = f.read().split()
    if kids:
        QEMU = int(kids[0])
        return QEMU
    return None


def vcpu_thread():
    wait_for('QEMU process', qemu_pid)
    for tid in os.listdir(f'/proc/{QEMU}/task'):
        try:
            with open(f'/proc/{QEMU}/task/{tid}/comm') as f:
                if f.read().strip() == 'CPU 0/TCG':
                    return int(tid)
        except OSError:
            pass
    return None


def pin(cpu):
    tid = wait_for('vCPU thread CPU 0/TCG', vcpu_thread)
    others = set(range(os.cpu_count())) - {cpu} or {cpu}
    for t in os.listdir(f'/proc/{QEMU}/task'):
        try:
            os.sched_setaffinity(int(t), {cpu} if int(t) == tid else others)
        except OSError:
            pass
    log(f'vCPU thread {tid} pinned to CPU {cpu}, QEMU\'s others to {sorted(others)}')


def connect(path):
    wait_for(path, lambda: os.path.exists(path))
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s


TRACEFS = '/sys/kernel/tracing'
INSTANCE = f'{TRACEFS}/instances/rtlens-join-host'


def put(path, value):
    with open(f'{INSTANCE}/{path}', 'w') as f:
        f.write(value)


def record_start():
    """an instance of its own, read by trace-cmd extract at the end: trace-cmd
    record also sets up the function tracer, which some hosts refuse"""
    os.mkdir(INSTANCE)
    put('trace_clock', 'mono')
    put('buffer_size_kb', '65536')
    for ev in ('sched/sched_switch', 'irq', 'irq_vectors', 'kvm'):
        if os.path.exists(f'{INSTANCE}/events/{ev}/enable'):
            put(f'events/{ev}/enable', '1')
    put('tracing_on', '1')
    procs['recording'] = True
    return True


def record_stop():
    if not procs.pop('recording', None):
        return False
    put('tracing_on', '0')
    # trace-cmd extract names the top instance's clock as the buffer's: the
    # top one's is "mono" for that moment, then as it was
    with open(f'{TRACEFS}/trace_clock') as f:
        old = f.read().split('[')[1].split(']')[0]
    with open(f'{TRACEFS}/trace_clock', 'w') as f:
        f.write('mono')
    try:
        rc = subprocess.run(['trace-cmd', 'extract', '-B', 'rtlens-join-host',
                             '-o', f'{VM_OUT}/host.dat'],
                            stdout=subprocess.DEVNULL,
                            stderr=open(f'{VM_DIR}/trace-cmd.log', 'w')).returncode
    finally:
        with open(f'{TRACEFS}/trace_clock', 'w') as f:
            f.write(old)
        remove_instance()
    return rc == 0


def remove_instance():
    if os.path.isdir(INSTANCE):
        os.rmdir(INSTANCE)


def spin_on(cpu):
    procs['spin'] = subprocess.Popen(
        [f'{VM_DIR}/bin/spin', '-c', str(cpu), '-p', '50', '-n', 'rtlens-spin',
         '-d', '900', '--duty', str(DUTY), '--period-ms', str(PERIOD_MS)],
        stdout=subprocess.PIPE, text=True)
    time.sleep(0.5)
    return procs['spin'].poll() is None


def spin_off():
    sp = procs.pop('spin', None)
    if not sp:
        return False
    sp.terminate()
    out, _ = sp.communicate(30)
    with open(f'{VM_OUT}/spin-host.txt', 'w') as f:
        f.write(f'duty={DUTY} period_ms={PERIOD_MS} {out.strip()}\n')
    return True


def stop_all(*_):
    for name in ('spin', 'sync'):
        p = procs.pop(name, None)
        if p and p.poll() is None:
            p.terminate()
            p.wait(120)
    remove_instance()
    sys.exit(0)


def main():
    signal.signal(signal.SIGTERM, stop_all)
    cpu = os.cpu_count() - 1
    pin(cpu)
    wait_for('sync socket', lambda: os.path.exists(f'{VM_DIR}/sync.sock'))
    procs['sync'] = subprocess.Popen([RTLENS, 'timesync', f'{VM_DIR}/sync.sock'])
    ctl = connect(f'{VM_DIR}/ctl.sock').makefile('rw')
    actions = {
        'host-record-start': record_start, 'host-record-stop': record_stop,
        'spin-on': lambda: spin_on(cpu), 'spin-off': spin_off,
    }
    for line in ctl:
        word = line.strip()
        if not word:
            continue
        done = actions[word]() if word in actions else False
        log(f'{word}: {"ok" if done else "FAILED"}')
        ctl.write('ok\n' if done else 'failed\n')
        ctl.flush()
    stop_all()


main()
