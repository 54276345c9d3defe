#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The fleet samples, checked without a cluster: sample/kubernetes (the
# DaemonSet and the other YAML, the Containerfile), sample/grafana (the
# dashboard and the metric names its queries use) and sample/slurm (the batch
# script, run for real against fake srun, scontrol, sudo and rtlens).
#
# usage: tests/host/samples.py [-v] ROOT
# Prints, as TAP comments (run.sh counts the whole file as one check), each
# failed check with its details (-v: every check) and a summary line; exits 1
# when any check fails.
import glob
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("# not ok - python3-yaml is missing (apt-get install python3-yaml)")
    sys.exit(1)

VERBOSE = "-v" in sys.argv[1:]
_args = [a for a in sys.argv[1:] if a != "-v"]
ROOT = os.path.abspath(_args[0] if _args else os.path.join(os.path.dirname(__file__), "..", ".."))
K8S = os.path.join(ROOT, "sample", "kubernetes")
DASHBOARD = os.path.join(ROOT, "sample", "grafana", "rtlens-dashboard.json")
SBATCH = os.path.join(ROOT, "sample", "slurm", "rtlens-fleet.sbatch")
METRICS_DOC = os.path.join(ROOT, "Documentation", "rtlens-metrics.md")

# The metrics rtlens --listen serves, used when Documentation/rtlens-metrics.md
# is not there to read them from (histograms by their base name).
METRICS = {
    "rtlens_info", "rtlens_elapsed_seconds", "rtlens_events_lost_total",
    "rtlens_threshold_hits_total",
    "rtlens_osnoise_runtime_seconds_total", "rtlens_osnoise_noise_seconds_total",
    "rtlens_osnoise_cpu_available_ratio", "rtlens_osnoise_max_noise_seconds",
    "rtlens_osnoise_max_single_noise_seconds", "rtlens_osnoise_interference_total",
    "rtlens_osnoise_noise_duration_seconds",
    "rtlens_noise_source_seconds_total", "rtlens_noise_source_events_total",
    "rtlens_timerlat_latency_seconds", "rtlens_timerlat_latency_max_seconds",
    "rtlens_timerlat_latency_min_seconds",
}
HIST_SUFFIXES = ("_bucket", "_sum", "_count")

failed = 0
passed = 0


def result(good, name, details=()):
    global failed, passed
    if good:
        passed += 1
        if VERBOSE:
            print(f"# ok - {name}")
    else:
        failed += 1
        print(f"# not ok - {name}")
        for line in details:
            for part in str(line).splitlines():
                print(f"#     {part}")
    return good


def problems(name, found):
    """one check from a list of problems: ok when there are none"""
    return result(not found, name, found)


# ---------------------------------------------------------------- kubernetes

def load_yaml_docs():
    files = sorted(glob.glob(os.path.join(K8S, "*.yaml")) + glob.glob(os.path.join(K8S, "*.yml")))
    result(files, "sample/kubernetes has YAML files")
    docs = []
    for f in files:
        try:
            with open(f) as fp:
                these = [d for d in yaml.safe_load_all(fp) if d is not None]
        except (yaml.YAMLError, OSError) as e:
            result(False, f"{os.path.relpath(f, ROOT)} parses", [e])
            continue
        result(these and all(isinstance(d, dict) for d in these),
               f"{os.path.relpath(f, ROOT)} parses ({len(these)} documents)")
        docs += [(f, d) for d in these]
    return docs


def expand_env(value, env):
    """Kubernetes' $(VAR) expansion of args; unknown names are left as they are"""
    return re.sub(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)",
                  lambda m: env.get(m.group(1), m.group(0)), value)


