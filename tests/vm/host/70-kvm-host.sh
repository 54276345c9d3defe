# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/70-kvm-host.sh.

. tests/vm/host/lib.sh
dir=$VM_OUT/70-kvm-host

validate_reports

expect_json "kvm.json: schema 1.8, vCPU threads seen" kvm.json \
	'd["schema_version"] == "2.1" and d["analysis"]["kvm_vcpu_threads"] >= 1'
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
