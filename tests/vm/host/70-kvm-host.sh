# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/70-kvm-host.sh.

. tests/vm/host/lib.sh
dir=$VM_OUT/70-kvm-host

validate_reports

expect_json "kvm.json: schema 1.8, vCPU threads seen" kvm.json \
	'd["schema_version"] == "2.5" and d["analysis"]["kvm_vcpu_threads"] >= 1'
expect_json "kvm.json: the vCPU thread is a source of cpu 1, with its vCPU id" kvm.json \
	'any(s["kind"] == "thread" and s["name"] == "CPU 0/KVM" and s["vcpu"] == 0 for s in d["analysis"]["cpus"][0]["sources"][:4])'
expect_json "kvm.json: cpu 1's exits add up by reason" kvm.json \
	'(lambda x: x["total"] > 0 and sum(r["count"] for r in x["by_reason"]) == x["total"] and {"io", "cpuid"} <= {r["reason"] for r in x["by_reason"]})(d["analysis"]["cpus"][0]["kvm_exits"])'
expect_json "kvm.json: the worst samples hold exits" kvm.json \
	'any(s["kvm_exits"]["total"] > 0 for s in d["analysis"]["worst_samples"])'
expect_json "burst.json: the threshold sample is the vCPU's, with exits" burst.json \
	'd["exit_status"] == 2 and any(c.get("vcpu") == 0 for c in d["analysis"]["threshold_sample"]["causes"]) and d["analysis"]["threshold_sample"]["kvm_exits"]["total"] > 0'
expect_json "user.json: the user engine names the vCPU thread and counts its exits" user.json \
	'd["engine"] == "user" and any(s["name"] == "CPU 0/KVM" and s["vcpu"] == 0 for s in d["analysis"]["cpus"][0]["sources"][:4]) and d["analysis"]["cpus"][0]["kvm_exits"]["total"] > 0'
expect_json "kvm-replay.json: the replay has the live run's sources, vCPUs and exits" kvm-replay.json \
	'd["analysis"] == json.load(open(sys.argv[1].replace("kvm-replay.json", "kvm.json")))["analysis"] and d["cpus"] == json.load(open(sys.argv[1].replace("kvm-replay.json", "kvm.json")))["cpus"]'

# the vCPU threads (2.1): cpuid exits light and short, io heavy and longer
vcpu_of='(lambda t: t[0] if len(t) == 1 and t[0]["comm"] == "CPU 0/KVM" and t[0]["vcpu_id"] == 0 and t[0]["host_cpus"] == "1" else None)(d["vcpu_threads"])'
reason_of='(lambda v, r: [x for x in v["exit_reasons"] if x["reason"] == r][0])'
exits_ok="(lambda v: v is not None and $reason_of(v, \"cpuid\")[\"count\"] > 0 and $reason_of(v, \"cpuid\")[\"heavy\"] == 0 and $reason_of(v, \"io\")[\"count\"] > 0 and $reason_of(v, \"io\")[\"heavy\"] == $reason_of(v, \"io\")[\"count\"] and $reason_of(v, \"io\")[\"avg_us\"] > $reason_of(v, \"cpuid\")[\"avg_us\"])($vcpu_of)"
expect_json "kvm.json: one vCPU thread on cpu 1, the one of CPU 0/KVM, vCPU 0" kvm.json \
	"$vcpu_of is not None"
expect_json "kvm.json: its cpuid exits are light, its io exits heavy and longer on average" kvm.json \
	"$exits_ok"
expect_json "kvm.json: its time adds up, its exits by reason add up" kvm.json \
	"(lambda v: abs(v[\"guest_us\"] + v[\"host_kernel_us\"] + v[\"vmm_us\"] + v[\"preempted_us\"] + v[\"sleeping_us\"] + v[\"unknown_us\"] - v[\"followed_us\"]) <= 1 + v[\"followed_us\"] / 1e6 and sum(r[\"count\"] for r in v[\"exit_reasons\"]) == v[\"exits\"] and v[\"guest_pct\"] > 0)($vcpu_of)"
expect_json "kvm-replay.json: the replay has the live run's vCPU threads" kvm-replay.json \
	'd["vcpu_threads"] == json.load(open(sys.argv[1].replace("kvm-replay.json", "kvm.json")))["vcpu_threads"]'
expect_json "user.json: the user engine's vCPU thread: cpuid light, io heavy and longer" user.json \
	"$exits_ok"
expect_json "kvm12.json: both vCPU threads, each on its cpu, by QEMU's index" kvm12.json \
	'[(v["comm"], v["vcpu_id"], v["host_cpus"]) for v in d["vcpu_threads"]] == [("CPU 0/KVM", 0, "1"), ("CPU 1/KVM", 0, "2")] and all(v["out_of_order"] == 0 for v in d["vcpu_threads"])'
expect_json "kvm12-replay.json: the replay of cpus 1-2 has the live run's vCPU threads" kvm12-replay.json \
	'd["vcpu_threads"] == json.load(open(sys.argv[1].replace("kvm12-replay.json", "kvm12.json")))["vcpu_threads"]'
