#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Write the seed corpus of the fuzz targets (tests/fuzz/corpus/TARGET/) and
# the dictionary of the option parser (tests/fuzz/options.dict, from the
# option table in src/cli/options.c). Run it again after changing a target's
# input format; the files it writes are committed.
#
#   tests/fuzz/make_seeds.py

import json
import os
import re
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def s8(s):
    """a string as the targets read it: a length byte, then the bytes"""
    b = s.encode()
    return bytes([len(b)]) + b


def write_corpus(target, seeds):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.unlink(os.path.join(d, f))
    for name, data in seeds.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)


# ---- options: a byte for the command (and CPUs), then NUL-separated words ----

OSNOISE_TOP, OSNOISE_HIST, TIMERLAT_TOP, TIMERLAT_HIST, HWNOISE = range(5)


def argv(cmd, *words, cpus=8):
    return bytes([cmd + 5 * (cpus - 1)]) + b"\0".join(w.encode() for w in words)


def options_seeds():
    return {
        "osnoise-top": argv(OSNOISE_TOP, "-c", "0-3", "-d", "10s", "-q"),
        "osnoise-auto": argv(OSNOISE_TOP, "-a", "50", "-p", "1000000", "-r", "900000",
                             "-T", "1", "--aa-top", "5"),
        "osnoise-hist": argv(OSNOISE_HIST, "-b", "10", "-E", "100", "--no-header",
                             "--no-summary", "--no-index", "--with-zeros", "--kernel-hist"),
        "osnoise-events": argv(OSNOISE_TOP, "-e", "sched:sched_switch", "--filter",
                               "prev_pid == 1", "--trigger", "stacktrace", "-e", "irq"),
        "osnoise-misc": argv(OSNOISE_TOP, "-H", "0", "-C", "-P", "f:95", "-D", "-t",
                             "out.txt", "--warm-up", "2", "--trace-buffer-size", "1024",
                             "--json", "-", "--engine", "user"),
        "osnoise-actions": argv(OSNOISE_TOP, "-s", "30", "-S", "100", "--on-threshold",
                                "trace,file=t.txt", "--on-threshold", "signal,num=2,pid=parent",
                                "--on-end", "shell,command=echo done", "--on-threshold",
                                "continue"),
        "osnoise-priority": argv(OSNOISE_HIST, "-P", "d:100us:1ms", "--cgroup=rt", "-t"),
        "timerlat-top": argv(TIMERLAT_TOP, "-a", "40", "-u", "--dump-tasks", "-n",
                             "--dma-latency", "0", "--deepest-idle-state", "1", "-k"),
        "timerlat-hist": argv(TIMERLAT_HIST, "-i", "20", "-T", "50", "-s", "30",
                              "--no-irq", "--no-thread", "--aa-only", "40", "--no-aa",
                              "-p", "1000", "-E", "20"),
        "hwnoise": argv(HWNOISE, "-c", "1,3-5", "-d", "1m", "--", "extra"),
        "help": argv(TIMERLAT_HIST, "--help"),
        "bad": argv(OSNOISE_TOP, "-xq", "--nope", "-p"),
    }


def options_dict():
    src = open(os.path.join(ROOT, "src", "cli", "options.c")).read()
    words = set()
    for name, short in re.findall(r'ROW\(G_\w+, "([a-z-]+)", (?:\'(.)\'|0),', src):
        words.add("--" + name)
        if short:
            words.add("-" + short)
    words.add("--no-")      # the negation of a boolean option (opt_parse.h)
    values = ["0", "1", "-", "=", ",", ":", "0-3", "1s", "1m", "1h", "1d", "us", "ms",
              "o:", "r:", "f:", "d:", "sys:event", "trace", "signal", "shell", "continue",
              "file=", "num=", "pid=", "parent", "command=", "auto", "kernel", "user",
              "18446744073709551615", "4294967296", "127.0.0.1:9473", "round-robin",
              "truncate", "0.5"]
    lines = ['"%s"' % w for w in sorted(words)] + ['"%s"' % v for v in values]
    with open(os.path.join(HERE, "options.dict"), "w") as f:
        f.write("# the option parser's words (tests/fuzz/make_seeds.py writes it)\n")
        f.write("\n".join(lines) + "\n")


# ---- state records ----

def hexs(s):
    return s.encode().hex() if s else "-"


def state_record_seeds():
    head = "rtlens-state 1\npid 4242\n"
    return {
        "full": (head + "instance rtlens-4242\ninstance rtlens-4242-trace\n"
                 "file 0 osnoise/cpus %s\n" % hexs("0-3\n") +
                 "file 0 tracing_thresh %s\n" % hexs("0\n") +
                 "file 0 osnoise/period_us %s\n" % hexs("1000000\n") +
                 "file 1 osnoise/options %s\n" % hexs("NO_OSNOISE_WORKLOAD\n") +
                 "file 2 cpu3/state2 %s\n" % hexs("1") +
                 "file 0 osnoise/print_stack -\n").encode(),
        "refused": (head + "file 0 ../../etc/passwd 41\ninstance ../x\n"
                    "file 2 cpu01/state1 30\nfile 0 osnoise/cpus 4g\n").encode(),
        "long": (head + "file 0 osnoise/cpus " + "41" * 4096 + "\n").encode(),
        "no-newline": b"rtlens-state 1",
    }


# ---- decode: event formats and ring-buffer pages ----

FIELD_TYPES = ["unsigned short", "unsigned char", "int", "unsigned int", "u64", "s64", "u32",
               "long", "unsigned long", "void *", "pid_t", "char", "__data_loc char[]",
               "__rel_loc char[]", "enum hrtimer_mode"]
FIELD_SIGNED, FIELD_COMMON = 1, 2


