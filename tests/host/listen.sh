# SPDX-License-Identifier: GPL-2.0
#
# --listen and the progress line, sourced by tests/host/run.sh (its ok,
# not_ok, check, expect, $R, $WORK, $ROOT) after user-engine.sh (noise,
# EVIL): the endpoint of a real run of
# the user engine checked by promtool, scraped by a real Prometheus, held
# against hostile clients and a crowd of idle ones; the progress line on a
# terminal only.

PROBE="$ROOT/tests/host/metrics_probe.py"

# a free TCP port of the loopback
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

listen_option_tests() {
	local port

	expect "--listen without address" 1 "give the address and the port to listen on" -- \
		$R osnoise top --listen 9473
	expect "--listen port out of range" 1 "port must be a number from 0" -- \
		$R osnoise top --listen 127.0.0.1:70000
	expect "--listen host name" 1 "not a numeric IPv4 or IPv6 address" -- \
		$R osnoise top --listen example.org:9473
	expect "--listen with --input" 1 "--input: these options act on a live run and do not apply to a replay, .*: --listen\$" -- \
		$R osnoise top --input /nonexistent.dat --listen 127.0.0.1:9473
	port=$(free_port)
	python3 -c "import socket, time; s = socket.socket(); s.bind(('127.0.0.1', $port)); s.listen(); time.sleep(20)" &
	local holder=$!
	sleep 0.5
	expect "--listen on a taken port: refused, nothing changed" 1 \
		"cannot listen on 127.0.0.1:$port: Address already in use" -- \
		$R osnoise top --engine user -c 0 -d 1 --listen "127.0.0.1:$port"
	kill $holder 2>/dev/null
	wait $holder 2>/dev/null
}

# start_listening NAME ARGS...: rtlens in the background, $URL its endpoint
start_listening() {
	local name=$1

	shift
	"$@" > "$WORK/listen.out" 2> "$WORK/listen.err" &
	RUN_PID=$!
	URL=$(python3 "$PROBE" url "$WORK/listen.err") || {
		not_ok "$name: no endpoint"
		sed 's/^/#   /' "$WORK/listen.err"
		kill $RUN_PID 2>/dev/null
		wait $RUN_PID
		return 1
	}
}

# the seconds a run may end after its -d: the start and the teardown
# (AddressSanitizer's leak check, a busy machine)
END_MARGIN=6