def check_daemonset(docs):
    sets = [d for _, d in docs if d.get("kind") == "DaemonSet"]
    if not result(len(sets) == 1, "one DaemonSet in sample/kubernetes"):
        return None
    ds = sets[0]
    bad = []
    if ds.get("apiVersion") != "apps/v1":
        bad.append(f"apiVersion {ds.get('apiVersion')!r}, want apps/v1")
    spec = ds.get("spec") or {}
    tmpl = spec.get("template") or {}
    meta = tmpl.get("metadata") or {}
    pod = tmpl.get("spec") or {}
    match = (spec.get("selector") or {}).get("matchLabels") or {}
    labels = meta.get("labels") or {}
    if not match or any(labels.get(k) != v for k, v in match.items()):
        bad.append(f"selector {match} does not select the template's labels {labels}")
    ns = (ds.get("metadata") or {}).get("namespace")
    if ns and ns != "default" and not any(d.get("kind") == "Namespace" and
                                          (d.get("metadata") or {}).get("name") == ns
                                          for _, d in docs):
        bad.append(f"namespace {ns} is not created")
    problems("DaemonSet: apps/v1, selector matches the pod, namespace created", bad)

    result(pod.get("hostPID") is True, "DaemonSet: hostPID")
    sel = pod.get("nodeSelector") or {}
    result(isinstance(sel, dict) and sel, "DaemonSet: a nodeSelector for the RT nodes", [sel])
    result(isinstance(pod.get("tolerations"), list) and pod["tolerations"],
           "DaemonSet: tolerations for tainted RT nodes")
    grace = pod.get("terminationGracePeriodSeconds")
    result(isinstance(grace, int) and grace >= 10,
           "DaemonSet: terminationGracePeriodSeconds leaves time to restore tracefs", [grace])

    containers = pod.get("containers") or []
    if not result(len(containers) == 1, "DaemonSet: one container"):
        return None
    c = containers[0]
    result((c.get("securityContext") or {}).get("privileged") is True,
           "DaemonSet: the container is privileged")

    # a value from the pod's fields: the node's address as an example one
    field = {"status.hostIP": "192.0.2.1", "status.podIP": "192.0.2.2"}
    env = {e["name"]: str(e["value"]) if "value" in e else
           field.get(((e.get("valueFrom") or {}).get("fieldRef") or {}).get("fieldPath"), "")
           for e in c.get("env") or [] if "name" in e}
    run_dir = env.get("RTLENS_RUN_DIR", "/run/rtlens")
    volumes = {v.get("name"): v for v in pod.get("volumes") or []}
    mounts = {m.get("mountPath"): m for m in c.get("volumeMounts") or []}

    def host_path(host, inside, types):
        bad = []
        m = mounts.get(inside)
        if not m:
            return [f"nothing mounted at {inside}; mounts: {sorted(mounts)}"]
        v = volumes.get(m.get("name"))
        hp = (v or {}).get("hostPath")
        if not hp:
            return [f"{inside} is volume {m.get('name')!r}, not a hostPath: {v}"]
        if hp.get("path") != host:
            bad.append(f"{inside} comes from the host's {hp.get('path')}, want {host}")
        if hp.get("type") not in types:
            bad.append(f"hostPath {host} type {hp.get('type')!r}, want one of {types}")
        if m.get("readOnly"):
            bad.append(f"{inside} is mounted read-only: rtlens writes it")
        return bad

    problems("DaemonSet: the host's /sys/kernel/tracing mounted at /sys/kernel/tracing",
             host_path("/sys/kernel/tracing", "/sys/kernel/tracing", ("Directory", None, "")))
    problems(f"DaemonSet: the host's /run/rtlens (DirectoryOrCreate) mounted at the run dir {run_dir}",
             host_path("/run/rtlens", run_dir, ("DirectoryOrCreate",)))

    args = [str(a) for a in (c.get("command") or []) + (c.get("args") or [])]
    if args and os.path.basename(args[0]) == "rtlens":
        args = args[1:]
    unresolved = [a for a in args if re.search(r"\$\([A-Za-z_][A-Za-z0-9_]*\)", expand_env(a, env))]
    problems("DaemonSet: every $(VAR) in the args is an env of the container", unresolved)
    args = [expand_env(a, env) for a in args]
    result(len(args) >= 2 and args[0] in ("osnoise", "timerlat", "hwnoise") and
           (args[0] == "hwnoise" or args[1] in ("top", "hist")),
           "DaemonSet: runs an rtlens measuring command", [args])
    result(not any(a in ("-d", "--duration") or a.startswith("--duration=") for a in args),
           "DaemonSet: no -d, the run lasts as long as the pod", [args])
    listen = None
    for i, a in enumerate(args):
        if a == "--listen" and i + 1 < len(args):
            listen = args[i + 1]
        elif a.startswith("--listen="):
            listen = a.split("=", 1)[1]
    m = re.fullmatch(r"(.*):(\d+)", listen or "")
    if not result(m is not None, "DaemonSet: rtlens serves the metrics (--listen ADDR:PORT)", [args]):
        return None
    addr, port = m.group(1), m.group(2)
    result(addr not in ("127.0.0.1", "localhost", "[::1]") and
           re.fullmatch(r"[0-9.]+|\[[0-9a-fA-F:]+\]", addr),
           "DaemonSet: --listen is a numeric address reachable from outside the pod", [listen])
    result(pod.get("hostNetwork") is True,
           "DaemonSet: hostNetwork, so that the host label is the node's name", [pod])

    ann = meta.get("annotations") or {}
    result(ann.get("prometheus.io/scrape") == "true", "DaemonSet: prometheus.io/scrape \"true\"", [ann])
    result(ann.get("prometheus.io/path") == "/metrics", "DaemonSet: prometheus.io/path /metrics", [ann])
    result(ann.get("prometheus.io/port") == port,
           f"DaemonSet: prometheus.io/port is --listen's port {port}", [ann])
    ports = [p for p in c.get("ports") or [] if str(p.get("containerPort")) == port]
    result(ports, f"DaemonSet: containerPort {port} declared", [c.get("ports")])
    for probe in ("readinessProbe", "livenessProbe"):
        http = (c.get(probe) or {}).get("httpGet")
        if http:
            p = http.get("port")
            ok = str(p) == port or any(q.get("name") == p for q in ports)
            result(ok and http.get("path") == "/metrics",
                   f"DaemonSet: the {probe} asks --listen's /metrics", [http])
    return port