def field(decl, offset, size, signed, flags=0):
    """a field as fuzz_decode's field_line() reads it, from its declaration"""
    m = re.match(r"(.*?) ?(\w+)(?:\[(\d+)\])?$", decl)
    ftype, name, array = m.group(1), m.group(2), int(m.group(3) or 0)
    return (struct.pack("<BBIBB", FIELD_TYPES.index(ftype), array, offset, size,
                        flags | signed) + s8(name))


COMMON = (field("unsigned short common_type", 0, 2, 0, FIELD_COMMON) +
          field("unsigned char common_flags", 2, 1, 0, FIELD_COMMON) +
          field("unsigned char common_preempt_count", 3, 1, 0, FIELD_COMMON) +
          field("int common_pid", 4, 4, 1, FIELD_COMMON))


def fmt(name, eid, fields, printf):
    """an event's format (print format 0: "x", 1: kvm_exit's, 2: nmi_handler's)"""
    return (name, eid, printf, COMMON + b"".join(field(*f) for f in fields))


FORMATS = {
    "osnoise": ("ftrace", fmt("osnoise", 10, [
        ("u64 runtime", 8, 8, 0), ("u64 noise", 16, 8, 0), ("u64 max_sample", 24, 8, 0),
        ("unsigned int hw_count", 32, 4, 0), ("unsigned int nmi_count", 36, 4, 0),
        ("unsigned int irq_count", 40, 4, 0), ("unsigned int softirq_count", 44, 4, 0),
        ("unsigned int thread_count", 48, 4, 0)], 0)),
    "sample_threshold": ("osnoise", fmt("sample_threshold", 11, [
        ("u64 start", 8, 8, 0), ("u64 duration", 16, 8, 0), ("u64 interference", 24, 8, 0)], 0)),
    "irq_noise": ("osnoise", fmt("irq_noise", 12, [
        ("u64 start", 8, 8, 0), ("u64 duration", 16, 8, 0),
        ("__data_loc char[] desc", 24, 4, 0), ("int vector", 28, 4, 1)], 0)),
    "thread_noise": ("osnoise", fmt("thread_noise", 13, [
        ("char comm[16]", 8, 16, 0), ("u64 start", 24, 8, 0), ("u64 duration", 32, 8, 0),
        ("pid_t pid", 40, 4, 1)], 0)),
    "softirq_noise": ("osnoise", fmt("softirq_noise", 14, [
        ("u64 start", 8, 8, 0), ("u64 duration", 16, 8, 0), ("int vector", 24, 4, 1)], 0)),
    "nmi_noise": ("osnoise", fmt("nmi_noise", 15, [
        ("u64 start", 8, 8, 0), ("u64 duration", 16, 8, 0)], 0)),
    "timerlat": ("ftrace", fmt("timerlat", 16, [
        ("unsigned int seqnum", 8, 4, 0), ("int context", 12, 4, 1),
        ("u64 timer_latency", 16, 8, 0)], 0)),
    "kernel_stack": ("ftrace", fmt("kernel_stack", 4, [
        ("int size", 8, 4, 1), ("unsigned long caller[8]", 16, 64, 0)], 0)),
    "kernel_stack32": ("ftrace", fmt("kernel_stack", 4, [
        ("int size", 8, 4, 1), ("unsigned long caller[8]", 12, 32, 0)], 0)),
    "irq_handler_entry": ("irq", fmt("irq_handler_entry", 225, [
        ("int irq", 8, 4, 1), ("__data_loc char[] name", 12, 4, 0)], 0)),
    "irq_handler_exit": ("irq", fmt("irq_handler_exit", 224, [
        ("int irq", 8, 4, 1), ("int ret", 12, 4, 1)], 0)),
    "softirq_entry": ("irq", fmt("softirq_entry", 223, [("unsigned int vec", 8, 4, 0)], 0)),
    "softirq_exit": ("irq", fmt("softirq_exit", 222, [("unsigned int vec", 8, 4, 0)], 0)),
    "sched_switch": ("sched", fmt("sched_switch", 372, [
        ("char prev_comm[16]", 8, 16, 0), ("pid_t prev_pid", 24, 4, 1),
        ("int prev_prio", 28, 4, 1), ("long prev_state", 32, 8, 1),
        ("char next_comm[16]", 40, 16, 0), ("pid_t next_pid", 56, 4, 1),
        ("int next_prio", 60, 4, 1)], 0)),
    "sched_wakeup": ("sched", fmt("sched_wakeup", 371, [
        ("char comm[16]", 8, 16, 0), ("pid_t pid", 24, 4, 1), ("int prio", 28, 4, 1),
        ("int target_cpu", 32, 4, 1)], 0)),
    "nmi_handler": ("nmi", fmt("nmi_handler", 170, [
        ("void * handler", 8, 8, 0), ("s64 delta_ns", 16, 8, 1), ("int handled", 24, 4, 1)],
        2)),
    "local_timer_entry": ("irq_vectors", fmt("local_timer_entry", 100, [
        ("int vector", 8, 4, 1)], 0)),
    "local_timer_exit": ("irq_vectors", fmt("local_timer_exit", 101, [
        ("int vector", 8, 4, 1)], 0)),
    "hrtimer_start": ("timer", fmt("hrtimer_start", 90, [
        ("void * hrtimer", 8, 8, 0), ("void * function", 16, 8, 0), ("s64 expires", 24, 8, 1),
        ("s64 softexpires", 32, 8, 1), ("enum hrtimer_mode mode", 40, 4, 0)], 0)),
    "hrtimer_expire_entry": ("timer", fmt("hrtimer_expire_entry", 91, [
        ("void * hrtimer", 8, 8, 0), ("s64 now", 16, 8, 1), ("void * function", 24, 8, 0)], 0)),
    "kvm_exit": ("kvm", fmt("kvm_exit", 41, [
        ("unsigned int exit_reason", 8, 4, 0), ("unsigned long guest_rip", 16, 8, 0),
        ("u32 isa", 24, 4, 0), ("unsigned int vcpu_id", 28, 4, 0)],
        1)),
    "kvm_entry": ("kvm", fmt("kvm_entry", 43, [
        ("unsigned int vcpu_id", 8, 4, 0), ("unsigned long rip", 16, 8, 0),
        ("unsigned char immediate_exit", 24, 1, 0)], 0)),
    "kvm_userspace_exit": ("kvm", fmt("kvm_userspace_exit", 42, [
        ("u32 reason", 8, 4, 0), ("int errno", 12, 4, 1)], 0)),
}