# end_listening NAME [START_US SECONDS]: the run ends by itself, cleanly;
# and on time, SECONDS after START_US (${EPOCHREALTIME/./}), if given
end_listening() {
	wait $RUN_PID
	local rc=$? late=0

	[ $# -gt 1 ] && late=$(( (${EPOCHREALTIME/./} - $2) / 1000000 - $3 ))
	if [ $rc = 0 ] && [ $late -le $END_MARGIN ] &&
	   ! grep -qE 'Sanitizer|runtime error' "$WORK/listen.err"; then
		ok "$1: the run ends on time, exit 0"
		[ $# -gt 1 ] && echo "# ended ${late} s after its duration (-d $3)"
	else
		not_ok "$1: exit $rc, ${late} s after its duration"
		sed 's/^/#   /' "$WORK/listen.err" | head -30
	fi
}

# series_per_cpu FILE METRIC CPUS...: a sample of METRIC for each CPU
series_per_cpu() {
	local file=$1 metric=$2 cpu

	shift 2
	for cpu in "$@"; do
		grep -qE "^${metric}\{host=\"[^\"]+\",cpu=\"$cpu\"" "$file" || return 1
	done
}

promtool_ok() {
	if promtool check metrics < "$2" > "$WORK/promtool.out" 2>&1; then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   /' "$WORK/promtool.out" | head -20
	fi
}

# osnoise top --aa with a hostile spinner on CPU 1 (user-engine.sh's noise
# and EVIL: an ESC and a byte that is no UTF-8 in its name)
listen_osnoise_tests() {
	noise 20 10 30 50 "$EVIL"
	start_listening "osnoise top --listen" \
		$R osnoise top --engine user -q -c 1 -d 16 --aa --listen 127.0.0.1:0 || {
		noise_end
		return
	}
	sleep 2.5
	python3 "$PROBE" scrape "$URL" > "$WORK/metrics.txt" &&
	python3 "$PROBE" scrape "$URL" om > "$WORK/metrics.om"
	check "osnoise top --listen: both formats served" test -s "$WORK/metrics.txt" \
		-a -s "$WORK/metrics.om"
	promtool_ok "osnoise top --listen: promtool check metrics accepts it" "$WORK/metrics.txt"
	check "osnoise top --listen: per-CPU series of the CPU measured" \
		series_per_cpu "$WORK/metrics.txt" rtlens_osnoise_cpu_available_ratio 1
	check "osnoise top --listen: its noise histogram" \
		series_per_cpu "$WORK/metrics.txt" rtlens_osnoise_noise_duration_seconds_bucket 1
	check "osnoise top --listen: the analysis's top sources" \
		series_per_cpu "$WORK/metrics.txt" rtlens_noise_source_seconds_total 1
	check "osnoise top --listen: the hostile name a label, its bytes replaced" \
		grep -qF 'kind="thread",name="ev?[2Jil?"} ' "$WORK/metrics.txt"
	check "osnoise top --listen: nothing of CPUs not measured" \
		sh -c "! grep -q 'cpu=\"0\"' '$WORK/metrics.txt'"
	check "osnoise top --listen: OpenMetrics ends with # EOF" \
		sh -c "tail -n 1 '$WORK/metrics.om' | grep -qx '# EOF'"
	if python3 "$PROBE" hostile "$URL" > "$WORK/hostile.out" 2>&1; then
		ok "osnoise top --listen: bad requests answered, hostile clients do not block"
		sed "s/^/# /" "$WORK/hostile.out"
	else
		not_ok "osnoise top --listen: hostile clients"
		sed 's/^/#   /' "$WORK/hostile.out"
	fi
	end_listening "osnoise top --listen"
	noise_end
	check "osnoise top --listen: the endpoint is gone after the run" \
		sh -c "! python3 '$PROBE' scrape '$URL' 2>/dev/null"
}

# 500 idle clients, a third of them with half a request sent, while osnoise
# top measures: a scrape is served within 1 s, the run ends on time with
# its report whole, and the server's thread stays off the measured CPU
listen_crowd_tests() {
	local name="osnoise top --listen, 500 idle clients" d=12 start crowd

	start=${EPOCHREALTIME/./}
	start_listening "$name" $R osnoise top --engine user -q -c 1 -d $d \
		--json "$WORK/crowd.json" --listen 127.0.0.1:0 || return
	python3 "$PROBE" crowd "$URL" 500 > "$WORK/crowd.txt" 2> "$WORK/crowd.out" &
	crowd=$!
	sleep 3
	if python3 "$PROBE" threads $RUN_PID 1 > "$WORK/threads.out" 2>&1; then
		ok "$name: the server's thread runs on the main thread's CPUs, not the measured one"
	else
		not_ok "$name: the threads' CPUs"
		sed 's/^/#   /' "$WORK/threads.out"
	fi
	end_listening "$name" "$start" $d
	if wait $crowd; then
		ok "$name: a scrape served within 1 s, the clients closed at the end"
		sed 's/^/# /' "$WORK/crowd.out"
		promtool_ok "$name: promtool check metrics accepts the scrape" "$WORK/crowd.txt"
	else
		not_ok "$name: the scrape behind them"
		sed 's/^/#   /' "$WORK/crowd.out"
	fi
	check "$name: the endpoint is gone after the run" \
		sh -c "! python3 '$PROBE' scrape '$URL' 2>/dev/null"
	json_valid "$name: the run's JSON report is valid" "$WORK/crowd.json"
	json_check "$name: the report covers the whole run, CPU 1 measured" "$WORK/crowd.json" \
		"d['exit_status'] == 0 and d['stop']['reason'] == 'duration' and
		 d['duration_s'] >= $d - 0.5 and [c['cpu'] for c in d['cpus']] == [1] and
		 d['cpus'][0]['cycles'] > 0 and d['cpus'][0]['runtime_us'] > 0"
}

listen_timerlat_tests() {
	start_listening "timerlat top --listen" \
		$R timerlat top --engine user -q -c 1 -d 4 --listen 127.0.0.1:0 || return
	sleep 2.5
	python3 "$PROBE" scrape "$URL" > "$WORK/tl-metrics.txt"
	promtool_ok "timerlat top --listen: promtool check metrics accepts it" \
		"$WORK/tl-metrics.txt"
	check "timerlat top --listen: latency histogram of CPU 1's thread" \
		grep -qE '^rtlens_timerlat_latency_seconds_bucket\{host="[^"]+",cpu="1",context="thread",le="\+Inf"\} [1-9]' \
		"$WORK/tl-metrics.txt"
	end_listening "timerlat top --listen"
}

# A real Prometheus scrapes the endpoint; its query API gives the series back.
listen_prometheus_tests() {
	local prom_port prom_pid target

	if ! command -v prometheus > /dev/null; then
		not_ok "Prometheus scrapes --listen: prometheus is not installed (scripts/setup.sh test)"
		return
	fi
	start_listening "osnoise top --listen, scraped by Prometheus" \
		$R osnoise top --engine user -q -c 1 -d 40 --listen 127.0.0.1:0 || return
	target=${URL#http://}
	target=${target%/metrics}
	prom_port=$(free_port)
	mkdir -p "$WORK/prom"
	cat > "$WORK/prom/prometheus.yml" <<-EOF
	global:
	  scrape_interval: 1s
	scrape_configs:
	  - job_name: rtlens
	    static_configs:
	      - targets: ['$target']
	EOF
	prometheus --config.file="$WORK/prom/prometheus.yml" --storage.tsdb.path="$WORK/prom/data" \
		--web.listen-address="127.0.0.1:$prom_port" > "$WORK/prom/log" 2>&1 &
	prom_pid=$!
	if python3 "$PROBE" prom "http://127.0.0.1:$prom_port" \
		'rtlens_osnoise_cpu_available_ratio{job="rtlens"}' 1 > "$WORK/prom/answer" 2>&1 &&
	   grep -q '"cpu": "1"' "$WORK/prom/answer"; then
		ok "Prometheus scrapes --listen: per-CPU series queried back"
	else
		not_ok "Prometheus scrapes --listen"
		sed 's/^/#   /' "$WORK/prom/answer" "$WORK/prom/log" | tail -20
	fi
	if python3 "$PROBE" prom "http://127.0.0.1:$prom_port" \
		'histogram_quantile(0.99, rate(rtlens_osnoise_noise_duration_seconds_bucket[5s]))' 1 \
		> "$WORK/prom/quantile" 2>&1; then
		ok "Prometheus scrapes --listen: histogram_quantile over the noise histogram"
	else
		not_ok "Prometheus: histogram_quantile"
		sed 's/^/#   /' "$WORK/prom/quantile"
	fi
	kill $prom_pid
	wait $prom_pid 2>/dev/null
	kill -INT $RUN_PID
	end_listening "osnoise top --listen, stopped by Ctrl-C"
}

# The progress line: on a terminal only, wiped before the report.
progress_tests() {
	script -qec "$R osnoise hist --engine user -c 1 -d 3 2>&1" /dev/null > "$WORK/tty.out"
	check "progress line on a terminal" \
		grep -qaE $'\r''rtlens osnoise hist: +0 00:00:0[0-9] of +0 00:00:03, [0-9]+ noise samples?, max [0-9]+ us' \
		"$WORK/tty.out"
	check "progress line wiped before the histogram" \
		grep -qaE $'\r\033\\[K# rtlens osnoise histogram' "$WORK/tty.out"
	$R osnoise hist --engine user -c 1 -d 2 > /dev/null 2> "$WORK/notty.err"
	check "no progress line when stderr is not a terminal" \
		sh -c "! grep -q 'noise sample' '$WORK/notty.err'"
}

listen_tests() {
	listen_option_tests
	listen_osnoise_tests
	listen_crowd_tests
	listen_timerlat_tests
	listen_prometheus_tests
	progress_tests
}