def check_scrape_config(docs):
    for f, d in docs:
        if "scrape_configs" not in d:
            continue
        jobs = d.get("scrape_configs") or []
        keep = [j for j in jobs
                if any("__meta_kubernetes_pod_annotation_prometheus_io_scrape" in
                       (r.get("source_labels") or []) and r.get("action") == "keep"
                       for r in j.get("relabel_configs") or [])]
        result(keep, f"{os.path.relpath(f, ROOT)}: a job keeps the pods annotated prometheus.io/scrape")


def check_containerfile(port):
    files = [f for n in ("Containerfile", "Dockerfile")
             for f in [os.path.join(K8S, n)] if os.path.exists(f)]
    if not result(files, "sample/kubernetes has a Containerfile or Dockerfile"):
        return
    for f in files:
        name = os.path.relpath(f, ROOT)
        text = open(f).read()
        # instructions, with continuation lines joined
        lines = re.sub(r"\\\n", " ", text).splitlines()
        instr = [l.strip() for l in lines if l.strip() and not l.lstrip().startswith("#")]
        froms = [l for l in instr if re.match(r"(?i)FROM\s", l)]
        bad = [l for l in froms if not re.fullmatch(r"(?i)FROM\s+(--platform=\S+\s+)?debian:[A-Za-z0-9._-]+-slim(\s+AS\s+\S+)?", l)]
        result(froms and not bad, f"{name}: every stage starts FROM debian:*-slim", bad or ["no FROM"])
        # the build stage installs what scripts/setup.sh says building needs
        setup = open(os.path.join(ROOT, "scripts", "setup.sh")).read()
        m = re.search(r'^BUILD="([^"]*)"', setup, re.M)
        need = m.group(1).split() if m else []
        build = "\n".join(instr[:[i for i, l in enumerate(instr) if re.match(r"(?i)FROM\s", l)][-1]]) \
            if len(froms) > 1 else "\n".join(instr)
        missing = [p for p in need if not re.search(r"(?<![\w.+-])" + re.escape(p) + r"(?![\w.+-])", build)]
        result(need and not missing, f"{name}: installs scripts/setup.sh's build packages",
               missing or ["no BUILD= in scripts/setup.sh"])
        final = instr[[i for i, l in enumerate(instr) if re.match(r"(?i)FROM\s", l)][-1]:] if froms else []
        result(any(re.match(r"(?i)ENTRYPOINT\s.*rtlens", l) for l in final),
               f"{name}: the image's entrypoint is rtlens")
        if port:
            result(any(re.fullmatch(r"(?i)EXPOSE\s+" + port + r"(/tcp)?", l) for l in final),
                   f"{name}: EXPOSE {port} (the DaemonSet's port)")
        # run by accident (no arguments), the image's command ends by itself, soon
        cmds = [l for l in final if re.match(r"(?i)CMD\s", l)]
        try:
            cmd = json.loads(cmds[-1].split(None, 1)[1]) if cmds else []
        except ValueError:
            cmd = None
        dur = None
        for i, a in enumerate(cmd or []):
            v = cmd[i + 1] if a in ("-d", "--duration") and i + 1 < len(cmd) else \
                a.split("=", 1)[1] if a.startswith("--duration=") else None
            m = re.fullmatch(r"(\d+)([smhd]?)", v or "")
            if m:
                dur = int(m[1]) * {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[m[2]]
        result(isinstance(cmd, list) and dur is not None and dur <= 60,
               f"{name}: the default CMD (exec form) measures for 60 s at most (-d)", [cmds])


# ------------------------------------------------------------------- grafana

def documented_metrics():
    """the metric names of Documentation/rtlens-metrics.md's table, else METRICS"""
    if not os.path.exists(METRICS_DOC):
        return METRICS, "the list in tests/host/samples.py"
    names = set()
    for line in open(METRICS_DOC):
        cells = line.strip().split("|")
        if len(cells) < 3 or not line.lstrip().startswith("|"):
            continue
        m = re.search(r"`\s*(rtlens_[a-z0-9_]+)", cells[1])
        if m:
            names.add(m.group(1))
    result(names, "Documentation/rtlens-metrics.md has a table of metric names")
    return names, "Documentation/rtlens-metrics.md"


def known_metric(name, names):
    if name in names:
        return True
    for s in HIST_SUFFIXES:
        if name.endswith(s) and name[:-len(s)] in names:
            return True
    return False


def all_panels(panels):
    for p in panels:
        yield p
        yield from all_panels(p.get("panels") or [])


def promql_for_promtool(expr):
    """Grafana's variables replaced by what they may stand for"""
    expr = re.sub(r"\$__(rate_)?interval|\$__range", "5m", expr)
    return re.sub(r"\$\{?[A-Za-z_][A-Za-z0-9_]*(:[a-z]+)?\}?", ".*", expr)


def check_dashboard():
    try:
        dash = json.load(open(DASHBOARD))
    except (OSError, ValueError) as e:
        result(False, "sample/grafana/rtlens-dashboard.json parses", [e])
        return
    result(isinstance(dash, dict) and dash.get("title"), "sample/grafana/rtlens-dashboard.json parses")
    sv = dash.get("schemaVersion")
    result(isinstance(sv, int) and 36 <= sv <= 41, "dashboard: schemaVersion 36..41", [sv])
    result(dash.get("uid") and dash.get("id") is None,
           "dashboard: importable (a uid, no database id)", [dash.get("uid"), dash.get("id")])

    tvars = {v.get("name"): v for v in (dash.get("templating") or {}).get("list") or []}
    ds = tvars.get("datasource") or {}
    result(ds.get("type") == "datasource" and ds.get("query") == "prometheus",
           "dashboard: a Prometheus data source variable", [ds])
    for name in ("host", "cpu"):
        v = tvars.get(name) or {}
        q = v.get("query")
        q = q.get("query") if isinstance(q, dict) else q
        result(v.get("type") == "query" and re.match(r"label_values\(.*,\s*" + name + r"\)$", q or ""),
               f"dashboard: variable {name} from label_values(..., {name})", [v])

    names, source = documented_metrics()
    panels = list(all_panels(dash.get("panels") or []))
    ids = [p.get("id") for p in panels]
    result(len(ids) == len(set(ids)) and None not in ids, "dashboard: unique panel ids", [ids])
    exprs = []
    bad = []
    for p in panels:
        if p.get("type") == "row":
            continue
        title = p.get("title") or f"panel {p.get('id')}"
        if not p.get("gridPos"):
            bad.append(f"{title}: no gridPos")
        pds = (p.get("datasource") or {}).get("uid")
        if pds not in ("${datasource}", "$datasource"):
            bad.append(f"{title}: data source {pds!r}, not the variable")
        targets = p.get("targets") or []
        if not targets:
            bad.append(f"{title}: no targets")
        refs = [t.get("refId") for t in targets]
        if len(refs) != len(set(refs)) or None in refs:
            bad.append(f"{title}: refIds {refs}")
        for t in targets:
            if not (t.get("expr") or "").strip():
                bad.append(f"{title}: target {t.get('refId')} has no expr")
            else:
                exprs.append((title, t["expr"]))
    problems("dashboard: every panel has a grid position, the data source variable and targets", bad)

    bad = []
    used = set()
    for title, expr in exprs:
        for name in re.findall(r"rtlens_[a-z_]+", expr):
            used.add(name)
            if not known_metric(name, names):
                bad.append(f"{title}: {name} is not in {source}")
    result(used and not bad, f"dashboard: every metric in the queries is in {source}", bad)
    wanted = {
        "CPU available": "rtlens_osnoise_cpu_available_ratio",
        "noise rate": "rtlens_osnoise_noise_seconds_total",
        "max single noise": "rtlens_osnoise_max_single_noise_seconds",
        "interference": "rtlens_osnoise_interference_total",
        "noise sources": "rtlens_noise_source_seconds_total",
        "timerlat p99": "rtlens_timerlat_latency_seconds_bucket",
        "max latency": "rtlens_timerlat_latency_max_seconds",
        "events lost": "rtlens_events_lost_total",
        "threshold hits": "rtlens_threshold_hits_total",
    }
    result(all(m in used for m in wanted.values()), "dashboard: shows each of " + ", ".join(wanted),
           [f"{k}: no query uses {m}" for k, m in wanted.items() if m not in used])
    p99 = [e for _, e in exprs if "histogram_quantile" in e]
    result(any(re.search(r"histogram_quantile\(\s*0\.99\s*,.*rate\(rtlens_timerlat_latency_seconds_bucket", e)
               and re.search(r"by \(le[, ]", e) for e in p99),
           "dashboard: timerlat p99 by histogram_quantile over the buckets' rate, by le", p99)

    promtool = shutil.which("promtool")
    if not promtool:
        print("# skip - dashboard: queries parse as PromQL: no promtool")
        return
    rules = {"groups": [{"name": "dashboard", "rules": [
        {"record": f"rtlens_dashboard:q{i}", "expr": promql_for_promtool(e)}
        for i, (_, e) in enumerate(exprs)]}]}
    with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as f:
        yaml.safe_dump(rules, f)
    try:
        r = subprocess.run([promtool, "check", "rules", f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    result(r.returncode == 0, "dashboard: queries parse as PromQL (promtool)",
           [r.stdout + r.stderr] + [e for _, e in exprs])


# --------------------------------------------------------------------- slurm

FAKE_SRUN = r"""#!/bin/bash
# fake srun: the command once per node of $FAKE_NODES, as slurmd would
printf 'srun' >> "$FAKE_LOG.srun"; printf ' %q' "$@" >> "$FAKE_LOG.srun"; echo >> "$FAKE_LOG.srun"
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
rc=0 i=0
for node in $FAKE_NODES; do
	SLURMD_NODENAME=$node SLURM_PROCID=$i SLURM_NODEID=$i "$@" || { r=$?; [ $r -gt $rc ] && rc=$r; }
	i=$((i + 1))
done
exit $rc
"""

FAKE_SCONTROL = r"""#!/bin/bash
# fake scontrol: show hostnames LIST
[ "$1 $2" = "show hostnames" ] && [ "$3" = "$SLURM_JOB_NODELIST" ] || { echo "fake scontrol: $*" >&2; exit 1; }
for node in $FAKE_NODES; do echo "$node"; done
"""

FAKE_SUDO = r"""#!/bin/bash
# fake sudo: logs, drops -n, runs the command
echo "${SLURMD_NODENAME:-batch} $*" >> "$FAKE_LOG.sudo"
[ "$1" = -n ] && shift
exec "$@"
"""

FAKE_SBATCH = r"""#!/bin/bash
# fake sbatch: logs its arguments, one a line
printf '%s\n' "$@" > "$FAKE_LOG.sbatch"
"""

FAKE_SQUEUE = r"""#!/bin/bash
# fake squeue -h -j JOB -o %L: the time left of the job
[ "$*" = "-h -j $SLURM_JOB_ID -o %L" ] || { echo "fake squeue: $*" >&2; exit 1; }
echo "${FAKE_TIME_LEFT:-1-00:00:00}"
"""

FAKE_RTLENS = r"""#!/usr/bin/env python3
# fake rtlens: logs each call; hist writes a small report, merge reads them
import json, os, sys
argv = sys.argv[1:]
node = os.environ.get("SLURMD_NODENAME")
with open(os.environ["FAKE_LOG"], "a") as f:
    f.write(json.dumps({"argv": argv, "node": node}) + "\n")
if argv[:1] == ["merge"]:
    args, inputs, i = argv[1:], [], 0
    out = {}
    while i < len(args):
        if args[i] in ("--json", "--plot"):
            out[args[i]] = args[i + 1]
            i += 2
        else:
            inputs.append(args[i])
            i += 1
    reports = [json.load(open(p)) for p in inputs]
    json.dump({"merged": [r["host"] for r in reports]}, open(out["--json"], "w"))
    open(out["--plot"], "w").write("<svg/>\n")
    print("MERGED TABLE " + " ".join(r["host"] for r in reports))
    sys.exit(0)
if node in os.environ.get("FAKE_FAIL", "").split():
    sys.stdout.write('{"half a report')
    print("rtlens: fake failure", file=sys.stderr)
    sys.exit(1)
j = argv.index("--json")
report = json.dumps({"tool": argv[0], "mode": argv[1], "host": node})
if argv[j + 1] == "-":
    print(report)
else:
    open(argv[j + 1], "w").write(report)
sys.exit(2 if node in os.environ.get("FAKE_THRESHOLD", "").split() else 0)
"""


def run_sbatch(tmp, name, nodes, env_extra, fail="", threshold="", unset=(), args=()):
    work = os.path.join(tmp, name)
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir)
    for tool, text in (("srun", FAKE_SRUN), ("scontrol", FAKE_SCONTROL),
                       ("sudo", FAKE_SUDO), ("rtlens", FAKE_RTLENS),
                       ("sbatch", FAKE_SBATCH), ("squeue", FAKE_SQUEUE)):
        p = os.path.join(bindir, tool)
        with open(p, "w") as f:
            f.write(text)
        os.chmod(p, os.stat(p).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    log = os.path.join(work, "log")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SLURM", "RTLENS", "SUDO")) and
           k not in ("OUTDIR", "TOOL", "DURATION", "CPUS")}
    env.update({
        "PATH": bindir + ":" + os.environ.get("PATH", "/usr/bin:/bin"),
        "FAKE_NODES": " ".join(nodes), "FAKE_LOG": log,
        "FAKE_FAIL": fail, "FAKE_THRESHOLD": threshold,
        "SLURM_JOB_ID": "4242", "SLURM_JOB_NUM_NODES": str(len(nodes)),
        "SLURM_NNODES": str(len(nodes)), "SLURM_JOB_NODELIST": f"rt[01-{len(nodes):02d}]",
        "SLURM_SUBMIT_DIR": work,
    })
    env.update(env_extra)
    for k in unset:
        env.pop(k, None)
    r = subprocess.run(["bash", SBATCH, *args], cwd=work, env=env, capture_output=True, text=True,
                       timeout=60)
    calls = []
    if os.path.exists(log):
        calls = [json.loads(l) for l in open(log)]
    sudo = open(log + ".sudo").read().splitlines() if os.path.exists(log + ".sudo") else []
    srun = open(log + ".srun").read().splitlines() if os.path.exists(log + ".srun") else []
    r.sbatch = open(log + ".sbatch").read().splitlines() if os.path.exists(log + ".sbatch") else None
    return r, calls, sudo, srun, os.path.join(work, "rtlens-4242")


def check_node_calls(what, calls, nodes, tool, want_args, outdir):
    """each node ran `rtlens TOOL hist ... --json -` once, with its own name"""
    bad = []
    hist = [c for c in calls if c["argv"][:1] != ["merge"]]
    got = sorted(c["node"] or "(batch host)" for c in hist)
    if got != sorted(nodes):
        bad.append(f"rtlens ran on {got}, want once on each of {sorted(nodes)}")
    for c in hist:
        a = c["argv"]
        if a[:2] != [tool, "hist"]:
            bad.append(f"{c['node']}: {a}: not `{tool} hist`")
        for seq in want_args:
            if not any(a[j:j + len(seq)] == seq for j in range(len(a))):
                bad.append(f"{c['node']}: {a} lacks {' '.join(seq)}")
        if "--json" not in a:
            bad.append(f"{c['node']}: {a}: no --json")
    return problems(f"slurm ({what}): rtlens {tool} hist once per node, with its options and --json", bad)


def check_merge(what, calls, reports, outdir):
    bad = []
    merges = [(i, c) for i, c in enumerate(calls) if c["argv"][:1] == ["merge"]]
    if len(merges) != 1:
        return problems(f"slurm ({what}): rtlens merge once, on the batch host, with the reports", [
            f"{len(merges)} merge calls: {[c['argv'] for _, c in merges]}"])
    i, c = merges[0]
    a = c["argv"][1:]
    if c["node"]:
        bad.append(f"merge ran inside srun, on {c['node']}")
    if any(j > i for j, d in enumerate(calls) if d["argv"][:1] != ["merge"]):
        bad.append("merge ran before every node had finished")
    opts = {}
    inputs = []
    k = 0
    while k < len(a):
        if a[k] in ("--json", "--plot") and k + 1 < len(a):
            opts[a[k]] = a[k + 1]
            k += 2
        else:
            inputs.append(a[k])
            k += 1
    if sorted(os.path.realpath(p) for p in inputs) != sorted(os.path.realpath(p) for p in reports):
        bad.append(f"merged {inputs}, want {reports}")
    for opt, leaf in (("--json", "merge.json"), ("--plot", "merge.svg")):
        if os.path.realpath(opts.get(opt, "")) != os.path.realpath(os.path.join(outdir, leaf)):
            bad.append(f"{opt} {opts.get(opt)}, want {os.path.join(outdir, leaf)}")
        elif not os.path.exists(opts[opt]):
            bad.append(f"{opts[opt]} was not written")
    return problems(f"slurm ({what}): rtlens merge once, on the batch host, with the reports", bad)


def check_reports(what, outdir, nodes):
    """OUTDIR holds exactly the nodes' whole reports, each the node's own"""
    bad = []
    found = sorted(os.path.relpath(p, outdir) for p in glob.glob(os.path.join(outdir, "**", "*"), recursive=True)
                   if os.path.isfile(p) and "merge" not in os.path.basename(p))
    reports = []
    for n in nodes:
        cands = [p for p in glob.glob(os.path.join(outdir, "**", n + ".json"), recursive=True)]
        if len(cands) != 1:
            bad.append(f"{n}: reports {cands}")
            continue
        try:
            rep = json.load(open(cands[0]))
            if rep.get("host") != n:
                bad.append(f"{cands[0]} holds {rep}, not {n}'s report")
        except ValueError as e:
            bad.append(f"{cands[0]}: {e}")
        reports.append(cands[0])
    extra = [f for f in found if os.path.splitext(os.path.basename(f))[0] not in nodes]
    if extra:
        bad.append(f"other files in OUTDIR: {extra}")
    problems(f"slurm ({what}): OUTDIR holds the whole report of each of {' '.join(nodes) or 'no node'}", bad)
    return reports


def check_slurm():
    r = subprocess.run(["bash", "-n", SBATCH], capture_output=True, text=True)
    if not result(r.returncode == 0, "slurm: bash -n sample/slurm/rtlens-fleet.sbatch", [r.stderr]):
        return
    text = open(SBATCH).read()
    head = text.split("\nset ", 1)[0]
    result(re.search(r"^#SBATCH --nodes=", head, re.M) and re.search(r"^#SBATCH --exclusive", head, re.M)
           and re.search(r"^#SBATCH --time=", head, re.M),
           "slurm: #SBATCH header with --nodes, --exclusive and --time")
    m = re.search(r"^#SBATCH --time=(\d+):(\d+):(\d+)$", head, re.M)
    d = re.search(r"^DURATION=\$\{DURATION:-(\d+)([smhd]?)\}$", text, re.M)
    mult = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}
    result(m and d and int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3]) >=
           int(d[1]) * mult[d[2]] + 300,
           "slurm: the #SBATCH --time covers the default DURATION and 5 minutes",
           [m and m[0], d and d[0]])
    if shutil.which("shellcheck"):
        r = subprocess.run(["shellcheck", SBATCH], capture_output=True, text=True)
        result(r.returncode == 0, "slurm: shellcheck", [r.stdout])
    else:
        print("# skip - slurm: shellcheck: not installed")

    with tempfile.TemporaryDirectory() as tmp:
        # every node measures, through sudo; the merge gets all of them
        nodes = ["rt01", "rt02", "rt03"]
        r, calls, sudo, srun, outdir = run_sbatch(
            tmp, "all", nodes, {"DURATION": "5m", "CPUS": "2-5", "RTLENS_ARGS": "--aa  -b 5"}, unset=("SUDO",))
        result(r.returncode == 0, "slurm (3 nodes): exit status 0", [r.returncode, r.stdout, r.stderr])
        result(len(srun) == 1, "slurm (3 nodes): one srun", srun)
        check_node_calls("3 nodes", calls, nodes, "osnoise", [["-d", "5m"], ["-c", "2-5"], ["--aa"], ["-b", "5"]], outdir)
        result(sorted(s.split()[0] for s in sudo) == nodes and all(" rtlens osnoise hist " in s for s in sudo),
               "slurm (3 nodes): root through sudo on each node (SUDO's default), not for the merge", sudo)
        reports = check_reports("3 nodes", outdir, nodes)
        check_merge("3 nodes", calls, reports, outdir)
        result("MERGED TABLE rt01 rt02 rt03" in r.stdout, "slurm (3 nodes): prints the merged table",
               [r.stdout])

        # a node that fails leaves no report: the others are merged, the job fails
        r, calls, sudo, srun, outdir = run_sbatch(
            tmp, "fail", nodes, {"SUDO": "", "TOOL": "timerlat", "CPUS": "1"}, fail="rt02")
        result(r.returncode == 1, "slurm (a node fails): exit status 1", [r.returncode, r.stdout, r.stderr])
        result(not sudo, "slurm (SUDO=): rtlens run directly", sudo)
        check_node_calls("a node fails", calls, nodes, "timerlat", [["-c", "1"], ["-d", "10m"]], outdir)
        reports = check_reports("a node fails", outdir, ["rt01", "rt03"])
        check_merge("a node fails", calls, reports, outdir)
        result("rt02" in r.stderr, "slurm (a node fails): names the node without a report", [r.stderr])

        # a stop threshold on one node: its report counts, the job says 2
        r, calls, sudo, srun, outdir = run_sbatch(tmp, "threshold", ["rt01", "rt02"], {"SUDO": ""},
                                                  threshold="rt02")
        result(r.returncode == 2, "slurm (a stop threshold): exit status 2", [r.returncode, r.stderr])
        result(all("-c" not in c["argv"] for c in calls), "slurm (CPUS unset): no -c",
               [c["argv"] for c in calls])
        reports = check_reports("a stop threshold", outdir, ["rt01", "rt02"])
        check_merge("a stop threshold", calls, reports, outdir)

        # outside a job: it submits itself, its time limit following DURATION
        r, calls, sudo, srun, _ = run_sbatch(tmp, "submit", nodes, {"DURATION": "1h"},
                                             unset=("SLURM_JOB_ID",), args=("--nodes=4",))
        result(r.returncode == 0 and not srun and not calls and r.sbatch is not None and
               r.sbatch[:2] == ["--time=65", "--nodes=4"] and r.sbatch[-1] == SBATCH,
               "slurm (outside a job, DURATION=1h): sbatch --time=65 with its arguments and itself",
               [r.returncode, r.sbatch, r.stdout, r.stderr])
        r, calls, sudo, srun, _ = run_sbatch(tmp, "submit-90s", nodes, {"DURATION": "90"},
                                             unset=("SLURM_JOB_ID",))
        result(r.returncode == 0 and r.sbatch is not None and r.sbatch[:1] == ["--time=7"],
               "slurm (outside a job, DURATION=90): sbatch --time=7", [r.returncode, r.sbatch, r.stderr])

        # in a job with less time left than DURATION: refused before measuring
        r, calls, sudo, srun, _ = run_sbatch(tmp, "short", nodes, {"DURATION": "1h", "FAKE_TIME_LEFT": "19:30"})
        result(r.returncode == 1 and not srun and not calls and "sbatch --time=65" in r.stderr,
               "slurm (19:30 left, DURATION=1h): refused, nothing run, the --time to give named",
               [r.returncode, r.stderr])
        r, calls, sudo, srun, _ = run_sbatch(tmp, "longer", nodes, {"DURATION": "1h", "SUDO": "",
                                                                   "FAKE_TIME_LEFT": "1-01:00:00"})
        result(r.returncode == 0 and len(srun) == 1, "slurm (a day left, DURATION=1h): measures",
               [r.returncode, r.stderr])
        r, calls, sudo, srun, _ = run_sbatch(tmp, "badduration", nodes, {"DURATION": "1w"})
        result(r.returncode == 1 and not srun and not calls and "DURATION" in r.stderr,
               "slurm (DURATION=1w): refused, nothing run", [r.returncode, r.stderr])

        # refused before measuring: a tool rtlens merge does not take, an OUTDIR in use
        r, calls, sudo, srun, _ = run_sbatch(tmp, "badtool", nodes, {"TOOL": "hwnoise"})
        result(r.returncode == 1 and not srun and not calls, "slurm (TOOL=hwnoise): refused, nothing run",
               [r.returncode, r.stderr, srun])
        used = os.path.join(tmp, "used")
        os.makedirs(os.path.join(used, "nodes"))
        open(os.path.join(used, "nodes", "rt02.json"), "w").write("{}")
        r, calls, sudo, srun, _ = run_sbatch(tmp, "reuse", nodes, {"OUTDIR": used})
        result(r.returncode == 1 and not srun and not calls and
               open(os.path.join(used, "nodes", "rt02.json")).read() == "{}",
               "slurm (OUTDIR with reports): refused, nothing run or overwritten", [r.returncode, r.stderr])


# ------------------------------------------------------------------- README

def check_readme():
    text = open(os.path.join(ROOT, "README.md")).read()
    files = ["sample/kubernetes/rtlens-daemonset.yaml", "sample/kubernetes/Containerfile",
             "sample/slurm/rtlens-fleet.sbatch", "sample/grafana/rtlens-dashboard.json"]
    problems("README.md names the fleet samples",
             [f"{f} not in README.md" for f in files if f not in text] +
             [f"{f} does not exist" for f in files if not os.path.exists(os.path.join(ROOT, f))])


def main():
    docs = load_yaml_docs()
    port = check_daemonset(docs)
    check_scrape_config(docs)
    check_containerfile(port)
    check_dashboard()
    check_slurm()
    check_readme()
    print(f"# samples: {passed} checks passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