ID = {key: f[1] for key, (_, f) in FORMATS.items()}

DECODE_OSNOISE, DECODE_TIMERLAT, DECODE_NOISE_EVENTS, DECODE_STACK = 1, 2, 4, 8
DECODE_STD_EVENTS, DECODE_HRTIMER, DECODE_KVM, DECODE_KVM_VCPU = 16, 32, 64, 128


def record(name, payload, pid=100):
    """an event's data: the common fields, then @payload"""
    return struct.pack("<HBBi", ID[name], 0, 0, pid) + payload


def ring_event(data, delta=1000):
    """the ring buffer's event: header word, data padded to 4 bytes"""
    data += b"\0" * (-len(data) % 4)
    if len(data) <= 28 * 4:
        return struct.pack("<I", (len(data) // 4) | (delta << 5)) + data
    return struct.pack("<II", delta << 5, len(data) + 4) + data


def time_extend(delta):
    return struct.pack("<II", 30 | ((delta & ((1 << 27) - 1)) << 5), delta >> 27)


def page(events, long_size=8, ts=1000000000):
    body = b"".join(events)
    commit = struct.pack("<Q" if long_size == 8 else "<I", len(body))
    return struct.pack("<Q", ts) + commit + body


def decode_input(sets, names, events, long_size=8, cpu=1):
    out = bytes([(1 if long_size == 8 else 0) | cpu << 1, sets])
    for key in names:
        system, (name, eid, printf, fields) = FORMATS[key]
        blob = s8(system) + s8(name) + struct.pack("<HB", eid, printf) + fields
        out += struct.pack("<H", len(blob)) + blob
    return out + struct.pack("<H", 0) + page(events, long_size)


def data_loc(offset, s):
    return struct.pack("<I", (len(s) << 16) | offset)


def osnoise_seed():
    names = ["osnoise", "sample_threshold", "irq_noise", "thread_noise", "softirq_noise",
             "nmi_noise"]
    desc = b"local_timer:236\0"
    events = [
        record("osnoise", struct.pack("<QQQIIIII", 1000000, 250, 40, 1, 2, 3, 4, 5)),
        record("sample_threshold", struct.pack("<QQQ", 123456789, 5000, 2)),
        record("irq_noise", struct.pack("<QQ", 100, 2500) + data_loc(32, desc) +
               struct.pack("<i", 236) + desc),
        record("thread_noise", b"kworker/1:2\0\0\0\0\0" + struct.pack("<QQi", 5, 9, 412)),
        record("softirq_noise", struct.pack("<QQi", 7, 8, 1)),
        record("nmi_noise", struct.pack("<QQ", 11, 12)),
    ]
    events = [ring_event(e) for e in events]
    events.insert(3, time_extend(1 << 30))
    return decode_input(DECODE_OSNOISE | DECODE_NOISE_EVENTS, names, events)


def timerlat_seed(long_size):
    stack = "kernel_stack" if long_size == 8 else "kernel_stack32"
    word = "<Q" if long_size == 8 else "<I"
    base = 0xffffffff81000000 if long_size == 8 else 0xc1000000
    callers = b"".join(struct.pack(word, base + i) for i in range(8))
    events = [
        record("timerlat", struct.pack("<IiQ", 7, 0, 2500)),
        record("timerlat", struct.pack("<IiQ", 7, 1, 12345)),
        record(stack, struct.pack("<i", 5) + b"\0" * (long_size - 4) + callers),
    ]
    return decode_input(DECODE_TIMERLAT | DECODE_STACK, ["timerlat", stack],
                        [ring_event(e) for e in events], long_size)


def std_seed():
    names = ["irq_handler_entry", "irq_handler_exit", "softirq_entry", "softirq_exit",
             "sched_switch", "sched_wakeup", "nmi_handler", "local_timer_entry",
             "local_timer_exit"]
    name = b"eth0-rx\0"
    events = [
        record("irq_handler_entry", struct.pack("<i", 30) + data_loc(16, name) + name),
        record("irq_handler_exit", struct.pack("<ii", 30, 1)),
        record("softirq_entry", struct.pack("<I", 3)),
        record("softirq_exit", struct.pack("<I", 3)),
        record("sched_switch", b"swapper/1\0\0\0\0\0\0\0" + struct.pack("<iiq", 0, 120, 0) +
               b"rtlens-osn/1\0\0\0\0" + struct.pack("<ii", 4321, 120)),
        record("sched_wakeup", b"rtlens-osn/1\0\0\0\0" + struct.pack("<iii", 4321, 120, 1)),
        record("nmi_handler", struct.pack("<Qqi", 0xffffffff81001000, 3000, 1)),
        record("local_timer_entry", struct.pack("<i", 236)),
        record("local_timer_exit", struct.pack("<i", 236)),
    ]
    events = [ring_event(e) for e in events]
    events.append(struct.pack("<II", 29, 8) + b"\0" * 8)	# padding
    return decode_input(DECODE_STD_EVENTS, names, events)


def hrtimer_seed():
    events = [
        record("hrtimer_start", struct.pack("<QQqqI", 0xffff888001234000, 0xffffffff81002000,
                                            5000000, 5000000, 1)),
        record("hrtimer_expire_entry", struct.pack("<QqQ", 0xffff888001234000, 5003000,
                                                   0xffffffff81002000)),
    ]
    return decode_input(DECODE_HRTIMER, ["hrtimer_start", "hrtimer_expire_entry"],
                        [ring_event(e) for e in events])


def kvm_seed():
    events = [
        record("kvm_exit", struct.pack("<IIQII", 0x7b, 0, 0xffffffff, 2, 1)),
        record("kvm_exit", struct.pack("<IIQII", 30, 0, 0x1000, 1, 0)),
    ]
    return decode_input(DECODE_KVM, ["kvm_exit"], [ring_event(e) for e in events])


def kvm_vcpu_seed():
    """a light exit, then a heavy one: to the VMM, a restart, back"""
    events = [
        record("kvm_entry", struct.pack("<IIQB", 1, 0, 0x1000, 0)),
        record("kvm_exit", struct.pack("<IIQII", 0x72, 0, 0x1000, 2, 1)),
        record("kvm_entry", struct.pack("<IIQB", 1, 0, 0x1002, 1)),
        record("kvm_exit", struct.pack("<IIQII", 0x7b, 0, 0x1004, 2, 1)),
        record("kvm_userspace_exit", struct.pack("<Ii", 2, 0)),
        record("kvm_userspace_exit", struct.pack("<Ii", 10, -4)),
        record("kvm_entry", struct.pack("<IIQB", 1, 0, 0x1006, 0)),
    ]
    return decode_input(DECODE_KVM | DECODE_KVM_VCPU,
                        ["kvm_exit", "kvm_entry", "kvm_userspace_exit"],
                        [ring_event(e) for e in events])


def decode_seeds():
    return {
        "osnoise": osnoise_seed(),
        "timerlat": timerlat_seed(8),
        "timerlat-32": timerlat_seed(4),
        "std-events": std_seed(),
        "hrtimer": hrtimer_seed(),
        "kvm": kvm_seed(),
        "kvm-vcpu": kvm_vcpu_seed(),
    }


# ---- render: a run's setup, then records ----

K_PERIOD, K_SAMPLE, K_TIMERLAT, K_NOISE, K_STACK, K_KVM = range(6)
N_NMI, N_IRQ, N_SOFTIRQ, N_THREAD = range(4)


def u(v, n):
    return v.to_bytes(n, "little")


def rec(kind, cpu, step, fields):
    return bytes([kind, cpu]) + u(step, 2) + fields


def noise(cpu, kind, back, dur, vector, pid, name):
    return rec(K_NOISE, cpu, 100, bytes([kind]) + u(back, 3) + u(dur, 3) + u(vector, 2) +
               u(pid, 2) + s8(name))


def render_head(flags, cpus, aa_top, stop, stop_total, reason, guest_name=""):
    return (bytes([flags, cpus - 1, aa_top]) + u(stop, 2) + u(stop_total, 2) +
            s8("rt-group") + s8("trace.txt") + s8("sched") + s8("sched_switch") +
            s8("prev_pid == 1") + s8("stacktrace") + bytes([reason]) +
            s8(guest_name) + s8("cpuid" if guest_name else ""))


def report_seeds():
    """the reports among the schema's valid examples, as they are"""
    d = os.path.join(ROOT, "tests", "schema", "examples")
    seeds = {}
    for f in sorted(os.listdir(d)):
        if not f.startswith("valid-") or not f.endswith(".json") or \
           f.startswith("valid-check-"):
            continue
        with open(os.path.join(d, f), "rb") as fp:
            seeds[f[len("valid-"):-len(".json")]] = fp.read()
    return seeds


def render_seeds():
    osn = render_head(0 | 32 | 16, 2, 3, 20, 0, 3, "KVM")
    osn += rec(K_PERIOD, 0, 10, u(1000000, 3) + u(300, 2) + u(40, 2) + bytes([3, 2]))
    osn += noise(0, N_IRQ, 50, 20000, 236, 0, "local_timer:236")
    osn += noise(0, N_THREAD, 40, 10000, 0, 4242, "kworker/0:1")
    osn += noise(0, N_SOFTIRQ, 30, 5000, 1, 0, "TIMER")
    osn += rec(K_KVM, 0, 10, u(4242, 2) + bytes([1]) + s8("io"))
    osn += rec(K_SAMPLE, 0, 100, u(60, 3) + u(40000, 3) + bytes([3]))
    hist = render_head(1 | 32, 1, 1, 0, 0, 0)
    hist += rec(K_PERIOD, 0, 10, u(1000000, 3) + u(30, 2) + u(20, 2) + bytes([1, 1]))
    hist += rec(K_SAMPLE, 0, 100, u(60, 3) + u(20000, 3) + bytes([1]))
    tl = render_head(2 | 64, 2, 0, 10, 20, 3)
    tl += rec(K_TIMERLAT, 1, 10, bytes([7, 0]) + u(12000, 3))
    tl += noise(1, N_IRQ, 11000, 3000, 236, 0, "local_timer:236")
    tl += noise(1, N_THREAD, 8000, 15000, 0, 99, "spinner")
    tl += rec(K_STACK, 1, 10, s8("native_safe_halt") + s8("default_idle") + s8("") +
              s8("do_idle") + bytes([6]) + b"".join(u(i * 16, 2) for i in range(6)))
    tl += rec(K_TIMERLAT, 1, 10, bytes([7, 1]) + u(30000, 3))
    tlh = render_head(3 | 4 | 8, 1, 0, 0, 0, 1)
    tlh += rec(K_TIMERLAT, 0, 10, bytes([1, 0]) + u(900, 3))
    tlh += rec(K_TIMERLAT, 0, 10, bytes([1, 1]) + u(2500, 3))
    tlh += rec(K_TIMERLAT, 0, 10, bytes([1, 2]) + u(3000, 3))
    return {"osnoise-top": osn, "osnoise-hist": hist, "timerlat-top": tl, "timerlat-hist": tlh}


# ---- input: trace.dat files, as trace-cmd and rtlens --record write them ----
#
# trace-cmd's file format 6 (Documentation/trace-cmd/trace-cmd.dat.v6.5.txt
# in trace-cmd): the headers of the ring buffer, the event formats of the
# ftrace and other systems, kallsyms, printk formats, saved cmdlines, the CPU
# count, options (the trace clock, uname, the version: rtlens's metadata),
# then per CPU an offset and size of its pages, the trace clock, and the
# pages, page-aligned. Small: a few symbols, the events rtlens reads, a page
# per CPU (three on one CPU: rtlens reads the one between the first and the
# last of its own recordings straight from the file).

TD_PAGE = 4096
OPT_CPUSTAT, OPT_TRACECLOCK, OPT_UNAME, OPT_VERSION = 2, 4, 5, 9
CLOCKS = "[local] global counter uptime perf mono mono_raw boot tai x86-tsc\n"


def header_page(long_size):
    return ("\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
            "\tfield: local_t commit;\toffset:8;\tsize:%d;\tsigned:1;\n"
            "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
            "\tfield: char data;\toffset:%d;\tsize:%d;\tsigned:0;\n"
            % (long_size, 8 + long_size, TD_PAGE - 8 - long_size))


HEADER_EVENT = ("# compressed entry header\n"
                "\ttype_len    :    5 bits\n"
                "\ttime_delta  :   27 bits\n"
                "\tarray       :   32 bits\n\n"
                "\tpadding     : type == 29\n"
                "\ttime_extend : type == 30\n"
                "\ttime_stamp : type == 31\n"
                "\tdata max type_len  == 28\n")

FMT_COMMON = ("\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
              "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
              "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
              "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n")

NS_PRINT = "(REC->start) / 1000000000UL, (REC->start) % 1000000000UL, REC->duration"

# name: (ID, fields (declaration, offset, size, signed), print fmt), as 6.x kernels write them
TD_EVENTS = {
    "osnoise": (17, [("u64 noise", 8, 8, 0), ("u64 runtime", 16, 8, 0),
                     ("u64 max_sample", 24, 8, 0), ("unsigned int hw_count", 32, 4, 0),
                     ("unsigned int nmi_count", 36, 4, 0), ("unsigned int irq_count", 40, 4, 0),
                     ("unsigned int softirq_count", 44, 4, 0),
                     ("unsigned int thread_count", 48, 4, 0)],
                r'"noise:%llu\tmax_sample:%llu\thw:%u\tnmi:%u\tirq:%u\tsoftirq:%u\tthread:%u\n", '
                "REC->noise, REC->max_sample, REC->hw_count, REC->nmi_count, REC->irq_count, "
                "REC->softirq_count, REC->thread_count"),
    "timerlat": (18, [("unsigned int seqnum", 8, 4, 0), ("int context", 12, 4, 1),
                      ("u64 timer_latency", 16, 8, 0)],
                 r'"seq:%u\tcontext:%d\ttimer_latency:%llu\n", REC->seqnum, REC->context, '
                 "REC->timer_latency"),
    "kernel_stack": (4, None,	# by the long size: kernel_stack_fields()
                     r'"\t=> %ps\n\t=> %ps\n\t=> %ps\n" "\t=> %ps\n\t=> %ps\n\t=> %ps\n" '
                     r'"\t=> %ps\n\t=> %ps\n", ' +
                     ", ".join("(void *)REC->caller[%d]" % i for i in range(8))),
    "sample_threshold": (447, [("u64 start", 8, 8, 0), ("u64 duration", 16, 8, 0),
                               ("u64 interference", 24, 8, 0)],
                         '"start %llu.%09u duration %llu ns interference %llu", ' + NS_PRINT +
                         ", REC->interference"),
    "nmi_noise": (448, [("u64 start", 8, 8, 0), ("u64 duration", 16, 8, 0)],
                  '"start %llu.%09u duration %llu ns", ' + NS_PRINT),
    "irq_noise": (449, [("u64 start", 8, 8, 0), ("u64 duration", 16, 8, 0),
                        ("__data_loc char[] desc", 24, 4, 1), ("int vector", 28, 4, 1)],
                  '"%s:%d start %llu.%09u duration %llu ns", __get_str(desc), REC->vector, ' +
                  NS_PRINT),
    "softirq_noise": (450, [("u64 start", 8, 8, 0), ("u64 duration", 16, 8, 0),
                            ("int vector", 24, 4, 1)],
                      '"%8s:%d start %llu.%09u duration %llu ns", __print_symbolic(REC->vector, '
                      '{ 0, "HI" }, { 1, "TIMER" }, { 2, "NET_TX" }, { 3, "NET_RX" }, '
                      '{ 9, "RCU" }), REC->vector, ' + NS_PRINT),
    "thread_noise": (451, [("char comm[16]", 8, 16, 0), ("u64 start", 24, 8, 0),
                           ("u64 duration", 32, 8, 0), ("pid_t pid", 40, 4, 1)],
                     '"%8s:%d start %llu.%09u duration %llu ns", REC->comm, REC->pid, ' +
                     NS_PRINT),
    "sched_switch": (372, [("char prev_comm[16]", 8, 16, 0), ("pid_t prev_pid", 24, 4, 1),
                           ("int prev_prio", 28, 4, 1), ("long prev_state", 32, 8, 1),
                           ("char next_comm[16]", 40, 16, 0), ("pid_t next_pid", 56, 4, 1),
                           ("int next_prio", 60, 4, 1)],
                     '"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> next_comm=%s '
                     'next_pid=%d next_prio=%d", REC->prev_comm, REC->prev_pid, REC->prev_prio, '
                     '(REC->prev_state & 0xff) ? "S" : "R", REC->next_comm, REC->next_pid, '
                     "REC->next_prio"),
}
TD_OSNOISE = ["sample_threshold", "nmi_noise", "irq_noise", "softirq_noise", "thread_noise"]


def kernel_stack_fields(long_size):
    return [("int size", 8, 4, 1), ("unsigned long caller[8]", 8 + long_size, 8 * long_size, 0)]


def event_format(name, long_size):
    eid, fields, printf = TD_EVENTS[name]
    fields = fields or kernel_stack_fields(long_size)
    text = "name: %s\nID: %d\nformat:\n" % (name, eid) + FMT_COMMON
    text += "".join("\tfield:%s;\toffset:%d;\tsize:%d;\tsigned:%d;\n" % f for f in fields)
    return ("%s\nprint fmt: %s\n" % (text, printf)).encode()


def td_event(name, payload, pid=0, delta=1000):
    """an event of @name in the ring buffer: its header word, common fields, @payload"""
    return ring_event(struct.pack("<HBBi", TD_EVENTS[name][0], 1, 0, pid) + payload, delta)


def td_page(events, long_size, ts):
    body = b"".join(events)
    commit = struct.pack("<Q" if long_size == 8 else "<I", len(body))
    page = struct.pack("<Q", ts) + commit + body
    return page + b"\0" * (TD_PAGE - len(page))


def sized(n, data):
    return struct.pack("<Q" if n == 8 else "<I", len(data)) + data


def trace_dat(ftrace, systems, cpu_pages, options, long_size=8, kallsyms=b"", cmdlines=b"",
              clock="local"):
    """the file: @ftrace event names, @systems {system: [names]}, @cpu_pages a
    list per CPU of its pages, @options [(id, bytes)], the trace @clock"""
    out = b"\x17\x08Dtracing6\0" + bytes([0, long_size]) + struct.pack("<I", TD_PAGE)
    out += b"header_page\0" + sized(8, header_page(long_size).encode())
    out += b"header_event\0" + sized(8, HEADER_EVENT.encode())
    out += struct.pack("<I", len(ftrace))
    out += b"".join(sized(8, event_format(n, long_size)) for n in ftrace)
    out += struct.pack("<I", len(systems))
    for system, names in systems.items():
        out += system.encode() + b"\0" + struct.pack("<I", len(names))
        out += b"".join(sized(8, event_format(n, long_size)) for n in names)
    out += sized(4, kallsyms) + sized(4, b"") + sized(8, cmdlines)
    out += struct.pack("<I", len(cpu_pages)) + b"options  \0"
    out += b"".join(struct.pack("<HI", oid, len(data)) + data for oid, data in options)
    out += struct.pack("<H", 0) + b"flyrecord\0"
    clock = sized(8, b"[%s]" % clock.encode())
    offset = -(-(len(out) + 16 * len(cpu_pages) + len(clock)) // TD_PAGE) * TD_PAGE
    data = b""
    for pages in cpu_pages:
        out += struct.pack("<QQ", offset + len(data), TD_PAGE * len(pages))
        data += b"".join(pages)
    out += clock
    return out + b"\0" * (offset - len(out)) + data


SYMBOLS = [(0x1000000, "_stext"), (0x1001000, "native_safe_halt"), (0x1001200, "default_idle"),
           (0x1002000, "do_idle"), (0x1003000, "hrtimer_interrupt"), (0x1004000, "timerlat_irq")]


def kernel_address(offset, long_size):
    return (0xffffffff80000000 if long_size == 8 else 0xc0000000) + offset


def kallsyms(long_size=8):
    return "".join("%0*x T %s\n" % (2 * long_size, kernel_address(a, long_size), name)
                   for a, name in SYMBOLS).encode()


CMDLINES = b"412 kworker/1:2\n4321 rtl_spinner\n"
UNAME = b"Linux seed 6.12.0 #1 SMP PREEMPT_DYNAMIC x86_64\0"


def strz(s):
    return s.encode() + b"\0"


def cpu_list(cpus):
    out = []
    for part in cpus.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def example_tuning(cpus, nr_cpus):
    """system.tuning of a report among the schema's examples (of CPU 0), its lists
    cut to 2 entries, for the measured @cpus of @nr_cpus"""
    with open(os.path.join(ROOT, "tests", "schema", "examples",
                           "valid-osnoise-top-tuning.json")) as f:
        tuning = json.load(f)["system"]["tuning"]
    for key in ("irqs", "tasks", "findings"):
        tuning[key] = tuning[key][:2]
    tuning["irqs_left_out"] = tuning["settings"]["irqs_on_measured"] - 2
    tuning["measured_cpus"] = tuning["settings"]["measured_cpus"] = cpus
    for finding in tuning["findings"]:
        finding["cpus"] = finding["cpus"] and cpus
    tuning["online"] = "0-%d" % (nr_cpus - 1) if nr_cpus > 1 else "0"
    tuning["cpus"] = [dict(tuning["cpus"][0], cpu=c) for c in cpu_list(cpus)]
    return tuning


def recording_meta(command, argv, cpus, nr_cpus, settings=None, run=None, system=None):
    """rtlens's metadata, the version option of a --record file (render/recording_json.c)"""
    doc = {
        "format_version": "1.0", "command": command, "argv": ["rtlens"] + argv,
        "engine": "kernel",
        "record_size": 544,	# sizeof(struct rtl_record): checked for the user engine only
        "settings": dict({"cpus": cpus, "nr_cpus": nr_cpus, "period_us": 1000000,
                          "runtime_us": 1000000, "stop_us": 0, "stop_total_us": 0,
                          "threshold_us": 0, "duration_s": 2, "warm_up_s": 0, "stack_us": 0,
                          "user_threads": False, "user_load": False}, **(settings or {})),
        "run": dict({"started": 1795597561, "elapsed_s": 2.004, "data_path": "tracefs",
                     "reason": "duration", "signal": 0, "lost_events": 0,
                     "steal_ns": [0] * nr_cpus}, **(run or {})),
        "system": dict({"kernel_release": "6.12.0", "hostname": "seed", "nr_cpus": nr_cpus,
                        "virtualization": {"guest": False, "hypervisor": None, "source": None},
                        "tuning": example_tuning(cpus, nr_cpus)},
                       **(system or {})),
    }
    return "rtlens 0.1.0 recording\n" + json.dumps(doc, separators=(",", ":"))


def osnoise_cpu_pages(cpu, long_size=8, noise_events=True, pages=1):
    """@pages pages of two periods of osnoise on @cpu, with what interfered in them"""
    return [osnoise_page(cpu, long_size, noise_events, 1000000000000 + cpu * 1000 + i * 2 ** 30)
            for i in range(pages)]


def osnoise_page(cpu, long_size, noise_events, base):
    desc = b"local_timer:236\0"
    ev = []
    for period in range(2):
        if noise_events:
            ev += [td_event("irq_noise", struct.pack("<QQIi", base + 100, 2500,
                                                     (len(desc) << 16) | 32, 236) + desc),
                   td_event("softirq_noise", struct.pack("<QQi", base + 3000, 800, 1)),
                   td_event("thread_noise", b"kworker/1:2".ljust(16, b"\0") +
                            struct.pack("<QQi", base + 5000, 30000 + period, 412), pid=412),
                   td_event("nmi_noise", struct.pack("<QQ", base + 40000, 300))]
            ev.append(td_event("sample_threshold", struct.pack("<QQQ", base + 5000, 30000, 3)))
        ev.append(td_event("osnoise", struct.pack("<QQQIIIII", 33600 + period, 1000000, 30000,
                                                  0, 1, 1, 1, 1), delta=50000))
        ev.append(time_extend(1 << 29))
    ev.append(struct.pack("<II", 29 | 1 << 5, 12) + b"\0" * 8)	# a discarded event
    return td_page(ev, long_size, base)


def timerlat_cpu_pages(cpu, long_size=8):
    """timerlat's IRQ and thread samples on @cpu, a stack, the noise in between"""
    word = "<Q" if long_size == 8 else "<I"
    base = 2000000000000 + cpu * 1000
    callers = b"".join(struct.pack(word, kernel_address(SYMBOLS[i][0], long_size))
                       for i in (4, 5, 1, 2, 3)) + b"\0" * (3 * long_size)
    ev = []
    for seq in range(1, 4):
        lat = 2000 * seq
        ev += [td_event("timerlat", struct.pack("<IiQ", seq, 0, lat)),
               td_event("kernel_stack", struct.pack("<i", 5) + b"\0" * (long_size - 4) +
                        callers),
               td_event("irq_noise", struct.pack("<QQIi", base + 10, 1500,
                                                 (16 << 16) | 32, 236) + b"local_timer:236\0"),
               td_event("thread_noise", b"rtl_spinner".ljust(16, b"\0") +
                        struct.pack("<QQi", base + 2000, 40000, 4321), pid=4321),
               td_event("timerlat", struct.pack("<IiQ", seq, 1, lat * 25), delta=60000)]
    return [td_page(ev, long_size, base)]


def sched_cpu_pages(cpu):
    ev = [td_event("sched_switch", b"swapper/%d" % cpu + b"\0" * (16 - len(b"swapper/%d" % cpu))
                   + struct.pack("<iiq", 0, 120, 0) + b"kworker/1:2".ljust(16, b"\0") +
                   struct.pack("<ii", 412, 120)),
          td_event("sched_switch", b"kworker/1:2".ljust(16, b"\0") +
                   struct.pack("<iiq", 412, 120, 1) + b"swapper/%d" % cpu +
                   b"\0" * (16 - len(b"swapper/%d" % cpu)) + struct.pack("<ii", 0, 120), pid=412)]
    return [td_page(ev, 8, 3000000000000 + cpu)]


def rtlens_options(meta):
    return [(OPT_TRACECLOCK, strz(CLOCKS.replace("[local] global", "local [global]"))),
            (OPT_UNAME, UNAME), (OPT_VERSION, strz(meta))]


def trace_cmd_options(cpus, overrun=0):
    stats = [(OPT_CPUSTAT, strz("CPU: %d\nentries: 12\noverrun: %d\ncommit overrun: 0\n"
                                "bytes: 960\n" % (c, overrun))) for c in range(cpus)]
    return [(OPT_TRACECLOCK, strz(CLOCKS)), (OPT_UNAME, UNAME),
            (OPT_VERSION, strz("3.1.6 not-a-git-repo"))] + stats


FTRACE_ALL = ["kernel_stack", "osnoise", "timerlat"]


def input_seeds():
    osn = recording_meta("osnoise top", ["osnoise", "top", "-c", "0-1", "-d", "2", "--aa",
                                         "--record", "os.dat"], "0-1", 2)
    tl = recording_meta("timerlat top", ["timerlat", "top", "-c", "1", "-a", "50",
                                         "--record", "tl.dat"], "1", 2,
                        {"stop_us": 50, "stop_total_us": 50, "stack_us": 50},
                        {"reason": "threshold", "steal_ns": None},
                        {"virtualization": {"guest": True, "hypervisor": "KVM",
                                            "source": "cpuid"}})
    tl32 = recording_meta("timerlat top", ["timerlat", "top", "-c", "0", "--record", "t.dat"],
                          "0", 1, {"stack_us": 1})
    hw = recording_meta("hwnoise", ["hwnoise", "-c", "0", "--record", "hw.dat"], "0", 1)
    return {
        "osnoise-aa.dat": trace_dat(FTRACE_ALL, {"osnoise": TD_OSNOISE},
                                    [osnoise_cpu_pages(0, pages=3), osnoise_cpu_pages(1)],
                                    rtlens_options(osn), kallsyms=kallsyms(), cmdlines=CMDLINES,
                                    clock="global"),
        "timerlat-a.dat": trace_dat(FTRACE_ALL, {"osnoise": TD_OSNOISE},
                                    [[td_page([], 8, 2000000000000)], timerlat_cpu_pages(1)],
                                    rtlens_options(tl), kallsyms=kallsyms(), cmdlines=CMDLINES,
                                    clock="global"),
        "timerlat-32.dat": trace_dat(FTRACE_ALL, {"osnoise": TD_OSNOISE},
                                     [timerlat_cpu_pages(0, 4)], rtlens_options(tl32),
                                     long_size=4, kallsyms=kallsyms(4), clock="global"),
        "hwnoise.dat": trace_dat(["osnoise"], {}, [osnoise_cpu_pages(0, noise_events=False)],
                                 rtlens_options(hw), clock="global"),
        "trace-cmd-osnoise.dat": trace_dat(FTRACE_ALL, {"osnoise": TD_OSNOISE},
                                           [osnoise_cpu_pages(0), osnoise_cpu_pages(1)],
                                           trace_cmd_options(2, overrun=3), cmdlines=CMDLINES),
        "trace-cmd-sched.dat": trace_dat(FTRACE_ALL, {"sched": ["sched_switch"]},
                                         [sched_cpu_pages(0), sched_cpu_pages(1)],
                                         trace_cmd_options(2), cmdlines=CMDLINES),
    }


# ---- recording: rtlens's metadata alone (the version option's text) ----

def recording_seeds():
    osn = recording_meta("osnoise top", ["osnoise", "top", "--aa", "--record", "os.dat"],
                         "0-3,6", 8)
    tl = recording_meta("timerlat hist", ["timerlat", "hist", "--record", "th.dat"], "1", 2,
                        {"stop_us": 100, "user_threads": True},
                        {"reason": "signal", "signal": 2, "steal_ns": None, "elapsed_s": 3},
                        {"virtualization": {"guest": True, "hypervisor": "KVM",
                                            "source": "cpuid"}})
    damaged = json.loads(osn.split("\n", 1)[1])
    del damaged["run"]["reason"]
    return {
        "osnoise-top": osn.encode(),
        "timerlat-hist": tl.encode(),
        "hwnoise": recording_meta("hwnoise", ["hwnoise", "--record", "hw.dat"], "0", 1,
                                  system={"tuning": None}).encode(),
        # format 1.1: the steal's resolution, the SMIs per CPU and why some are unknown
        "osnoise-smi": recording_meta("osnoise top", ["osnoise", "top", "-c", "0-1", "--aa"],
                                      "0-1", 2, run={"steal_tick_ns": 10000000,
                                                     "smi_count": [4, None],
                                                     "smi_why": "CPU 1 has no SMI counter"}
                                      ).replace('"1.0"', '"1.1"', 1).encode(),
        "trace-cmd": b"3.1.6 not-a-git-repo",
        "damaged": ("rtlens 0.1.0 recording\n" +
                    json.dumps(damaged, separators=(",", ":"))).encode(),
        "cut": osn.encode()[:300],
    }


def recording_dict():
    keys = ["format_version", "command", "argv", "engine", "record_size", "settings", "cpus",
            "nr_cpus",
            "period_us", "runtime_us", "stop_us", "stop_total_us", "threshold_us",
            "duration_s", "warm_up_s", "stack_us", "user_threads", "user_load", "run",
            "started", "elapsed_s", "data_path", "reason", "signal", "lost_events",
            "steal_ns", "steal_tick_ns", "smi_count", "smi_why", "system", "kernel_release", "hostname", "virtualization", "guest",
            "hypervisor", "source", "tuning"]
    values = ["rtlens 0.1.0 recording\\x0a", "osnoise top", "timerlat top", "hwnoise",
              "duration", "signal", "user", "threshold", "error", "kernel", "user", "true",
              "false", "null", "65536", "65537", "-1", "1e308", "18446744073709551615"]
    with open(os.path.join(HERE, "recording.dict"), "w") as f:
        f.write("# the keys and values of rtlens's recording metadata "
                "(tests/fuzz/make_seeds.py writes it)\n")
        f.write("\n".join(['"\\"%s\\""' % k for k in keys] + ['"%s"' % v for v in values]) +
                "\n")


def main():
    write_corpus("options", options_seeds())
    options_dict()
    write_corpus("state_record", state_record_seeds())
    write_corpus("decode", decode_seeds())
    write_corpus("render", render_seeds())
    write_corpus("report", report_seeds())
    write_corpus("recording", recording_seeds())
    recording_dict()
    write_corpus("input", input_seeds())


if __name__ == "__main__":
    main()
