# SPDX-License-Identifier: GPL-2.0
#
# The fleet features on the real tracers: --listen serves /metrics while
# osnoise top and timerlat top measure (scraped here by busybox wget; the
# host checks them with promtool: host/55-fleet.sh); the hist modes draw
# their histograms with --plot (checked on the host against their reports).

ip link set lo up 2>/dev/null

# listen_run NAME PORT CMD...: CMD in the background; scrape its endpoint
# twice, 2 s apart, into NAME-1.txt and NAME-2.txt, and the OpenMetrics
# form into NAME.om; then wait for its end
listen_run()
{
	local name=$1 port=$2 pid n=0

	shift 2
	"$@" --listen "127.0.0.1:$port" > "$name.out" 2> "$name.err" &
	pid=$!
	while ! grep -q 'serving the metrics at' "$name.err" && [ $n -lt 200 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	check_grep "$name: serving at the address given" \
		"serving the metrics at http://127.0.0.1:$port/metrics" "$name.err"
	sleep 3
	wget -q -O "$name-1.txt" "http://127.0.0.1:$port/metrics"
	check_exit "$name: /metrics answers while it measures" 0 $?
	sleep 2
	wget -q -O "$name-2.txt" "http://127.0.0.1:$port/metrics"
	wget -q -O "$name.om" --header 'Accept: application/openmetrics-text; version=1.0.0' \
		"http://127.0.0.1:$port/metrics"
	wait $pid
	check_exit "$name: exits 0 at the end of -d" 0 $?
	emit_file "$name-1.txt"
	emit_file "$name-2.txt"
	emit_file "$name.om"
	emit_file "$name.out"
}

listen_run osnoise-top 9473 rtlens osnoise top -c 1-2 -d 9 -q --aa
check_grep "osnoise top's table after the run" 'Operating System Noise' osnoise-top.out
listen_run timerlat-top 9474 rtlens timerlat top -c 1-2 -d 9 -q

# The exporter's unit (debian/rtlens.rtlens-exporter.service) runs rtlens as
# root with only the capabilities of its CapabilityBoundingSet: its command
# with those alone (setpriv's bounding set) measures, serves and restores
unit=/vm/rtlens-exporter.service
caps=$(sed -n 's/^CapabilityBoundingSet=//p' $unit 2>/dev/null)
setpriv=/usr/bin/setpriv	# util-linux's: busybox's /bin/setpriv has no --bounding-set
if [ -z "$caps" ] || [ ! -x $setpriv ]; then
	not_ok "the exporter's capabilities: $unit and util-linux's setpriv in the guest" "caps '$caps'"
else
	set=$(for c in $caps; do printf ',+%s' "${c#CAP_}"; done | tr 'A-Z' 'a-z')
	snapshot_tracefs unit-before.snap
	listen_run unit-caps 9475 $setpriv --bounding-set=-all$set --inh-caps=-all \
		rtlens timerlat top -c 1-2 -d 9 -q
	check_grep "the exporter's capabilities ($caps): latencies counted" \
		'^rtlens_timerlat_latency_seconds_count\{.*cpu="1",context="thread"\} [1-9]' unit-caps-2.txt
	check_restored "the exporter's capabilities: tracefs restored" unit-before.snap
	diag "with them: $(grep -h '^note: samples' unit-caps.out)"
fi

# --plot: the picture of the run's histograms, beside its report
rtlens osnoise hist -c 1-2 -d 4 -s 900000 --plot os-hist.svg --json os-hist.json > os-hist.txt 2>&1
check_exit "osnoise hist --plot exits 0" 0 $?
check_grep "osnoise hist says where the plot went" 'Plot saved to os-hist.svg' os-hist.txt
rtlens timerlat hist -c 1-2 -d 4 --plot tl-hist.svg --json tl-hist.json > tl-hist.txt 2>&1
check_exit "timerlat hist --plot exits 0" 0 $?
for f in os-hist.svg os-hist.json tl-hist.svg tl-hist.json; do
	emit_file "$f"
done

# merge: three runs of osnoise hist as three nodes, the second with a
# spinner taking 90% of CPU 2: merge names it, and projects the slowdown.
# -T 100: the 7.3 kernel takes 1 us for the noise threshold when
# tracing_thresh is 0 (6.1: 5 us), and under TCG writing an
# osnoise:sample_threshold event takes longer than that, so each event makes
# the next sample: on 7.3 every node showed 100% noise (the spinner's CPU as
# much as the others, the worst picked by luck), the analysis named
# "hardware", and the flood overflowed the buffer of the per-period
# summaries (a CPU without one is left out of the projection: 5 CPUs of 6).
# 100 us is far above a trace write and far below TCG's gaps (ms). Under
# TCG a CPU is available only when its vCPU runs (a share s of the time,
# smaller the busier the host): node b's CPU 2 keeps 10% of that, s / 10,
# against s for the others, whatever the host's load.
rtlens osnoise hist -c 1-2 -d 3 -T 100 --json node-a.json > node-a.txt 2>&1
check_exit "node a: osnoise hist exits 0" 0 $?
spin -c 2 -p 95 -n rtl_spinner -d 10 --duty 90 --period-ms 10 > spin.out 2>&1 &
spinner=$!
rtlens osnoise hist -c 1-2 -d 3 -T 100 --aa --json node-b.json > node-b.txt 2>&1
check_exit "node b (a spinner on CPU 2): osnoise hist exits 0" 0 $?
kill $spinner 2>/dev/null
wait $spinner
rtlens osnoise hist -c 1-2 -d 3 -T 100 --json node-c.json > node-c.txt 2>&1
check_exit "node c: osnoise hist exits 0" 0 $?
rtlens merge node-a.json node-b.json node-c.json --json merge.json --plot merge.svg > merge.txt 2>&1
check_exit "merge of the three exits 0" 0 $?
check_grep "merge names node b's CPU 2 the noisiest" '^Noisiest: node [^,]*#2, CPU 2:' merge.txt
check_grep "merge names the spinner node b's top source" 'rtl_spinner' merge.txt
check_grep "merge projects the slowdown up to all 6 CPUs" '^  all \(6\) ' merge.txt
for f in merge.txt merge.json merge.svg node-a.json node-b.json node-c.json; do
	emit_file "$f"
done
:
