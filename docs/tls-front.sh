#!/usr/bin/env bash
# README's "TLS belongs in front of kiln-server" example, run for real: nginx terminates TLS
# with a throwaway self-signed certificate and proxies to a kiln-server on loopback that
# trusts it (TRUSTED_PROXIES). Then, over HTTPS only, it signs a user up, streams a chat
# completion (the echo model), checks that the events arrive as events, and that /metrics is
# refused at the proxy. Prints one line per check and exits 1 at the first that fails.
#
#   docs/tls-front.sh
#
# Needs nginx (Debian's nginx-light; installed with apt-get when missing and this runs as
# root), openssl and curl. Uses the debug kiln-server of `swift build` unless
# KILN_BUILD=release, or the one in KILN_BIN (a folder) when set. Nothing is written outside a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nginx >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
  else
    echo "nginx is missing: sudo apt-get install nginx-light" >&2
    exit 2
  fi
fi

if [ -n "${KILN_BIN:-}" ]; then
  bin="$KILN_BIN"
else
  configuration="${KILN_BUILD:-debug}"
  swift build -c "$configuration" --product kiln-server >/dev/null
  bin="$(swift build -c "$configuration" --show-bin-path)"
fi

work="$(mktemp -d)"
server_pid=""
nginx_started=0
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  [ "$nginx_started" = 1 ] && nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

check() {
  if [ "$2" = ok ]; then echo "ok    $1"; else echo "FAIL  $1: $2" >&2; exit 1; fi
}

# A certificate for localhost, valid for a day.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 \
  -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null

# kiln-server on loopback, believing X-Forwarded-For only from the local proxy.
TRUSTED_PROXIES=127.0.0.1/32 "$bin/kiln-server" serve --port 0 --data-dir "$work/data" \
  >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
for _ in $(seq 1 200); do
  upstream="$(sed -n 's/^kiln-server serve listening on \(http:[^ ]*\).*/\1/p' "$work/server.out" | head -1)"
  [ -n "$upstream" ] && break
  sleep 0.05
done
[ -n "${upstream:-}" ] || { echo "kiln-server did not start" >&2; cat "$work/server.err" >&2; exit 1; }
anon_key="$("$bin/kiln-server" keys --json --data-dir "$work/data" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["anon_key"])')"

# nginx as README shows it, on a free port.
port="$(free_port)"
mkdir -p "$work/nginx/logs"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events {}
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  server {
    listen 127.0.0.1:$port ssl;
    server_name localhost;
    ssl_certificate     $work/cert.pem;
    ssl_certificate_key $work/key.pem;
    location = /metrics { return 404; }
    location / {
      proxy_pass $upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
EOF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"
nginx_started=1
base="https://localhost:$port"
tls=(--silent --show-error --cacert "$work/cert.pem" --max-time 20)

health="$(curl "${tls[@]}" "$base/health")"
case "$health" in *ok*) check "GET /health over TLS" ok ;; *) check "GET /health over TLS" "$health" ;; esac

curl "${tls[@]}" -o "$work/signup.json" -w '%{http_code}' -H "apikey: $anon_key" \
  -H 'Content-Type: application/json' \
  -d '{"email":"tls-check@example.com","password":"a long enough password"}' \
  "$base/auth/v1/signup" >"$work/signup.status"
[ "$(cat "$work/signup.status")" = 200 ] && check "sign-up over TLS" ok ||
  check "sign-up over TLS" "status $(cat "$work/signup.status")"
token="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["access_token"])' "$work/signup.json")"

curl "${tls[@]}" -N -D "$work/stream.head" -o "$work/stream.body" \
  -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"model":"openai/gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"through the proxy"}]}' \
  "$base/v1/chat/completions"
grep -qi '^content-type: text/event-stream' "$work/stream.head" && check "a streamed reply is an event stream" ok ||
  check "a streamed reply is an event stream" "$(head -1 "$work/stream.head")"
events="$(grep -c '^data: {' "$work/stream.body" || true)"
[ "$events" -ge 2 ] && check "$events chunks arrived as events" ok || check "chunks arrived as events" "$events"
tail -n 3 "$work/stream.body" | grep -q '^data: \[DONE\]' && check "the stream ends with [DONE]" ok ||
  check "the stream ends with [DONE]" "no [DONE]"

metrics="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' "$base/metrics")"
[ "$metrics" = 404 ] && check "/metrics refused at the proxy" ok || check "/metrics refused at the proxy" "status $metrics"
direct="$(curl --silent -o /dev/null -w '%{http_code}' -H 'X-Forwarded-For: 203.0.113.9' "$upstream/metrics")"
[ "$direct" = 403 ] && check "a forwarded remote client is refused /metrics by kiln-server" ok ||
  check "a forwarded remote client is refused /metrics by kiln-server" "status $direct"
echo "TLS in front of kiln-server: every check passed"
